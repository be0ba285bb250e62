import Foundation
import HearthTesting
import Testing

/// What clients can make `hearth serve` hold, measured on the real binary in bytes (its
/// resident memory and open descriptors from `/proc`, Linux only), with small configured
/// bounds so the tests are quick: stalled listeners and RTDB streams of large values, request
/// bodies in flight across both ports, a request that trickles, a response read slowly.
/// Waits are polls with deadlines; the only pauses are the slow client's own reading pace.
@Suite struct MemoryBoundsTests {
    /// `count` bytes of one letter, as a JSON string's content.
    static func bulk(_ count: Int, _ letter: Character = "x") -> String { String(repeating: letter, count: count) }

    /// Ten listeners of a 400 KiB document stop reading (the issue's reproduction: they took
    /// the server from 36 MiB to 1,173 MiB, 256 snapshots each). With `--stream-buffer 256K`
    /// each is cut off within a few writes, its connection is closed without it reading
    /// anything (no keep-alive is due for an hour), and the server's memory grows by no more
    /// than the bound: each stream's buffer, one snapshot and its connection's write buffer,
    /// plus what the writes themselves keep (the document's history) and a margin.
    @Test func stalledListenersOfALargeDocumentStayWithinTheirBound() throws {
        let server = try HearthProcess(["--stream-buffer", "256K", "--keep-alive", "3600", "--idle-timeout", "3600"])
        let size = 400 * 1024
        func write(_ index: Int) throws -> Int {
            try server.request(
                "PATCH", documentsURL("p", "big/one"),
                body: #"{"fields":{"n":{"integerValue":"\#(index)"},"bulk":{"stringValue":"\#(Self.bulk(size))"}}}"#
            ).status
        }
        #expect(try write(0) == 200)
        var readers: [EventStreamReader] = []
        for _ in 0..<10 {
            let reader = try server.listen("GET", documentsURL("p", "big/one"), receiveBufferSize: 4096)
            #expect(try reader.nextEvent()?.event == "snapshot")
            readers.append(reader)
        }
        let before = try #require(server.residentBytes(), "no /proc to measure")
        var writes = 0
        while try server.listenerCounts().listeners > 0 {
            try #require(writes < 60, "the stalled listeners were not cut off within 60 writes")
            writes += 1
            #expect(try write(writes) == 200)
        }
        let after = try #require(server.residentBytes())
        try server.waitForListenerCounts("every cut-off stream closed without its client reading") {
            $0 == ListenerCounts(streams: 0, listeners: 0, targets: 0)
        }
        let bound = 10 * (256 * 1024 + size + 128 * 1024) + (writes + 1) * size * 4 + 64 * 1024 * 1024
        #expect(after - before <= bound, "grew \((after - before) >> 20) MiB for \(writes) writes; bound \(bound >> 20) MiB")
        for reader in readers { reader.close() }
    }

    /// Five RTDB streams of a 200 KiB value stop reading (the issue's reproduction: they took
    /// the server to 1,045 MiB, and kept their sockets until a keep-alive or the idle timeout).
    /// With `--stream-buffer 256K` each is cut off within a few writes and its socket closed at
    /// once (the server's open descriptors come back down though keep-alives are an hour
    /// apart and the clients read nothing), and memory stays within the bound.
    @Test func stalledDatabaseStreamsAreClosedAtOnceAndStayWithinTheirBound() throws {
        let server = try HearthProcess(["--stream-buffer", "256K", "--database-keep-alive", "3600", "--idle-timeout", "3600"])
        let size = 200 * 1024
        let descriptorsBefore = try #require(server.openDescriptors(), "no /proc to measure")
        var readers: [EventStreamReader] = []
        for _ in 0..<5 {
            let request = "GET /big.json HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n"
            let reader = try EventStreamReader(port: server.databasePort, request: request, receiveBufferSize: 4096)
            #expect(try reader.nextEvent()?.event == "put")
            readers.append(reader)
        }
        let before = try #require(server.residentBytes())
        // Once the five stream sockets are closed (the server may have opened a descriptor of
        // its own meanwhile, for the first write).
        let closed = try #require(server.openDescriptors()) - readers.count
        #expect(closed >= descriptorsBefore)
        var writes = 0
        while try #require(server.openDescriptors()) > closed {
            if writes == 60 { break }
            writes += 1
            let put = try server.databaseRequest("PUT", "/big.json?print=silent", body: "\"\(writes)\(Self.bulk(size))\"")
            #expect(put.status == 204)
        }
        let deadline = ContinuousClock.now + .seconds(30)
        while try #require(server.openDescriptors()) > closed, ContinuousClock.now < deadline { usleep(2_000) }
        #expect(try #require(server.openDescriptors()) <= closed, "the stalled streams' sockets are still open after \(writes) writes")
        let after = try #require(server.residentBytes())
        let bound = 5 * (256 * 1024 + size + 128 * 1024) + (writes + 1) * size * 4 + 64 * 1024 * 1024
        #expect(after - before <= bound, "grew \((after - before) >> 20) MiB for \(writes) writes; bound \(bound >> 20) MiB")
        for reader in readers { reader.close() }
    }

    /// Request bodies in flight share one budget across both ports: while an RTDB upload holds
    /// 900 KiB of a 1 MiB budget (its `100 Continue` says its head was read and its bytes
    /// reserved), a 200 KiB body gets 503 at once, in each service's own error shape, with
    /// `Retry-After`; once the upload is answered, the same body goes through.
    @Test func bodiesBeyondTheBudgetGet503InEachServicesShape() throws {
        let server = try HearthProcess(["--request-body-budget", "1M"])
        let holder = try RawHTTPConnection(port: server.databasePort)
        let upload = "\"" + Self.bulk(900 * 1024 - 2) + "\""
        try holder.send("PUT /upload.json HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(upload.utf8.count)\r\nExpect: 100-continue\r\n\r\n")
        #expect(String(decoding: try holder.read(atLeast: 12).prefix(12), as: UTF8.self) == "HTTP/1.1 100")

        let body = "\"" + Self.bulk(200 * 1024) + "\""
        let database = try server.databaseRequest("PUT", "/other.json", body: body)
        #expect(database.status == 503)
        #expect(database.header("retry-after") == "1")
        #expect((try database.json["error"] as? String)?.contains("1 MiB budget for bodies in flight") == true)
        let firestore = try server.request("PATCH", documentsURL("p", "c/d"), body: #"{"fields":{"v":{"stringValue":"\#(Self.bulk(200 * 1024))"}}}"#)
        #expect(firestore.status == 503)
        #expect(firestore.errorStatus == "UNAVAILABLE")

        try holder.send(upload)
        #expect(try holder.readResponse().status == 200)
        #expect(try server.databaseRequest("PUT", "/other.json", body: body).status == 200)
    }

    /// A request body trickled in (one byte, then nothing for longer than it may take) is
    /// closed at `--request-timeout`, though the idle timeout is ten minutes.
    @Test func aTrickledRequestIsClosedAtTheRequestTimeout() throws {
        let server = try HearthProcess(["--request-timeout", "1", "--idle-timeout", "600"])
        let connection = try RawHTTPConnection(port: server.port, timeout: .seconds(20))
        try connection.send("PATCH \(documentsURL("p", "c/d")) HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n{")
        #expect(try connection.readUntilClose().isEmpty)
    }

    /// A client reading a 10 MB ListDocuments answer slowly gets all of it (one of 4.4 MB was
    /// cut at 2.8 MB: the idle timer ran from when the answer was queued, though the kernel's
    /// buffers held only part of it). The idle timeout is one second; the client takes a few,
    /// reading 128 KiB every 50 ms.
    @Test func aSlowlyReadListDocumentsAnswerArrivesWhole() throws {
        let server = try HearthProcess(["--idle-timeout", "1"])
        for index in 0..<40 {
            let status = try server.request(
                "PATCH", documentsURL("p", "many/d\(index)"), body: #"{"fields":{"v":{"stringValue":"\#(Self.bulk(256_000))"}}}"#
            ).status
            #expect(status == 200)
        }
        let connection = try RawHTTPConnection(port: server.port, receiveBufferSize: 16 * 1024)
        try connection.send("GET \(documentsURL("p", "many")) HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let head = try connection.readResponseHead()
        let length = try #require(head.header("content-length").flatMap { Int($0) })
        #expect(length > 10_000_000)
        var received = 0
        while received < length {
            let piece = try connection.read(atLeast: min(128 * 1024, length - received))
            if piece.isEmpty { break }
            received += piece.count
            usleep(50_000)
        }
        #expect(received == length, "the answer was cut after \(received) of \(length) bytes")
    }
}
