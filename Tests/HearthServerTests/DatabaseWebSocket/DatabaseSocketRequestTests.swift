import HearthDatabase
import HearthJSON
import Testing

@testable import HearthServer

/// Client messages parsed at the edge into typed requests (`streams.md` §1.4).
@Suite struct DatabaseSocketRequestTests {
    func action(_ message: String) throws -> DatabaseSocketRequest.Action {
        guard case .request(_, let action) = try DatabaseSocketRequest(message: message) else {
            Issue.record("not a request: \(message)")
            throw DatabaseSocketProtocolError("")
        }
        return action
    }

    /// Each action's message and a description of what it parses to.
    @Test(arguments: [
        (#"{"t":"d","d":{"r":1,"a":"q","b":{"p":"/a/b","h":""}}}"#, "listen a/b tag nil"),
        (#"{"t":"d","d":{"r":2,"a":"q","b":{"p":"/a","q":{"l":2,"vf":"r"},"t":5,"h":""}}}"#, "listen a tag 5"),
        (#"{"t":"d","d":{"r":3,"a":"n","b":{"p":"/a","q":{},"t":5}}}"#, "unlisten a tag 5"),
        (#"{"t":"d","d":{"r":4,"a":"g","b":{"p":"/a","q":{}}}}"#, "get a"),
        (#"{"t":"d","d":{"r":5,"a":"p","b":{"p":"/a","d":1,"h":"abc="}}}"#, "put a hash abc="),
        (#"{"t":"d","d":{"r":6,"a":"p","b":{"p":"/a","d":null}}}"#, "put a hash nil"),
        (#"{"t":"d","d":{"r":7,"a":"m","b":{"p":"/a","d":{"b/c":1}}}}"#, "merge a"),
        (#"{"t":"d","d":{"r":8,"a":"o","b":{"p":"/a","d":null}}}"#, "onDisconnectPut a"),
        (#"{"t":"d","d":{"r":9,"a":"om","b":{"p":"/a","d":{"x":1}}}}"#, "onDisconnectMerge a"),
        (#"{"t":"d","d":{"r":10,"a":"oc","b":{"p":"/a","d":null}}}"#, "onDisconnectCancel a"),
        (#"{"t":"d","d":{"r":11,"a":"gauth","b":{"cred":"owner"}}}"#, "authenticate owner"),
        (#"{"t":"d","d":{"r":12,"a":"unauth","b":{}}}"#, "unauthenticate"),
        (#"{"t":"d","d":{"r":13,"a":"s","b":{"c":{"sdk.js.1":1}}}}"#, "acknowledge"),
        (#"{"t":"d","d":{"r":14,"a":"zz","b":{}}}"#, "unknown zz"),
    ])
    func parses(message: String, expected: String) throws {
        let description: String =
            switch try self.action(message) {
            case .listen(let target, _): "listen \(target.path.relativeDescription) tag \(target.tag.map(String.init) ?? "nil")"
            case .unlisten(let target): "unlisten \(target.path.relativeDescription) tag \(target.tag.map(String.init) ?? "nil")"
            case .get(let path, _): "get \(path.relativeDescription)"
            case .put(let path, _, let hash): "put \(path.relativeDescription) hash \(hash ?? "nil")"
            case .merge(let path, _): "merge \(path.relativeDescription)"
            case .onDisconnectPut(let path, _): "onDisconnectPut \(path.relativeDescription)"
            case .onDisconnectMerge(let path, _): "onDisconnectMerge \(path.relativeDescription)"
            case .onDisconnectCancel(let path): "onDisconnectCancel \(path.relativeDescription)"
            case .authenticate(let credential): "authenticate \(credential)"
            case .unauthenticate: "unauthenticate"
            case .acknowledge: "acknowledge"
            case .unknown(let name): "unknown \(name)"
            }
        #expect(description == expected)
    }

    /// Envelope problems close the connection (no number); body problems are answered (number kept).
    @Test(arguments: [
        ("not json", nil),
        (#"{"t":"x","d":{}}"#, nil),
        (#"{"t":"d","d":{"a":"q"}}"#, nil),
        (#"{"t":"d","d":{"r":3,"a":"q","b":{}}}"#, 3),
        (#"{"t":"d","d":{"r":4,"a":"p","b":{"p":"/a.b","d":1}}}"#, 4),
        (#"{"t":"d","d":{"r":5,"a":"m","b":{"p":"/a","d":1}}}"#, 5),
        (#"{"t":"d","d":{"r":6,"a":"q","b":{"p":"/a","q":{"i":"$bad[","l":1}}}}"#, 6),
    ] as [(String, Int64?)])
    func refuses(message: String, number: Int64?) {
        #expect(throws: DatabaseSocketProtocolError.self) { try DatabaseSocketRequest(message: message) }
        do {
            _ = try DatabaseSocketRequest(message: message)
        } catch {
            #expect(error.request == number)
        }
    }

    /// The SDKs' query objects as `DatabaseQuery`s (JS `queryParamsGetQueryObject`).
    @Test func queries() throws {
        let last = try DatabaseSocketQuery.parse(try JSONParser.parse(#"{"l":2,"vf":"r"}"#))
        #expect(last.limit == .last(2) && last.index == .priority)
        let key = try DatabaseSocketQuery.parse(try JSONParser.parse(#"{"i":".key","sp":"b","sin":false,"ep":"d","ein":true}"#))
        #expect(key.index == .key && key.start?.inclusive == false && key.start?.key == .max && key.end?.key == .max)
        let named = try DatabaseSocketQuery.parse(try JSONParser.parse(#"{"i":"age","sp":3,"sn":"[MIN_NAME]","ep":3,"en":"[MAX_NAME]"}"#))
        #expect(named.index == .child(try DatabasePath("age")) && named.isEquality && named.start?.key == .min)
        #expect(try DatabaseSocketQuery.parse(try JSONParser.parse("{}")) == DatabaseQuery())
        #expect(throws: DatabaseError.self) { try DatabaseSocketQuery.parse(try JSONParser.parse(#"{"l":-1}"#)) }
        #expect(throws: DatabaseError.self) { try DatabaseSocketQuery.parse(try JSONParser.parse(#"{"sp":{"a":1}}"#)) }
    }
}
