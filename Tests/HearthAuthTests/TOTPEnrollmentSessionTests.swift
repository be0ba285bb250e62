import HearthAuth
import HearthCore
import Testing

/// The stateless TOTP enrollment session: it round-trips and belongs to one project or tenant.
@Suite struct TOTPEnrollmentSessionTests {
    static let scope = try! AuthScope(project: "demo-p")

    @Test func enrollmentSessionsRoundTripAndStayInTheirProject() throws {
        let session = TOTPEnrollmentSession(localID: "u1", secret: [1, 2, 3, 4, 5], finalizeBy: 1_700_000_000_000, scope: Self.scope)
        #expect(try TOTPEnrollmentSession(parsing: session.encoded, in: Self.scope) == session)
        #expect(session.finalizeEnrollmentTime == "2023-11-14T22:13:20.000Z")
        let tenant = try AuthScope(project: "demo-p", tenant: "t-1")
        for (text, scope) in [(session.encoded, tenant), ("garbage", Self.scope), (Base64Codec.encode(Array(#"{"localId":"u1"}"#.utf8)), Self.scope)] {
            #expect(throws: AuthError.self) { try TOTPEnrollmentSession(parsing: text, in: scope) }
        }
    }
}
