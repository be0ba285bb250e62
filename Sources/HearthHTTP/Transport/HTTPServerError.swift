/// Errors from ``HTTPServer`` and from streamed response writers.
///
/// A struct wrapping a private enum (as NIO does) so cases can be added without breaking
/// callers; compare with the static members. ``description`` says what happened and what to do.
public struct HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Base: Sendable, Equatable {
        case addressInUse(host: String, port: Int)
        case bindFailed(host: String, port: Int, reason: String)
        case alreadyShutDown
        case alreadyRunning
        case clientDisconnected
    }

    private let base: Base

    private init(_ base: Base) {
        self.base = base
    }

    /// Another process is already listening on the address.
    static func addressInUse(host: String, port: Int) -> HTTPServerError {
        HTTPServerError(.addressInUse(host: host, port: port))
    }

    /// Binding failed for another reason (bad host name, permission denied, …).
    static func bindFailed(host: String, port: Int, reason: String) -> HTTPServerError {
        HTTPServerError(.bindFailed(host: host, port: port, reason: reason))
    }

    /// ``HTTPServer/start()`` or ``HTTPServer/run()`` was called after ``HTTPServer/shutdown()``.
    public static let alreadyShutDown = HTTPServerError(.alreadyShutDown)

    /// ``HTTPServer/run()`` was called while another call is already serving.
    public static let alreadyRunning = HTTPServerError(.alreadyRunning)

    /// Thrown by ``ResponseBodyWriter/write(_:)`` once the client has closed the connection.
    public static let clientDisconnected = HTTPServerError(.clientDisconnected)

    /// Whether this is a bind failure because the port is taken.
    public var isAddressInUse: Bool {
        if case .addressInUse = self.base { return true }
        return false
    }

    public var description: String {
        switch self.base {
        case .addressInUse(let host, let port):
            "Cannot listen on \(HTTPServerError.format(host, port)): the address is already in use. "
                + "Another process is listening on port \(port); stop it, or choose a different port "
                + "(port 0 picks a free one)."
        case .bindFailed(let host, let port, let reason):
            "Cannot listen on \(HTTPServerError.format(host, port)): \(reason). "
                + "Check the host address (it must be an IP address or name of this machine) and the port."
        case .alreadyShutDown:
            "The HTTP server was already shut down; create a new HTTPServer to serve again."
        case .alreadyRunning:
            "The HTTP server is already running; call run() only once."
        case .clientDisconnected:
            "The client closed the connection before the response was complete."
        }
    }

    private static func format(_ host: String, _ port: Int) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
