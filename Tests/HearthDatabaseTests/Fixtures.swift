import HearthDatabase
import HearthJSON

/// Builders that keep the tests short: paths and nodes from strings.
enum Fixture {
    static func path(_ text: String) -> DatabasePath {
        try! DatabasePath(text)
    }

    static func json(_ text: String) -> JSONValue {
        try! JSONParser.parse(text)
    }

    /// Plain data from JSON text (no server values).
    static func node(_ text: String) -> DatabaseNode {
        try! DatabaseNode(json: Self.json(text))
    }

    static func data(_ text: String) -> DatabaseWriteData {
        try! DatabaseWriteData(body: Array(text.utf8))
    }

    static func update(_ text: String) -> DatabaseUpdate {
        try! DatabaseUpdate(body: Array(text.utf8))
    }

    /// Compact JSON text of a node in `format`.
    static func text(_ node: DatabaseNode, _ format: DatabaseOutputFormat = .normal) -> String {
        String(decoding: node.serialized(format), as: UTF8.self)
    }

    /// The message of the `DatabaseError` that `body` throws, or nil.
    static func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as DatabaseError {
            return error.message
        } catch {
            return "unexpected \(error)"
        }
    }
}
