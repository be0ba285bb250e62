import Testing

/// One row of the bad-input matrix: what a client sends, and the error it must get back.
///
/// A row is either a request the test client frames (method, target, headers, body) or raw
/// bytes put on the wire as they are, for malformed framing. Either way the answer must be
/// `status` with Google's error body whose `error.status` is `errorStatus`.
struct BadInput: CustomTestStringConvertible, Sendable {
    enum Request: Sendable {
        case http(method: String, path: String, headers: [(String, String)], body: [UInt8]?)
        case raw([UInt8])
    }

    let name: String
    let request: Request
    let status: Int
    let errorStatus: String
    /// Text the error message must contain (the field, ID or limit at fault); empty for any.
    var messageContains: String = ""

    var testDescription: String { self.name }

    /// The usual 400 INVALID_ARGUMENT.
    static func invalid(
        _ name: String, _ method: String, _ path: String, headers: [(String, String)] = [], body: String? = nil,
        contains: String = ""
    ) -> BadInput {
        BadInput(
            name: name, request: .http(method: method, path: path, headers: headers, body: body.map { Array($0.utf8) }),
            status: 400, errorStatus: "INVALID_ARGUMENT", messageContains: contains)
    }

    /// A document body that must be refused with 400 INVALID_ARGUMENT, sent as `PATCH c/d`.
    static func document(_ name: String, _ body: String, contains: String = "") -> BadInput {
        .invalid(name, "PATCH", documentsURL("bad", "c/d"), body: body, contains: contains)
    }

    /// A document whose `fields.v` is `value`, which must be refused with 400 INVALID_ARGUMENT.
    static func value(_ name: String, _ value: String, contains: String = "") -> BadInput {
        .document(name, #"{"fields":{"v":\#(value)}}"#, contains: contains)
    }

    /// Bytes sent as they are, on a connection of their own.
    static func raw(_ name: String, _ text: String, status: Int = 400, errorStatus: String = "INVALID_ARGUMENT", contains: String = "") -> BadInput {
        BadInput(name: name, request: .raw(Array(text.utf8)), status: status, errorStatus: errorStatus, messageContains: contains)
    }
}
