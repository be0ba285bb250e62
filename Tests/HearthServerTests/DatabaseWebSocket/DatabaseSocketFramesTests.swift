import Testing

@testable import HearthServer

/// Joining split messages (`streams.md` §1.3) and splitting them, without sockets.
@Suite struct DatabaseSocketFramesTests {
    /// Frames in, what each completes out ("" for pending).
    @Test(arguments: [
        (["{\"t\":\"d\"}"], ["{\"t\":\"d\"}"]),
        (["0", "{}"], ["", "{}"]),  // the keep-alive says nothing
        (["2", "{\"a\":", "1}"], ["", "", "{\"a\":1}"]),
        (["1", "123"], ["", "123"]),  // a count of 1 then a numeric chunk
        (["1234567"], ["1234567"]),  // 7 characters: a message, not a count
    ])
    func joins(frames: [String], outcomes: [String]) throws {
        var assembler = DatabaseSocketFrames(maxBytes: 1 << 20)
        for (frame, expected) in zip(frames, outcomes) {
            let outcome = try assembler.receive(frame)
            #expect(outcome == (expected.isEmpty ? .pending : .message(expected)))
        }
    }

    @Test func refusesMoreThanItsBound() throws {
        var assembler = DatabaseSocketFrames(maxBytes: 20_000)
        #expect(throws: DatabaseSocketProtocolError.self) { try assembler.receive("99") }
        #expect(try assembler.receive("2") == .pending)
        #expect(try assembler.receive(String(repeating: "x", count: 16_384)) == .pending)
        #expect(throws: DatabaseSocketProtocolError.self) { try assembler.receive(String(repeating: "x", count: 16_384)) }
        var single = DatabaseSocketFrames(maxBytes: 10)
        #expect(throws: DatabaseSocketProtocolError.self) { try single.receive("{\"toolong\":1}") }
    }

    /// Splitting counts UTF-16 units as the SDKs do, never cuts a character, and round-trips.
    @Test(arguments: [10, 16_384, 16_385, 40_000])
    func splitsLongMessages(length: Int) throws {
        let text = String(repeating: "é", count: length / 2) + String(repeating: "😀", count: length / 4)
        let message = Array("\"\(text)\"".utf8)
        let frames = String(decoding: DatabaseSocketFraming.frames(of: message), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(frames.last == "")
        let body = frames.dropLast()
        let units = "\"\(text)\"".utf16.count
        if units <= 16_384 {
            #expect(body.count == 1)
        } else {
            #expect(Int(body.first ?? "") == body.count - 1)
            #expect(body.dropFirst().allSatisfy { $0.utf16.count <= 16_384 })
        }
        var assembler = DatabaseSocketFrames(maxBytes: 1 << 20)
        var joined: DatabaseSocketFrames.Outcome = .pending
        for frame in body { joined = try assembler.receive(String(frame)) }
        #expect(joined == .message("\"\(text)\""))
    }
}
