public import HearthJSON

/// One phone second factor of an account: an entry of identitytoolkit's `mfaInfo`, as the
/// emulator stores it (`{displayName?, enrolledAt, mfaEnrollmentId, phoneInfo,
/// unobfuscatedPhoneInfo}`) and as exports and imports carry it.
///
/// Kept inside ``AuthUser/extra`` (`mfaInfo`) rather than as a modelled field, so accounts
/// written before Hearth served MFA, and emulator-suite exports, read back unchanged.
public struct MFAEnrollment: Sendable, Equatable {
    public var id: String
    public var phoneNumber: String
    public var displayName: String?
    /// RFC 3339, as the API types it.
    public var enrolledAt: String

    public init(id: String, phoneNumber: String, displayName: String?, enrolledAtMilliseconds: Int64) {
        self.id = id
        self.phoneNumber = phoneNumber
        self.displayName = displayName
        self.enrolledAt = AuthTime.rfc3339(enrolledAtMilliseconds)
    }

    /// Reads a stored or imported entry; nil for one that is not a phone factor with an id
    /// (a TOTP entry imported from elsewhere, say), which Hearth keeps but does not use.
    public init?(record: JSONObject) {
        guard let id = record["mfaEnrollmentId"]?.stringValue,
            let phone = record["unobfuscatedPhoneInfo"]?.stringValue ?? record["phoneInfo"]?.stringValue
        else { return nil }
        self.id = id
        self.phoneNumber = phone
        self.displayName = record["displayName"]?.stringValue
        self.enrolledAt = record["enrolledAt"]?.stringValue ?? AuthTime.rfc3339(0)
    }

    /// The stored form (what lookups by the admin and exports show).
    public var record: JSONObject {
        var record = self.redacted
        record.setMember("phoneInfo", .string(self.phoneNumber))
        record.setMember("unobfuscatedPhoneInfo", .string(self.phoneNumber))
        return record
    }

    /// What a sign-in that still needs this factor shows (`redactMfaInfo`): the number with
    /// all but its last four digits replaced by `*`.
    public var redacted: JSONObject {
        var members: [JSONObject.Member] = []
        if let displayName = self.displayName { members.append(.init(key: "displayName", value: .string(displayName))) }
        members.append(.init(key: "enrolledAt", value: .string(self.enrolledAt)))
        members.append(.init(key: "mfaEnrollmentId", value: .string(self.id)))
        members.append(.init(key: "phoneInfo", value: .string(Self.obfuscated(self.phoneNumber))))
        return JSONObject(members)
    }

    /// `+15555550100` → `+*******0100` (`obfuscatePhoneNumber`). O(length).
    public static func obfuscated(_ phoneNumber: String) -> String {
        var digitsSeen = 0
        var reversed: [Character] = []
        for character in phoneNumber.reversed() {
            if character.isASCII, character.isNumber {
                digitsSeen += 1
                reversed.append(digitsSeen > 4 ? "*" : character)
            } else {
                reversed.append(character)
            }
        }
        return String(reversed.reversed())
    }
}
