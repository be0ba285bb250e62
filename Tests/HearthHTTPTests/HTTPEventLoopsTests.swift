import HearthHTTP
import HearthTesting
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
}
