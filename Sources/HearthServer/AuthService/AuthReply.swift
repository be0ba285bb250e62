import HearthJSON

/// identitytoolkit's response messages, built member by member; absent (nil) members are
/// left out, as the emulator's JSON leaves out `undefined`.
enum AuthReply {
    static func object(_ members: [(String, JSONValue?)]) -> JSONObject {
        JSONObject(members.compactMap { key, value in value.map { JSONObject.Member(key: key, value: $0) } })
    }

    static func string(_ text: String?) -> JSONValue? { text.map(JSONValue.string) }
}
