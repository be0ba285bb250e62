import Foundation
import HearthTesting
import Testing

/// Listen streams under load and abuse, over real sockets: readers that stop reading, a
/// thousand listeners coming and going, clients that close. What the server still holds is
/// read from its own bookkeeping (`GET /emulator/v1/projects/p/listeners`), polled with a
/// deadline, never waited for with a sleep.
@Suite struct ListenCapacityTests {
    static let feed = #"{"structuredQuery":{"from":[{"collectionId":"feed"}]}}"#
    /// A 256 KiB field, so a few snapshots fill a stalled reader's socket buffers.
    static let bulk = String(repeating: "x", count: 256 * 1024)

    /// Writes `feed/{id}` with a bulky field; returns the HTTP status (200 once acknowledged).
    static func post(_ server: HearthProcess, _ id: String) throws -> Int {
        try server.request("PATCH", documentsURL("p", "feed/\(id)"), body: #"{"fields":{"bulk":{"stringValue":"\#(bulk)"}}}"#).status
    }

    /// The document IDs a snapshot event adds, in order.
    static func added(_ event: EventStreamReader.Event?) throws -> [String] {
        let event = try #require(event)
        #expect(event.event == "snapshot")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any])
        return json.array("changes").filter { $0.string("type") == "added" }.map {
            $0.object("document").string("name")?.split(separator: "/").last.map(String.init) ?? ""
        }
    }

    /// A reader that stops reading falls behind; once it is `--listen-buffer` snapshots (or its
    /// stream buffer's bytes) behind, the store drops its listener, a fast listener on the same
    /// query still gets every snapshot, and every write is acknowledged throughout. When the
    /// slow reader reads again it gets what the kernel had buffered, an unbroken prefix of whole
    /// snapshots, then the final `error` event, then the end of the stream, and its connection
    /// is closed (it was not kept open for the next keep-alive).
    @Test func aSlowReaderIsCutOffWithAnErrorWhileAFastOneGetsEverySnapshot() throws {
        let server = try HearthProcess(["--listen-buffer", "4"])
        let fast = try server.listen("POST", documentsURL("p") + ":listen", body: Self.feed)
        let slow = try server.listen("POST", documentsURL("p") + ":listen", body: Self.feed, receiveBufferSize: 4096)
        #expect(try Self.added(fast.nextEvent()) == [])
        #expect(try Self.added(slow.nextEvent()) == [])
        #expect(try server.listenerCounts() == ListenerCounts(streams: 2, listeners: 2, targets: 1))

        // The slow reader reads nothing from here on. Write until the server cuts it off.
        var written: [String] = []
        while try server.listenerCounts().listeners == 2 {
            try #require(written.count < 400, "the slow reader was never cut off")
            let id = "d\(written.count + 1)"
            #expect(try Self.post(server, id) == 200)
            written.append(id)
            #expect(try Self.added(fast.nextEvent()) == [id])
        }
        #expect(try server.listenerCounts().listeners == 1)

        var received: [String] = []
        var last: EventStreamReader.Event?
        while let event = try slow.nextEvent() {
            if event.event == "snapshot" { received += try Self.added(event) } else { last = event }
        }
        #expect(received.count < written.count)
        #expect(received == Array(written.prefix(received.count)))  // in order, nothing skipped
        #expect(last?.event == "error")
        #expect(last?.data.contains("RESOURCE_EXHAUSTED") == true)
        #expect(last?.data.contains("fell behind by more than 4 snapshots or 1 MiB") == true)
        try server.waitForListenerCounts("the cut-off stream closes") { $0 == ListenerCounts(streams: 1, listeners: 1, targets: 1) }
        // Writers still never wait, and the fast listener still gets everything.
        for id in ["after1", "after2", "after3"] {
            #expect(try Self.post(server, id) == 200)
            #expect(try Self.added(fast.nextEvent()) == [id])
        }
    }

    /// A cut-off reader that reads nothing at all is released all the same, before it reads:
    /// the stream ends at once if its final `error` event fits in the kernel's buffers, and
    /// otherwise the server aborts the connection after a keep-alive interval or two (how much
    /// fits depends on the kernel's buffer tuning, so both endings are allowed). The client
    /// then finds an unbroken prefix of the snapshots, at most the `error` event, and the end.
    @Test func aCutOffReaderThatReadsNothingIsReleasedAnyway() throws {
        let server = try HearthProcess(["--listen-buffer", "2", "--keep-alive", "1"])
        let slow = try server.listen("POST", documentsURL("p") + ":listen", body: Self.feed, receiveBufferSize: 4096)
        #expect(try Self.added(slow.nextEvent()) == [])
        var written: [String] = []
        while try server.listenerCounts().listeners == 1 {
            try #require(written.count < 400, "the slow reader was never cut off")
            written.append("d\(written.count + 1)")
            #expect(try Self.post(server, written.last!) == 200)
        }
        try server.waitForListenerCounts("the cut-off stream is released") { $0 == ListenerCounts(streams: 0, listeners: 0, targets: 0) }

        var received: [String] = []
        var errors: [String] = []
        var ending = "end of stream"
        do {
            while let event = try slow.nextEvent() {
                try #require(errors.isEmpty, "nothing may follow the error event")
                if event.event == "snapshot" { received += try Self.added(event) } else { errors.append(event.data) }
            }
        } catch {
            ending = "\(error)"  // aborted: the connection closed in the middle of a chunk
        }
        #expect(!ending.contains("Timed out"), "the connection should have been closed: \(ending)")
        #expect(received.count < written.count)
        #expect(received == Array(written.prefix(received.count)))
        #expect(errors.count <= 1)
        #expect(errors.allSatisfy { $0.contains("RESOURCE_EXHAUSTED") })
    }

    /// A thousand streams, half on one query and the rest on distinct documents and document
    /// sets, are counted exactly while open, and all released once their clients close, with
    /// no keep-alive due for an hour: the server notices each closed connection by itself.
    @Test func aThousandListenersOpenedAndClosedLeaveNothingBehind() throws {
        try raiseOpenFileLimit(to: 4_096)
        let server = try HearthProcess(["--keep-alive", "3600"])
        #expect(try server.request("PATCH", documentsURL("p", "feed/shared"), body: #"{"fields":{}}"#).status == 200)
        var readers: [EventStreamReader] = []
        for index in 0..<1_000 {
            let reader: EventStreamReader
            switch index % 4 {
            case 0, 1: reader = try server.listen("POST", documentsURL("p") + ":listen", body: Self.feed)
            case 2: reader = try server.listen("GET", documentsURL("p", "things/t\(index)"))
            default:
                let names = ["a\(index)", "b\(index)"].map { #""projects/p/databases/(default)/documents/things/\#($0)""# }
                reader = try server.listen("POST", documentsURL("p") + ":listen", body: #"{"documents":[\#(names.joined(separator: ","))]}"#)
            }
            #expect(reader.head.status == 200)
            #expect(try reader.nextEvent()?.event == "snapshot")
            readers.append(reader)
        }
        #expect(try server.listenerCounts() == ListenerCounts(streams: 1_000, listeners: 1_000, targets: 1 + 250 + 250))

        for reader in readers { reader.close() }
        readers.removeAll()
        try server.waitForListenerCounts("every stream released") { $0 == ListenerCounts(streams: 0, listeners: 0, targets: 0) }
        // And the server still listens as before.
        let again = try server.listen("POST", documentsURL("p") + ":listen", body: Self.feed)
        #expect(try Self.added(again.nextEvent()) == ["shared"])
        #expect(try server.listenerCounts() == ListenerCounts(streams: 1, listeners: 1, targets: 1))
    }

    /// A client that closes its connection releases its listener at once, though nothing is
    /// written to it (no change, no keep-alive for an hour) that could fail and reveal it.
    @Test func aClosedConnectionReleasesItsListenerWithoutWaitingForAWrite() throws {
        let server = try HearthProcess(["--keep-alive", "3600"])
        let kept = try server.listen("GET", documentsURL("p", "feed"))
        let closing = try server.listen("GET", documentsURL("p", "feed/one"))
        #expect(try kept.nextEvent()?.event == "snapshot")
        #expect(try closing.nextEvent()?.event == "snapshot")
        #expect(try server.listenerCounts() == ListenerCounts(streams: 2, listeners: 2, targets: 2))
        closing.close()
        try server.waitForListenerCounts("the closed stream released") { $0 == ListenerCounts(streams: 1, listeners: 1, targets: 1) }
        kept.close()
        try server.waitForListenerCounts("the other one too") { $0 == ListenerCounts(streams: 0, listeners: 0, targets: 0) }
    }

    /// `HEAD` on a listen URL answers the stream's head and no body, and leaves no listener
    /// behind (the registration made for it goes with the unused response).
    @Test func aHeadRequestLeavesNoListenerBehind() throws {
        let server = try HearthProcess(["--keep-alive", "3600"])
        let head = try server.request("HEAD", documentsURL("p", "feed/one"), headers: [("Accept", "text/event-stream")])
        #expect(head.status == 200)
        #expect(head.header("content-type") == "text/event-stream; charset=utf-8")
        try server.waitForListenerCounts("nothing registered") { $0 == ListenerCounts(streams: 0, listeners: 0, targets: 0) }
    }

    /// Lets this process hold a thousand sockets where the soft limit is lower (often 1,024).
    private func raiseOpenFileLimit(to wanted: rlim_t) throws {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur < wanted else { return }
        limit.rlim_cur = min(wanted, limit.rlim_max)
        try #require(setrlimit(resource, &limit) == 0 && limit.rlim_cur >= 1_100, "cannot open 1,000 sockets (open-file limit)")
    }
}
