import HearthAuth
import HearthJSON
import Testing

/// Accounts as `UserInfo` JSON: what lookups answer, exports hold and the data file stores.
@Suite struct AuthUserRecordTests {
    /// An account as the emulator suite exports it (`auth_export/accounts.json`).
    static let emulatorExport = #"""
        {"localId":"Xv7Y2","createdAt":"1700000000000","lastLoginAt":"1700000100000","displayName":"Ann",
         "passwordHash":"fakeHash:salt=fakeSaltAbc:password=secret1","salt":"fakeSaltAbc","passwordUpdatedAt":1700000000000,
         "providerUserInfo":[{"providerId":"password","email":"ann@x.com","federatedId":"ann@x.com","rawId":"ann@x.com","displayName":"Ann"}],
         "validSince":"1700000000","email":"ann@x.com","emailVerified":false,"disabled":false,
         "lastRefreshAt":"2023-11-14T22:15:00.000Z","mfaInfo":[{"phoneInfo":"+1555","mfaEnrollmentId":"e1"}]}
        """#

    @Test func readsAnEmulatorSuiteExport() throws {
        let user = try AuthUser(record: #require(try JSONParser.parse(Self.emulatorExport).objectValue))
        #expect(user.localID == "Xv7Y2")
        #expect(user.createdAt == 1_700_000_000_000 && user.lastLoginAt == 1_700_000_100_000)
        #expect(user.validSince == 1_700_000_000)
        #expect(PasswordHash.matches("secret1", user: user))
        #expect(!PasswordHash.matches("secret2", user: user))
        #expect(user.lastRefreshAt == 1_700_000_100_000)
        #expect(user.extra["mfaInfo"] != nil, "unmodelled members are kept")
    }

    @Test func writesWhatItReads() throws {
        let user = try AuthUser(record: #require(try JSONParser.parse(Self.emulatorExport).objectValue))
        let again = try AuthUser(record: user.record)
        #expect(again == user)
        #expect(user.record["lastRefreshAt"] == .string("2023-11-14T22:15:00.000Z"))
        #expect(user.record["createdAt"] == .string("1700000000000"), "int64 timestamps are strings, as identitytoolkit writes them")
    }

    @Test(arguments: [
        (#"{"email":"a@x.com"}"#, "MISSING_LOCAL_ID"),
        (#"{"localId":"u","email":5}"#, "Invalid value at 'email' (TYPE_STRING), 5"),
        (#"{"localId":"u","createdAt":"soon"}"#, "Invalid value at 'createdAt' (TYPE_INT64), \"soon\""),
        (#"{"localId":"u","providerUserInfo":[{"email":"x"}]}"#, "federatedId or (providerId & rawId) is required"),
    ])
    func refusesMalformedRecords(_ text: String, _ message: String) throws {
        let object = try #require(try JSONParser.parse(text).objectValue)
        #expect { try AuthUser(record: object) } throws: { ($0 as? AuthError)?.message == message }
    }

    @Test func passwordsAreFakeHashedAsTheEmulatorDoes() {
        #expect(PasswordHash.hash("pw", salt: "fakeSaltX") == "fakeHash:salt=fakeSaltX:password=pw")
        #expect(PasswordHash.newSalt().hasPrefix("fakeSalt") && PasswordHash.newSalt().count == 28)
    }

    @Test func errorCodesAreTheMessagesPrefix() {
        #expect(AuthError.weakPassword.code == "WEAK_PASSWORD")
        #expect(AuthError.weakPassword.message == "WEAK_PASSWORD : Password should be at least 6 characters")
        #expect(AuthError.emailExists.code == "EMAIL_EXISTS" && AuthError.emailExists.status == 400)
    }
}
