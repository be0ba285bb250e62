public import HearthHTTP
import HearthServer
public import Logging

/// A fresh in-memory Hearth, as `hearth serve --in-memory` builds it, for one fuzz input: the
/// responder of its Firestore, Realtime Database or Auth port.
///
/// A new one per input keeps runs independent (no state carried from earlier inputs, memory
/// bounded) and reproducible from the crash file alone. Stream keep-alives come every
/// millisecond so that streamed responses, cut after one write by ``BoundedResponder``, end at
/// once instead of waiting for an event.
public struct FuzzService: Sendable {
    /// Which of the server's ports the requests go to.
    public enum Port: Sendable {
        case firestore, database, auth
    }

    /// The server's responder, wrapped so that no input can write files or stream forever.
    public let responder: any HTTPResponder
    /// Answers the port's HTTP/2 streams as the server does (gRPC on the Firestore port).
    public let http2Responder: any HTTP2StreamResponder
    /// Renders transport errors (400, 413, 431) as the server does.
    public let errorRenderer: @Sendable (HTTPStatus, String) -> Response
    /// Who takes the port's WebSocket upgrades (the Realtime Database's `/.ws`), as in production.
    public let webSocketResponder: (any WebSocketResponder)?

    /// Logs nothing: the harnesses run millions of requests.
    public static let logger = Logger(label: "hearth-fuzz", factory: { _ in SwiftLogNoOpLogHandler() })

    public init(_ port: Port = .firestore) {
        var configuration = ServerConfiguration()
        configuration.dataDirectory = nil
        configuration.firestorePort = 0
        configuration.databasePort = 0
        configuration.authPort = 0
        configuration.listening.keepAlive = .milliseconds(1)
        configuration.database.keepAlive = .milliseconds(1)
        let service: HearthService
        do {
            service = try HearthService(configuration: configuration, logger: Self.logger)
        } catch {
            fatalError("An in-memory Hearth without a rules file cannot fail to start: \(error)")
        }
        let server =
            switch port {
            case .firestore: service.firestoreServer
            case .database: service.databaseServer
            case .auth: service.authServer
            }
        self.responder = BoundedResponder(base: server.responder)
        self.errorRenderer = server.errorRenderer
        self.webSocketResponder = server.configuration.webSocketResponder
        self.http2Responder = server.http2Responder
    }

    /// One request straight to the responder, no HTTP framing.
    public func respond(_ method: HTTPMethod, _ uri: String, headers: HTTPHeaders = [:], body: [UInt8] = []) async -> Response {
        await self.responder.respond(to: Request(method: method, uri: uri, headers: headers, body: body))
    }
}
