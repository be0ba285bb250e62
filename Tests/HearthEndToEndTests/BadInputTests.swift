import Foundation
import HearthTesting
import Testing

/// Bad input through the real `hearth serve` binary: every row of the matrix gets the right
/// 4xx with Google's error body (`{"error":{"code":…,"message":…,"status":…}}`), and the
/// server keeps serving with its stored data intact.
///
/// Rows are data (``BadInput``, grouped by kind in `BadInput+*.swift`); each runs on a server of
/// its own, and the whole matrix runs once more in a row against a single server.
@Suite struct BadInputTests {
    static let all: [BadInput] =
        BadInput.malformedJSON + BadInput.wrongValueTypes + BadInput.overLimits + BadInput.invalidPaths
        + BadInput.invalidTokens + BadInput.unknownRoutesAndMethods + BadInput.invalidParameters
        + BadInput.invalidQueriesAndWrites + BadInput.malformedFraming + BadInput.leniencyRefused

    static let kept = documentsURL("bad", "c/d")

    @Test(arguments: Self.all)
    func rejected(_ badInput: BadInput) throws {
        let server = try HearthProcess()
        try Self.storeKeptDocument(server)
        try Self.expectRejected(badInput, by: server)
        try Self.expectStillServing(server)
    }

    @Test func theWholeMatrixInARowAgainstOneServer() throws {
        let server = try HearthProcess()
        try Self.storeKeptDocument(server)
        for badInput in Self.all {
            try Self.expectRejected(badInput, by: server)
        }
        try Self.expectStillServing(server)
    }

    @Test func bodyOverTenMiBIsPayloadTooLarge() throws {
        let server = try HearthProcess()
        let huge = String(repeating: "x", count: 10 * 1024 * 1024 + 1)
        let response = try server.request("PATCH", Self.kept, body: huge)
        #expect(response.status == 413)
        #expect(response.errorStatus == "RESOURCE_EXHAUSTED")
        #expect(response.errorMessage.contains("10 MiB"))
        try Self.expectStillServing(server, keptStored: false)
    }

    @Test func chunkedBodyOverTenMiBIsPayloadTooLarge() throws {
        let server = try HearthProcess()
        let connection = try RawHTTPConnection(port: server.port)
        try connection.send("PATCH \(Self.kept) HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n")
        let chunk = "100000\r\n" + String(repeating: "x", count: 0x100000) + "\r\n"
        for _ in 0..<11 {
            // The server may answer and close before every chunk is sent.
            guard (try? connection.send(chunk)) != nil else { break }
        }
        let response = try connection.readResponse()
        #expect(response.status == 413)
        #expect(response.errorStatus == "RESOURCE_EXHAUSTED")
        try Self.expectStillServing(server, keptStored: false)
    }

    @Test func aTruncatedBodyIsNotStored() throws {
        let server = try HearthProcess()
        let path = documentsURL("bad", "c/partial")
        let connection = try RawHTTPConnection(port: server.port)
        try connection.send("PATCH \(path) HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n{\"fields\":{")
        connection.close()
        let chunked = try RawHTTPConnection(port: server.port)
        try chunked.send("PATCH \(path) HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"fie\r\n")
        chunked.close()
        #expect(try server.request("GET", path).status == 404)
        try Self.expectStillServing(server, keptStored: false)
    }

    /// A slowloris client trickles a request head that never ends: the server closes it once the
    /// head has taken longer than the idle timeout, and serves everyone else meanwhile.
    @Test func slowHeadersAreCutOffWhileOthersAreServed() throws {
        let server = try HearthProcess(["--idle-timeout", "1"])
        try Self.storeKeptDocument(server)
        // Short reads: a read that times out means the connection is still open.
        let slow = try RawHTTPConnection(port: server.port, timeout: .milliseconds(250))
        try slow.send("GET / HTTP/1.1\r\nHost: localhost\r\n")
        let started = ContinuousClock.now
        var closedByServer = false
        for index in 0..<40 {
            guard (try? slow.send("X-Slow-\(index): a\r\n")) != nil else {
                closedByServer = true
                break
            }
            // Everyone else is served while the slow client holds its connection.
            try Self.expectStillServing(server)
            if (try? slow.read(atLeast: 1)) != nil {
                closedByServer = true
                break
            }
        }
        #expect(closedByServer, "the slow connection was still open after \(ContinuousClock.now - started)")
        #expect(ContinuousClock.now - started < .seconds(8))
        try Self.expectStillServing(server)
    }

    // MARK: - Steps

    static func storeKeptDocument(_ server: HearthProcess) throws {
        let stored = try server.request("PATCH", Self.kept, body: #"{"fields":{"kept":{"booleanValue":true}}}"#)
        #expect(stored.status == 200, "\(stored.bodyText)")
    }

    static func expectRejected(_ badInput: BadInput, by server: HearthProcess, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let response: RawHTTPResponse
        switch badInput.request {
        case .http(let method, let path, let headers, let body):
            response = try HTTPTestClient.request(method, path, port: server.port, headers: headers, body: body)
        case .raw(let bytes):
            let connection = try RawHTTPConnection(port: server.port)
            defer { connection.close() }
            try connection.send(bytes)
            response = try connection.readResponse()
            #expect(response.header("connection")?.lowercased() == "close", "\(badInput.name)", sourceLocation: sourceLocation)
        }
        let context = "\(badInput.name): \(response.status) \(response.bodyText.prefix(300))"
        #expect(response.status == badInput.status, "\(context)", sourceLocation: sourceLocation)
        #expect(response.errorStatus == badInput.errorStatus, "\(context)", sourceLocation: sourceLocation)
        #expect((try? response.json)?.object("error")["code"] as? Int == badInput.status, "\(context)", sourceLocation: sourceLocation)
        #expect(response.header("content-type")?.hasPrefix("application/json") == true, "\(context)", sourceLocation: sourceLocation)
        if !badInput.messageContains.isEmpty {
            #expect(response.errorMessage.contains(badInput.messageContains), "\(context)", sourceLocation: sourceLocation)
        }
    }

    /// The server answers a good request, and the kept document is as it was stored.
    static func expectStillServing(_ server: HearthProcess, keptStored: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try server.request("GET", "/").status == 200, sourceLocation: sourceLocation)
        let kept = try server.request("GET", Self.kept)
        if keptStored {
            #expect(kept.status == 200, sourceLocation: sourceLocation)
            #expect(kept.bodyText.contains(#""fields":{"kept":{"booleanValue":true}}"#), "\(kept.bodyText)", sourceLocation: sourceLocation)
        } else {
            #expect(kept.status == 404, sourceLocation: sourceLocation)
        }
    }
}
