import HearthHTTP
import HearthStorage
import Logging

/// One product Hearth serves (Firestore, the Realtime Database; next Auth and the UI): its
/// port, its recovery from the data directory, its responder and its part of an import, in one
/// value, so a product is added as one unit and `HearthService` loops over them instead of
/// being edited in six places.
///
/// A unit is built with its stores already made (their journals need the data directory) and
/// is not yet listening; `HearthService` restores every unit, then starts every server, then
/// tells the ``EmulatorHub`` where each listens.
protocol ProductUnit: Sendable {
    /// The product's name in the emulator suite (`GET /emulators`, `BoundEndpoint`).
    var service: BoundEndpoint.Service { get }
    /// The server on the product's port (its default port unless configured otherwise), whose
    /// responder also answers the hub's `GET /emulators`.
    var server: HTTPServer { get }
    /// Binds the product's port; returns where it listens. Most units just start ``server``;
    /// the UI falls back to a free port when its default one is taken.
    func start() async throws -> (host: String, port: Int)
    /// Puts back what the data directory holds for this product (data, uploaded rules) before
    /// anything is served.
    /// - Throws: a `StorageError` saying what is wrong with the stored records.
    func restore(from storage: DurableStore, logger: Logger) throws
    /// Loads this product's part of the export `manifest` describes, through the normal write
    /// path. - Returns: how many items were imported (documents, namespaces).
    func importData(_ manifest: ExportManifest, from directory: String, logger: Logger) async throws(DataTransferError) -> Int
}

extension ProductUnit {
    func start() async throws -> (host: String, port: Int) {
        try await self.server.start()
    }
}
