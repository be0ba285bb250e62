import HearthDatabase
import HearthFirestore
import HearthJSON
import Testing

@testable import HearthServer

/// The one place SSE framing lives: each session event's wire text in both dialects (the
/// Realtime Database's assertions moved here unchanged from `DatabaseListenerTests`).
@Suite struct SSEEncoderTests {
    let database = SSEEncoder(.database(.normal))
    let firestore = SSEEncoder(.firestore)

    func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    @Test func wireFormatOfEveryDatabaseEvent() throws {
        let put = DatabaseStreamEvent.put(path: try DatabasePath("/a"), data: try DatabaseNode(json: JSONParser.parse("{\"b\":1}")))
        #expect(self.text(self.database.encode(.changes([put], .init(path: .root)))) == "event: put\ndata: {\"path\":\"/a\",\"data\":{\"b\":1}}\n\n")
        #expect(self.text(self.database.encode(.keepAlive)) == "event: keep-alive\ndata: null\n\n")
        #expect(self.text(self.database.encode(.cancel(.init(path: .root)))) == "event: cancel\ndata: null\n\n")
        #expect(self.text(self.database.encode(.revoked(nil))) == "event: auth_revoked\ndata: credential is no longer valid\n\n")
        #expect(self.database.encode(.changes([], .init(path: .root))).isEmpty)
    }

    @Test func firestoreKeepAlivesAreCommentsAndErrorsAreErrorEvents() {
        #expect(self.text(self.firestore.encode(.keepAlive)) == ": keep-alive\n\n")
        let error = self.text(self.firestore.encode(.error(.permissionDenied("no"))))
        #expect(error.hasPrefix("event: error\ndata: {"))
        #expect(error.contains("PERMISSION_DENIED"))
        #expect(error.hasSuffix("\n\n"))
        // A credential the Auth emulator refuses since the stream opened: UNAUTHENTICATED, saying why.
        let refused = self.text(self.firestore.encode(.revoked(.disabled("alice"))))
        #expect(refused.hasPrefix("event: error\ndata: {"))
        #expect(refused.contains("UNAUTHENTICATED") && refused.contains("The user 'alice' is disabled"))
    }

    @Test func encodersShareEncodingsOnlyWhenTheirBytesAgree() {
        #expect(self.firestore.sharingKey != self.database.sharingKey)
        #expect(SSEEncoder(.database(.normal)).sharingKey == self.database.sharingKey)
        #expect(SSEEncoder(.database(.export)).sharingKey != self.database.sharingKey)
    }
}
