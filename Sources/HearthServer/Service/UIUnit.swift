import HearthHTTP
import HearthStorage
import Logging
import Synchronization

/// The web UI as one ``ProductUnit``: a page on its own port (`--ui-port`, `emulators.ui.port`,
/// 4000 by default) that shows and edits every product's data through their public APIs.
/// It holds no data: nothing to restore or import.
///
/// Loopback only: the page acts as `owner` on the other ports (which trust loopback pages), so
/// it is bound to loopback whatever `--host` says. The default port falls back to a free one
/// when 4000 is taken (another emulator, a second hearth), as firebase-tools does for its UI;
/// an explicit port that is taken stops the start.
final class UIUnit: ProductUnit {
    var service: BoundEndpoint.Service { .ui }
    static let defaultPort = 4000

    private let current: Mutex<HTTPServer>
    private let build: @Sendable (Int) -> HTTPServer
    private let fallsBack: Bool
    private let logger: Logger

    var server: HTTPServer { self.current.withLock { $0 } }

    /// Builds the routes and the server (not yet listening).
    init(configuration: UIConfiguration, wiring: ProductWiring) {
        let host = BoundEndpoint(service: .ui, host: wiring.configuration.host, port: 0).isLoopback ? wiring.configuration.host : "127.0.0.1"
        let responder = UIRoutes(configuration: configuration).responder()
        let build: @Sendable (Int) -> HTTPServer = { port in
            wiring.server(
                host: host, port: port, responder: responder,
                errorRenderer: { status, message in .text(message + "\n", status: status) })
        }
        self.build = build
        self.fallsBack = wiring.configuration.uiPort == nil
        self.logger = wiring.logger
        self.current = Mutex(build(wiring.configuration.uiPort ?? Self.defaultPort))
    }

    func start() async throws -> (host: String, port: Int) {
        do {
            return try await self.server.start()
        } catch {
            guard self.fallsBack else { throw error }
            self.logger.info("Port \(Self.defaultPort) is taken (\(error)); the UI takes a free port instead (choose one with --ui-port).")
            let replacement = self.build(0)
            self.current.withLock { $0 = replacement }
            return try await replacement.start()
        }
    }

    func restore(from storage: DurableStore, logger: Logger) throws {}

    func importData(_ manifest: ExportManifest, from directory: String, logger: Logger) async throws(DataTransferError) -> Int { 0 }
}
