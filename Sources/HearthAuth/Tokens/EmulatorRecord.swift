import HearthCore
import HearthJSON

/// The emulator's stateless, unsigned records: base64 of a JSON object whose `marker` member
/// says `"DO NOT MODIFY"` (refresh tokens, MFA pending credentials, Hearth's TOTP enrollment
/// sessions), ending with the `projectId` and `tenantId` they belong to.
///
/// Nothing is kept on the server for them; the client hands them back. Cost: one JSON
/// serialization and one base64 pass each way.
enum EmulatorRecord {
    static func encode(marker: String, _ members: [JSONObject.Member], project: String, tenant: String?) -> String {
        var all: [JSONObject.Member] = [.init(key: marker, value: .string("DO NOT MODIFY"))] + members
        all.append(.init(key: "projectId", value: .string(project)))
        if let tenant { all.append(.init(key: "tenantId", value: .string(tenant))) }
        return Base64Codec.encode(JSONValue.object(JSONObject(all)).serialized())
    }

    /// The object, when `text` is base64 of a JSON object carrying `marker`; nil otherwise.
    static func decode(_ text: String, marker: String) -> JSONObject? {
        guard let bytes = Base64Codec.decode(text), case .object(let object)? = try? JSONParser.parse(bytes),
            object[marker]?.stringValue != nil
        else { return nil }
        return object
    }
}
