import HearthHTTP
import HearthTesting
import Foundation
import Logging
import Testing

/// One event-loop group for the whole process: servers given the same ``HTTPEventLoops`` serve
/// on it, stopping a server leaves it running for the others, and its owner shuts it down once.
struct HTTPEventLoopsTests {
    @Test func serversShareOneGroup() async throws {
        let eventLoops = HTTPEventLoops(threads: 1)
        let first = try await TestServer.start(responder: echoResponder, eventLoops: eventLoops)
        let second = try await TestServer.start(responder: echoResponder, eventLoops: eventLoops)
        try await first.stop()
        // The first server's shutdown did not stop the shared threads.
        let response = try await onThread { try HTTPTestClient.request("GET", "/second", port: second.port) }
        #expect(response.bodyText.hasPrefix("GET /second|"))
        try await second.stop()
        await eventLoops.shutdown()
        await eventLoops.shutdown()
    }

    /// A service built but never started (the fuzz harnesses build one per input) starts no
    /// threads: its event loops, and their epoll descriptors, come with the first server that
    /// starts. Before, 1,500 fuzz inputs ran the process out of file descriptors.
    @Test func eventLoopsStartWithTheirFirstServer() async throws {
        let before = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
        let unused = (0..<50).map { _ in HTTPEventLoops(threads: 1) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count <= before + 5)
        for eventLoops in unused { await eventLoops.shutdown() }
        let late = HTTPEventLoops(threads: 1)
        await late.shutdown()
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(), responder: echoResponder, errorRenderer: TestServer.errorRenderer,
            logger: Logger(label: "test"), eventLoops: late)
        await #expect(throws: HTTPServerError.self) { try await server.start() }
    }
}
