import Testing

@testable import HearthGRPC

/// The length-prefixed framing of request bodies, however the client splits it.
struct GRPCMessageDeframerTests {
    @Test func aMessageSplitAcrossPiecesComesOutWhole() throws {
        var deframer = GRPCMessageDeframer(maxMessageSize: 100)
        let framed = GRPCMessageDeframer.frame(Array("hello".utf8))
        deframer.append(Array(framed[0..<3]))
        #expect(try deframer.next() == nil)
        deframer.append(Array(framed[3..<7]))
        #expect(try deframer.next() == nil)
        deframer.append(Array(framed[7...]))
        #expect(try deframer.next() == .init(compressed: false, payload: Array("hello".utf8)))
        #expect(try deframer.next() == nil)
        #expect(deframer.bufferedCount == 0)
    }

    @Test func severalMessagesInOnePieceComeOutInOrder() throws {
        var deframer = GRPCMessageDeframer(maxMessageSize: 100)
        deframer.append(GRPCMessageDeframer.frame([1]) + GRPCMessageDeframer.frame([]) + GRPCMessageDeframer.frame([2, 3]) + [0, 0])
        #expect(try deframer.next()?.payload == [1])
        #expect(try deframer.next()?.payload == [])
        #expect(try deframer.next()?.payload == [2, 3])
        #expect(try deframer.next() == nil)
        #expect(deframer.bufferedCount == 2)
    }

    /// The size is refused from the prefix, before the message's bytes are held.
    @Test func anOversizedMessageIsRefusedFromItsPrefix() {
        var deframer = GRPCMessageDeframer(maxMessageSize: 10)
        deframer.append([0, 0, 0, 0, 11])
        #expect(throws: GRPCStatus.self) { try deframer.next() }
        do {
            _ = try deframer.next()
        } catch {
            #expect(error.code == .resourceExhausted)
            #expect(error.message.contains("11 vs. 10"))
        }
    }

    @Test func aFlagOtherThanZeroOrOneIsMalformed() {
        var deframer = GRPCMessageDeframer(maxMessageSize: 10)
        deframer.append([2, 0, 0, 0, 0])
        do {
            _ = try deframer.next()
            Issue.record("flag 2 was accepted")
        } catch {
            #expect(error.code == .internal)
        }
    }

    @Test func theFrameIsTheFlagTheBigEndianLengthAndThePayload() {
        #expect(GRPCMessageDeframer.frame(Array(repeating: 7, count: 258)).prefix(5) == [0, 0, 0, 1, 2])
    }
}
