import HearthHTTP
import HearthJSON
import Synchronization

/// What runs where, as the emulator suite's hub reports it: `GET /emulators` answers
/// `{"firestore":{"name":"firestore","host":"127.0.0.1","port":8080},"database":{…}}`, which
/// `@firebase/rules-unit-testing` (`initializeTestEnvironment({hub})`) and the emulator UI read
/// to find each emulator (`peers.md`, `ui.md`). Hearth has no hub port of its own: every
/// product's port answers.
///
/// Filled in once the servers are bound (ports asked as 0 are known only then); until then it
/// lists nothing. Shared by every port's responder; a lock held for a copy.
final class EmulatorHub: Sendable {
    private let published = Mutex<[BoundEndpoint]>([])

    /// Records where the services listen, replacing what was known.
    func publish(_ endpoints: [BoundEndpoint]) {
        self.published.withLock { $0 = endpoints }
    }

    /// Where each product listens now (empty until the servers are bound).
    var endpoints: [BoundEndpoint] { self.published.withLock { $0 } }

    /// The hub's answer: one member per running product, keyed and named by the product.
    func response() -> Response {
        let members = self.endpoints.map { endpoint in
            JSONObject.Member(
                key: endpoint.service.rawValue,
                value: .object(JSONObject([
                    .init(key: "name", value: .string(endpoint.service.rawValue)),
                    .init(key: "host", value: .string(endpoint.host)),
                    .init(key: "port", value: .number(JSONNumber(Int64(endpoint.port)))),
                ])))
        }
        return .json(JSONValue.object(JSONObject(members)).serialized())
    }
}
