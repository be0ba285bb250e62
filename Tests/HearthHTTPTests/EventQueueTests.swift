import HearthHTTP
import Testing

@Suite struct EventQueueTests {
    @Test func deliversInOrderThenClosed() async {
        let queue = EventQueue<Int>(capacity: 10)
        for i in 0..<5 { #expect(queue.push(i)) }
        queue.close()
        var seen: [Int] = []
        while case .element(let i) = await queue.next() { seen.append(i) }
        #expect(seen == [0, 1, 2, 3, 4])
        #expect(!queue.push(9))
    }

    @Test func aReaderFallingBehindIsCutOffOnceAndTheQueueEmptied() async {
        let queue = EventQueue<Int>(capacity: 3)
        for i in 0..<3 { #expect(queue.push(i)) }
        #expect(!queue.push(3))
        guard case .overflowed = await queue.next() else {
            Issue.record("expected .overflowed")
            return
        }
        #expect(!queue.push(4))
    }

    @Test func aWaitingConsumerIsWokenByAPush() async {
        let queue = EventQueue<String>(capacity: 4)
        async let received = queue.next()
        queue.push("hello")
        guard case .element(let text) = await received else {
            Issue.record("expected an element")
            return
        }
        #expect(text == "hello")
    }

    @Test func cancellingTheConsumerEndsIt() async {
        let queue = EventQueue<Int>(capacity: 4)
        let task = Task { await queue.next() }
        task.cancel()
        guard case .closed = await task.value else {
            Issue.record("expected .closed")
            return
        }
    }

    @Test(arguments: [
        (ServerSentEvent(event: "snapshot", id: "7", data: Array(#"{"a":1}"#.utf8)), "event: snapshot\nid: 7\ndata: {\"a\":1}\n\n"),
        (ServerSentEvent(data: Array("one\ntwo".utf8)), "data: one\ndata: two\n\n"),
        (ServerSentEvent(event: "put", data: []), "event: put\ndata: \n\n"),
    ])
    func encoding(_ event: ServerSentEvent, _ expected: String) {
        #expect(String(decoding: event.encoded, as: UTF8.self) == expected)
    }
}
