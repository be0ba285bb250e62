import HearthFirestore

/// A write in a test, expressible both as the service's `Write` and as the REST JSON of a
/// `Write` message. String fields only: the drivers' equivalence, not value encoding, is what
/// these tests are about.
enum TestWrite: Sendable {
    /// Sets the whole document.
    case set(String, [String: String])
    /// Creates the document; fails with ALREADY_EXISTS if it is there.
    case create(String, [String: String])
    case delete(String)

    func write() throws -> Write {
        switch self {
        case .set(let path, let fields):
            Write(path: try DocumentPath(parsing: path), operation: .update(fields: Self.map(fields), mask: nil), precondition: nil)
        case .create(let path, let fields):
            Write(path: try DocumentPath(parsing: path), operation: .update(fields: Self.map(fields), mask: nil), precondition: .exists(false))
        case .delete(let path):
            Write(path: try DocumentPath(parsing: path), operation: .delete, precondition: nil)
        }
    }

    func json(in database: DatabaseID) -> String {
        let root = database.documentsRoot
        switch self {
        case .set(let path, let fields):
            return #"{"update":{"name":"\#(root)/\#(path)","fields":\#(Self.json(fields))}}"#
        case .create(let path, let fields):
            return #"{"update":{"name":"\#(root)/\#(path)","fields":\#(Self.json(fields))},"currentDocument":{"exists":false}}"#
        case .delete(let path):
            return #"{"delete":"\#(root)/\#(path)"}"#
        }
    }

    static func map(_ fields: [String: String]) -> MapValue {
        MapValue(fields: fields.mapValues { .string($0) })
    }

    static func json(_ fields: [String: String]) -> String {
        "{" + fields.sorted { $0.key < $1.key }.map { #""\#($0.key)":{"stringValue":"\#($0.value)"}"# }.joined(separator: ",") + "}"
    }
}
