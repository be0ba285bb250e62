import HearthDatabase
import HearthHTTP
import Logging
import Testing

@testable import HearthServer

/// A Realtime Database stream subscribes before its response is returned; a response whose
/// body never runs (a `HEAD` request, a client gone in between) must not leave the
/// subscription behind, fed with every later change.
@Suite struct DatabaseStreamLeaseTests {
    let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    @Test func aStreamResponseDroppedUnrunLeavesNoSubscription() async throws {
        let namespaces = DatabaseNamespaces()
        let rules = try DatabaseRulesRegistry(files: [:], logger: self.logger)
        let settings = DatabaseSettings()
        let service = DatabaseService(namespaces: namespaces, rules: rules, settings: settings, logger: self.logger)
        let routes = DatabaseRoutes(service: service, identities: IdentityResolver(), adminAccess: AdminAccess(), logger: self.logger).responder()
        let store = namespaces.store(for: settings.defaultNamespace)
        for method in [HTTPMethod.head, .get] {
            var response: Response? = await routes.respond(
                to: Request(method: method, uri: "/rooms.json", headers: ["Accept": "text/event-stream"]))
            #expect(response?.status == .ok)
            #expect(store.subscriptionCount == 1, "\(method): subscribed while the response exists")
            response = nil
            #expect(store.subscriptionCount == 0, "\(method): the dropped response ended the subscription")
        }
    }
}
