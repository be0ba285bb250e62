public import HearthJSON

/// One second factor of an account: an entry of identitytoolkit's `mfaInfo`, as the emulator
/// stores a phone factor (`{displayName?, enrolledAt, mfaEnrollmentId, phoneInfo,
/// unobfuscatedPhoneInfo}`) and as production shows a TOTP factor (`{…, totpInfo: {}}`), and
/// as exports and imports carry them.
///
/// A TOTP entry keeps its shared secret in `totpInfo.sharedSecretKey` (base32): production
/// never shows it, but Hearth's store, exports and admin lookups are the only place it can
/// live, so that the factor survives a restart and an export/import. This is the emulator's
/// stance on secrets (its `passwordHash` spells out the password). First-factor answers show
/// ``redacted``, which leaves it out.
///
/// Kept inside ``AuthUser/extra`` (`mfaInfo`) rather than as a modelled field, so accounts
/// written before Hearth served MFA, and emulator-suite exports, read back unchanged.
public struct MFAEnrollment: Sendable, Equatable {
    /// What proves the factor.
    public enum Factor: Sendable, Equatable {
        /// A phone number that receives SMS codes.
        case phone(String)
        /// An authenticator app holding this shared secret (RFC 6238, ``TOTP``).
        case totp(secret: [UInt8])
    }

    public var id: String
    public var factor: Factor
    public var displayName: String?
    /// RFC 3339, as the API types it.
    public var enrolledAt: String

    public init(id: String, factor: Factor, displayName: String?, enrolledAtMilliseconds: Int64) {
        self.id = id
        self.factor = factor
        self.displayName = displayName
        self.enrolledAt = AuthTime.rfc3339(enrolledAtMilliseconds)
    }

    public init(id: String, phoneNumber: String, displayName: String?, enrolledAtMilliseconds: Int64) {
        self.init(id: id, factor: .phone(phoneNumber), displayName: displayName, enrolledAtMilliseconds: enrolledAtMilliseconds)
    }

    /// The phone number of a phone factor; nil for a TOTP factor.
    public var phoneNumber: String? {
        if case .phone(let number) = self.factor { return number }
        return nil
    }

    /// The shared secret of a TOTP factor; nil for a phone factor.
    public var totpSecret: [UInt8]? {
        if case .totp(let secret) = self.factor { return secret }
        return nil
    }

    /// `firebase.sign_in_second_factor` for a sign-in this factor completes.
    public var provider: String {
        switch self.factor {
        case .phone: "phone"
        case .totp: "totp"
        }
    }

    /// Reads a stored or imported entry; nil for one Hearth cannot use (no id, no number, a
    /// TOTP entry without its secret, as production exports have), which Hearth keeps but does
    /// not use.
    public init?(record: JSONObject) {
        guard let id = record["mfaEnrollmentId"]?.stringValue else { return nil }
        if let phone = record["unobfuscatedPhoneInfo"]?.stringValue ?? record["phoneInfo"]?.stringValue {
            self.factor = .phone(phone)
        } else if let key = record["totpInfo"]?.objectValue?["sharedSecretKey"]?.stringValue, let secret = Base32.decode(key), !secret.isEmpty {
            self.factor = .totp(secret: secret)
        } else {
            return nil
        }
        self.id = id
        self.displayName = record["displayName"]?.stringValue
        self.enrolledAt = record["enrolledAt"]?.stringValue ?? AuthTime.rfc3339(0)
    }

    /// The stored form (what lookups by the admin and exports show).
    public var record: JSONObject {
        var record = self.common
        switch self.factor {
        case .phone(let number):
            record.setMember("phoneInfo", .string(number))
            record.setMember("unobfuscatedPhoneInfo", .string(number))
        case .totp(let secret):
            record.setMember("totpInfo", .object(JSONObject([.init(key: "sharedSecretKey", value: .string(Base32.encode(secret)))])))
        }
        return record
    }

    /// What a sign-in that still needs this factor shows (`redactMfaInfo`): the number with
    /// all but its last four digits replaced by `*`; for TOTP, `totpInfo: {}` (no secret).
    public var redacted: JSONObject {
        var record = self.common
        switch self.factor {
        case .phone(let number): record.setMember("phoneInfo", .string(Self.obfuscated(number)))
        case .totp: record.setMember("totpInfo", .object(JSONObject()))
        }
        return record
    }

    private var common: JSONObject {
        var members: [JSONObject.Member] = []
        if let displayName = self.displayName { members.append(.init(key: "displayName", value: .string(displayName))) }
        members.append(.init(key: "enrolledAt", value: .string(self.enrolledAt)))
        members.append(.init(key: "mfaEnrollmentId", value: .string(self.id)))
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
