import HearthHTTP
import HearthJSON
import Testing

@testable import HearthServer

/// `GET /emulators` on every product's port: the emulator hub's answer, what runs where, while
/// every other request reaches the product.
@Suite struct EmulatorHubTests {
    struct Product: HTTPResponder {
        func respond(to request: Request) async -> Response { .text("product", status: .notFound) }
    }

    static func request(_ method: HTTPMethod, _ uri: String) -> Request {
        Request(method: method, uri: uri, headers: [:], body: [], remoteAddress: RemoteAddress(ip: "127.0.0.1", port: 1))
    }

    static func text(_ response: Response) -> String? {
        guard case .bytes(let bytes) = response.body else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func theHubListsEachProductByNameHostAndPort() async throws {
        let hub = EmulatorHub()
        let responder = HubResponder(hub: hub, product: Product())
        #expect(Self.text(await responder.respond(to: Self.request(.get, "/emulators"))) == "{}")
        hub.publish([
            BoundEndpoint(service: .firestore, host: "127.0.0.1", port: 8080),
            BoundEndpoint(service: .database, host: "::1", port: 9000),
        ])
        let response = await responder.respond(to: Self.request(.get, "/emulators"))
        #expect(response.status == .ok)
        #expect(
            Self.text(response)
                == #"{"firestore":{"name":"firestore","host":"127.0.0.1","port":8080},"database":{"name":"database","host":"::1","port":9000}}"#)
    }

    @Test(arguments: [(HTTPMethod.post, "/emulators"), (.get, "/emulators/x"), (.get, "/emulators.json"), (.get, "/")])
    func otherRequestsReachTheProduct(_ method: HTTPMethod, _ uri: String) async {
        let responder = HubResponder(hub: EmulatorHub(), product: Product())
        #expect(Self.text(await responder.respond(to: Self.request(method, uri))) == "product")
    }
}
