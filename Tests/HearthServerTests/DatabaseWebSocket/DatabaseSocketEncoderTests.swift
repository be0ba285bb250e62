import HearthDatabase
import HearthJSON
import Testing

@testable import HearthServer

/// The server's messages, byte for byte (`streams.md` §1.2-1.5), and the status strings.
@Suite struct DatabaseSocketEncoderTests {
    let encoder = DatabaseSocketEncoder()

    func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    func node(_ json: String) throws -> DatabaseNode {
        try DatabaseNode(json: JSONParser.parse(json))
    }

    @Test func pushes() throws {
        let plain = DatabaseListenTarget(path: try DatabasePath("/rooms"))
        let tagged = DatabaseListenTarget(path: try DatabasePath("/chat"), tag: 7, query: try JSONParser.parse(#"{"l":2,"vf":"r"}"#))
        let put = DatabaseStreamEvent.put(path: try DatabasePath("/a"), data: try self.node(#"{"b":1}"#))
        #expect(self.text(self.encoder.encode(.changes([put], plain))) == #"{"t":"d","d":{"a":"d","b":{"p":"rooms/a","d":{"b":1}}}}"# + "\n")
        let patch = DatabaseStreamEvent.patch(path: .root, data: [.init(path: try DatabasePath("x/y"), value: try self.node("2"))])
        #expect(self.text(self.encoder.encode(.changes([patch], tagged))) == #"{"t":"d","d":{"a":"m","b":{"p":"chat","d":{"x/y":2},"t":7}}}"# + "\n")
        let puts: [DatabaseStreamEvent] = [.put(path: try DatabasePath("m2"), data: .empty), .put(path: try DatabasePath("m4"), data: try self.node("4"))]
        #expect(self.text(self.encoder.encode(.changes(puts, tagged))) == #"{"t":"d","d":{"a":"m","b":{"p":"chat","d":{"m2":null,"m4":4},"t":7}}}"# + "\n")
        #expect(self.text(self.encoder.encode(.cancel(tagged))) == #"{"t":"d","d":{"a":"c","b":{"p":"chat","q":[{"l":2,"vf":"r"}]}}}"# + "\n")
        #expect(self.text(self.encoder.encode(.cancel(plain))) == #"{"t":"d","d":{"a":"c","b":{"p":"rooms"}}}"# + "\n")
        #expect(self.text(self.encoder.encode(.revoked(nil))) == #"{"t":"d","d":{"a":"ac","b":{"s":"expired_token","d":"Auth token is expired"}}}"# + "\n")
        // Refused by the Auth emulator since: revoked tokens are refreshed (expired_token), a
        // disabled user's count toward the SDK's invalid-token back-off (invalid_token).
        #expect(self.text(self.encoder.encode(.revoked(.revoked("alice")))) == #"{"t":"d","d":{"a":"ac","b":{"s":"expired_token","d":"The Firebase ID token has been revoked."}}}"# + "\n")
        #expect(self.text(self.encoder.encode(.revoked(.disabled("alice")))) == #"{"t":"d","d":{"a":"ac","b":{"s":"invalid_token","d":"The user account has been disabled by an administrator."}}}"# + "\n")
        #expect(self.encoder.encode(.keepAlive).isEmpty)
        // Priorities travel (the export format), as the SDKs read them.
        let prioritized = DatabaseStreamEvent.put(path: .root, data: try self.node(#"{".value":1,".priority":2}"#))
        #expect(self.text(self.encoder.encode(.changes([prioritized], plain))).contains(#"".priority":2"#))
    }

    @Test func helloAndReplies() {
        #expect(self.text(DatabaseSocketEncoder.hello(now: 5, host: "h:1", session: "s")) == #"{"t":"c","d":{"t":"h","d":{"ts":5,"v":"5","h":"h:1","s":"s"}}}"# + "\n")
        #expect(self.text(DatabaseSocketEncoder.reply(3, status: "ok")) == #"{"t":"d","d":{"r":3,"b":{"s":"ok"}}}"# + "\n")
        #expect(self.text(DatabaseSocketEncoder.reply(4, error: .permissionDenied)) == #"{"t":"d","d":{"r":4,"b":{"s":"permission_denied","d":"Permission denied"}}}"# + "\n")
    }

    @Test(arguments: [
        (DatabaseError.permissionDenied, "permission_denied"),
        (.authTokenExpired, "expired_token"),
        (.unparsableAuthToken, "invalid_token"),
        (.authTokenRevoked, "expired_token"),
        (.authUserDisabled, "invalid_token"),
        (.writeTooLarge, "too_big"),
        (.invalidJSON, "invalid_data"),
        (.unavailable("disk full"), "unavailable"),
    ])
    func statuses(error: DatabaseError, status: String) {
        #expect(DatabaseSocketStatus.of(error) == status)
    }
}
