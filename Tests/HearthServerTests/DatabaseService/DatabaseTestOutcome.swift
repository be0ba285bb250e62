/// What an operation came to, in terms both drivers can state: the service's typed results
/// and the router's status and body reduce to the same outcome.
enum DatabaseTestOutcome: Sendable, Equatable {
    /// A read's result or a write's answer, as compact JSON, with the ETag when one was asked.
    case value(String, etag: String? = nil)
    /// A conditional write refused (REST 412), with the current value as compact JSON.
    case stale(String)
    /// A push, with the value now at the new child (read back by the driver) as compact JSON.
    case pushed(String)
    /// A stream opened.
    case streaming
    /// The rules source, as kept.
    case rules(String)
    /// Rules uploaded.
    case uploaded
    case namespaces([String])
    /// A `DatabaseError`: its HTTP status and Firebase's message.
    case failed(Int, String)
}
