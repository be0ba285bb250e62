import HearthAuth
import HearthJSON
import Logging
import Testing

@testable import HearthServer

/// The TOTP second factor's time windows on a clock the test moves: a code is accepted one
/// 30 s step either side and not two, and an enrolment not finished by
/// `finalizeEnrollmentTime` is refused (`SESSION_EXPIRED`).
@Suite struct AuthServiceTOTPTests {
    let clock = ManualWallClock(milliseconds: 1_700_000_000_000)
    let service: AuthService
    let call: AuthCall

    init() throws {
        let clock = self.clock
        self.service = AuthService(store: AccountStore(now: { clock.milliseconds }), logger: Logger(label: "test"))
        self.call = AuthCall(scope: try AuthScope(project: "demo-p"), isAdmin: false, baseURL: "http://127.0.0.1:9099")
    }

    /// A verified e-mail/password user's ID token.
    func verifiedUser() async throws -> String {
        let body = JSONObject([.init(key: "email", value: "t@example.com"), .init(key: "password", value: "secret1")])
        let created = try await self.service.signUp(SignUpRequest(RecordFields(body)), self.call)
        let localID = try #require(created["localId"]?.stringValue)
        _ = try self.service.store.write(self.call.scope) { (transaction: inout AccountTransaction) throws(AuthError) in
            try transaction.update(localID) { user in user.emailVerified = true }
        }
        return try #require(created["idToken"]?.stringValue)
    }

    /// `totpSessionInfo`'s secret and session.
    func start(_ idToken: String) throws -> (secret: [UInt8], session: String) {
        let info = try #require(try self.service.startTOTPEnrollment(idToken: idToken, self.call)["totpSessionInfo"]?.objectValue)
        let secret = try #require(info["sharedSecretKey"]?.stringValue.flatMap(Base32.decode))
        return (secret, try #require(info["sessionInfo"]?.stringValue))
    }

    func finalize(_ idToken: String, session: String, code: String) async throws(AuthError) -> JSONObject {
        let info = JSONObject([.init(key: "sessionInfo", value: .string(session)), .init(key: "verificationCode", value: .string(code))])
        return try await self.service.finalizeTOTPEnrollment(idToken: idToken, verification: info, displayName: nil, self.call)
    }

    var seconds: Int64 { self.clock.milliseconds / 1000 }

    @Test func aCodeIsGoodForOneStepEitherSideOnly() async throws {
        let idToken = try await self.verifiedUser()
        let (secret, session) = try self.start(idToken)
        let twoStepsAgo = TOTP.code(secret: secret, unixSeconds: self.seconds - 60)
        let oneStepAgo = TOTP.code(secret: secret, unixSeconds: self.seconds - 30)
        // Two steps' codes coincide once in a million secrets; then the refusal cannot be told apart.
        if twoStepsAgo != oneStepAgo, twoStepsAgo != TOTP.code(secret: secret, unixSeconds: self.seconds) {
            await #expect(throws: AuthError("INVALID_CODE")) { try await self.finalize(idToken, session: session, code: twoStepsAgo) }
        }
        let enrolled = try await self.finalize(idToken, session: session, code: oneStepAgo)
        #expect(enrolled["idToken"] != nil && enrolled["totpAuthInfo"] == .object(JSONObject()))
    }

    @Test func anEnrolmentMustFinishBeforeItsDeadline() async throws {
        let idToken = try await self.verifiedUser()
        let (secret, session) = try self.start(idToken)
        self.clock.advance(milliseconds: TOTPEnrollmentSession.lifetimeMilliseconds + 1)
        let code = TOTP.code(secret: secret, unixSeconds: self.seconds)
        await #expect(throws: AuthError("SESSION_EXPIRED : ((The TOTP enrollment session has expired; call mfaEnrollment:start again.))")) {
            try await self.finalize(idToken, session: session, code: code)
        }
        let (freshSecret, freshSession) = try self.start(idToken)
        _ = try await self.finalize(idToken, session: freshSession, code: TOTP.code(secret: freshSecret, unixSeconds: self.seconds))
    }
}
