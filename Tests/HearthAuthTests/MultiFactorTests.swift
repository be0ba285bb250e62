import HearthAuth
import HearthCore
import HearthJSON
import Testing

/// Phone and TOTP second factors as Hearth keeps and shows them, and the pending credentials.
@Suite struct MultiFactorTests {
    static let scope = try! AuthScope(project: "demo-p")

    @Test(arguments: [
        ("+15555550100", "+*******0100"),
        ("+1 (555) 555-0100", "+* (***) ***-0100"),
        ("+123", "+123"),
        ("", ""),
    ])
    func masksAllButTheLastFourDigits(number: String, masked: String) {
        #expect(MFAEnrollment.obfuscated(number) == masked)
    }

    @Test func enrollmentsLiveInMfaInfoAndKeepWhatHearthCannotUse() throws {
        var user = AuthUser(localID: "u1", createdAt: 0)
        let totp = JSONValue.object(JSONObject([.init(key: "totpInfo", value: .object(JSONObject()))]))
        user.extra.setMember("mfaInfo", .array([totp]))
        #expect(user.mfaEnrollments.isEmpty)
        user.mfaEnrollments = [MFAEnrollment(id: "e1", phoneNumber: "+15555550100", displayName: "work", enrolledAtMilliseconds: 1_700_000_000_000)]
        let stored = try #require(user.extra["mfaInfo"]?.arrayValue)
        #expect(stored.count == 2, "the TOTP entry stays")
        let entry = try #require(stored.first?.objectValue)
        #expect(entry["unobfuscatedPhoneInfo"] == .string("+15555550100"))
        #expect(entry["phoneInfo"] == .string("+15555550100"))
        #expect(entry["enrolledAt"] == .string("2023-11-14T22:13:20.000Z"))
        #expect(user.mfaEnrollments.map(\.id) == ["e1"])
        #expect(user.mfaEnrollments[0].redacted["phoneInfo"] == .string("+*******0100"))
        #expect(user.mfaEnrollments[0].redacted["unobfuscatedPhoneInfo"] == nil)
        user.mfaEnrollments = []
        #expect(user.extra["mfaInfo"]?.arrayValue?.count == 1)
    }

    @Test func anEmulatorSuiteEntryReads() throws {
        let record = try #require(try JSONParser.parse(Array(#"{"mfaEnrollmentId":"e9","phoneInfo":"+15555550199","displayName":"x","enrolledAt":"2024-01-01T00:00:00.000Z"}"#.utf8)).objectValue)
        let enrollment = try #require(MFAEnrollment(record: record))
        #expect(enrollment.phoneNumber == "+15555550199" && enrollment.enrolledAt == "2024-01-01T00:00:00.000Z")
    }

    @Test func pendingCredentialsRoundTripAndStayInTheirProject() throws {
        let credential = MFAPendingCredential(localID: "u1", signInProvider: "password", scope: Self.scope)
        let decoded = try #require(Base64Codec.decode(credential.encoded))
        let object = try #require(try JSONParser.parse(decoded).objectValue)
        #expect(object["_AuthEmulatorMfaPendingCredential"] == .string("DO NOT MODIFY"))
        #expect(try MFAPendingCredential(parsing: credential.encoded, in: Self.scope) == credential)
        let other = try AuthScope(project: "demo-other")
        #expect(throws: AuthError("INVALID_PROJECT_ID : Project ID does not match MFA pending credential.")) {
            try MFAPendingCredential(parsing: credential.encoded, in: other)
        }
        let tenant = try AuthScope(project: "demo-p", tenant: "t-1")
        #expect(throws: AuthError("INVALID_PROJECT_ID : Project ID does not match MFA pending credential.")) {
            try MFAPendingCredential(parsing: credential.encoded, in: tenant)
        }
        for garbage in ["", "not base64!", Base64Codec.encode(Array(#"{"localId":"u1"}"#.utf8))] {
            #expect(throws: AuthError("((Invalid phoneVerificationInfo.mfaPendingCredential.))")) {
                try MFAPendingCredential(parsing: garbage, in: Self.scope)
            }
        }
    }

    @Test func aTOTPFactorKeepsItsSecretInStoreButNotInWhatAPendingSignInShows() throws {
        var user = AuthUser(localID: "u1", createdAt: 0)
        let secret = Array("12345678901234567890".utf8)
        user.mfaEnrollments = [MFAEnrollment(id: "t1", factor: .totp(secret: secret), displayName: "app", enrolledAtMilliseconds: 0)]
        let stored = try #require(user.extra["mfaInfo"]?.arrayValue?.first?.objectValue)
        #expect(stored["totpInfo"]?.objectValue?["sharedSecretKey"] == .string(Base32.encode(secret)))
        #expect(stored["phoneInfo"] == nil)
        let reread = try AuthUser(record: user.record)
        #expect(reread.mfaEnrollments == user.mfaEnrollments, "a stored or exported record reads back with its secret")
        #expect(reread.mfaEnrollments.first?.provider == "totp")
        let redacted = reread.mfaEnrollments[0].redacted
        #expect(redacted["totpInfo"] == .object(JSONObject()))
        #expect(redacted["mfaEnrollmentId"] == .string("t1"))
        // A production export's TOTP entry has no secret: kept, not usable.
        let secretless = JSONValue.object(JSONObject([
            .init(key: "mfaEnrollmentId", value: .string("t2")), .init(key: "totpInfo", value: .object(JSONObject())),
        ]))
        var other = AuthUser(localID: "u2", createdAt: 0)
        other.extra.setMember("mfaInfo", .array([secretless]))
        #expect(other.mfaEnrollments.isEmpty)
    }
}
