import HearthDatabase
import HearthHTTP
import Logging
import Testing

@testable import HearthServer

/// The rules are re-checked on delivery, through the router and a session, without sockets:
/// the change that takes read access away is not delivered; the stream gets `cancel` and ends,
/// and its listen leaves the store.
@Suite struct DatabaseStreamRulesTests {
    let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    @Test func aChangeThatTakesReadAccessAwayCancelsTheStreamOnDelivery() async throws {
        let namespaces = DatabaseNamespaces()
        let rules = try DatabaseRulesRegistry(files: [:], logger: self.logger)
        let settings = DatabaseSettings()
        let source = #"{"rules":{"room":{".read":"data.child('open').val() == true"}}}"#
        rules.install(try DatabaseRulesInForce.compile(source, fileName: "test.json", origin: "test").get(), namespace: settings.defaultNamespace)
        let service = DatabaseService(namespaces: namespaces, rules: rules, settings: settings, logger: self.logger)
        let routes = DatabaseRoutes(service: service, identities: IdentityResolver(), adminAccess: AdminAccess(), logger: self.logger).responder()
        let store = namespaces.store(for: settings.defaultNamespace)
        _ = try store.set(DatabasePath("/room"), DatabaseWriteData(body: Array(#"{"open":true}"#.utf8)))

        let response = await routes.respond(to: Request(method: .get, uri: "/room.json", headers: ["Accept": "text/event-stream"]))
        #expect(response.status == .ok)
        guard case .eventStream(let produce) = response.body else {
            Issue.record("expected an event stream")
            return
        }
        let writer = SessionWriter()
        let body = Task { try await produce(writer) }
        #expect(await eventually { writer.text == "event: put\ndata: {\"path\":\"/\",\"data\":{\"open\":true}}\n\n" })

        _ = try store.set(DatabasePath("/room/x"), DatabaseWriteData(body: Array("1".utf8)))
        #expect(await eventually { writer.text.hasSuffix("event: put\ndata: {\"path\":\"/x\",\"data\":1}\n\n") })
        _ = try store.set(DatabasePath("/elsewhere"), DatabaseWriteData(body: Array("1".utf8)))  // not this stream's
        _ = try store.set(DatabasePath("/room/open"), DatabaseWriteData(body: Array("false".utf8)))
        try await body.value
        #expect(writer.text.hasSuffix("\"data\":1}\n\nevent: cancel\ndata: null\n\n"))
        #expect(store.subscriptionCount == 0)
    }
}
