import HearthAuth
import HearthHTTP
import HearthJSON

/// Request bodies on the Auth port: JSON, or a form (`application/x-www-form-urlencoded`, what
/// the JS SDK sends to securetoken), with every key turned to camelCase as the emulator does
/// (`server.ts` `convertKeysToCamelCase`), so `grant_type` and `grantType` are one field.
/// An empty body is `{}`. A "form" whose first non-blank byte is `{` is read as JSON: that is
/// what `curl -d '{…}'` sends. O(body size).
enum AuthRequestBody {
    /// - Throws: `INVALID_ARGUMENT` (`Invalid JSON payload received. …`) for a body that is
    ///   neither, or a JSON body that is not an object.
    static func fields(of request: Request) throws(AuthError) -> JSONObject {
        let firstByte = request.body.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        if request.headers["Content-Type"]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true, firstByte != UInt8(ascii: "{") {
            var members: [JSONObject.Member] = []
            for item in URLQuery(String(decoding: request.body, as: UTF8.self)).items {
                let key = Self.camelCase(item.name)
                if let index = members.firstIndex(where: { $0.key == key }) {
                    if case .array(let values) = members[index].value {
                        members[index].value = .array(values + [.string(item.value)])
                    } else {
                        members[index].value = .array([members[index].value, .string(item.value)])
                    }
                } else {
                    members.append(.init(key: key, value: .string(item.value)))
                }
            }
            return JSONObject(members)
        }
        if request.body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return JSONObject() }
        let json: JSONValue
        do {
            json = try JSONParser.parse(request.body)
        } catch {
            throw AuthError.invalidArgument("Invalid JSON payload received. \(error.description)")
        }
        guard case .object(let object) = Self.camelCased(json) else {
            throw AuthError.invalidArgument("Invalid JSON payload received. The body must be a JSON object (got \(json.typeName)).")
        }
        return object
    }

    private static func camelCased(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            .object(JSONObject(object.members.map { .init(key: Self.camelCase($0.key), value: Self.camelCased($0.value)) }))
        case .array(let values): .array(values.map(Self.camelCased))
        default: value
        }
    }

    /// `grant_type` → `grantType`; keys without `_` are unchanged.
    static func camelCase(_ key: String) -> String {
        guard key.contains("_"), !key.hasPrefix("_") else { return key }
        var result = ""
        var upper = false
        for character in key {
            if character == "_" {
                upper = true
            } else if upper {
                result += character.uppercased()
                upper = false
            } else {
                result.append(character)
            }
        }
        return result
    }
}
