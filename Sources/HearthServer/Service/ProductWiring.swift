import HearthHTTP
import HearthStorage
import Logging

/// What every ``ProductUnit`` is built from besides its own stores: who callers are, who may
/// use admin routes, the HTTP settings all ports share, where each product listens (for the
/// hub's `GET /emulators`), and the data directory's storage, when there is one.
struct ProductWiring: Sendable {
    let configuration: ServerConfiguration
    let storage: DurableStore?
    let identities: IdentityResolver
    let adminAccess: AdminAccess
    /// The transport settings every port shares (timeouts, CORS, the process-wide body budget);
    /// each unit sets its own host, port and body limit.
    let http: HTTPServerConfiguration
    let hub: EmulatorHub
    /// The event-loop threads every port shares (one group for the whole process).
    let eventLoops: HTTPEventLoops
    let logger: Logger
}
