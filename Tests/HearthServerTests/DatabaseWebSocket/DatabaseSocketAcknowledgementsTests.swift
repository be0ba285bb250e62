import Synchronization
import Testing

@testable import HearthServer

/// A WebSocket connection's write replies: in request order, each after the ones before it,
/// from a sender that exists only while replies wait (an idle connection holds no task).
@Suite struct DatabaseSocketAcknowledgementsTests {
    @Test func repliesLeaveInRequestOrderWhileTheFirstStillWaits() async {
        let sent = Mutex<[Int64]>([])
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        let acknowledgements = DatabaseSocketAcknowledgements { write in
            // The first write's durability comes last: the others must wait behind it.
            if write.number == 1 {
                for await _ in gate { break }
            }
            sent.withLock { $0.append(write.number) }
        }
        for number in Int64(1)...3 { acknowledgements.add((number, nil)) }
        #expect(sent.withLock { $0 }.isEmpty)
        open.yield()
        await acknowledgements.finish()
        #expect(sent.withLock { $0 } == [1, 2, 3])
    }

    @Test func aWriteAfterTheSenderCaughtUpStartsAnotherAndFinishWaitsForIt() async {
        let sent = Mutex<[Int64]>([])
        let acknowledgements = DatabaseSocketAcknowledgements { write in sent.withLock { $0.append(write.number) } }
        await acknowledgements.finish()
        acknowledgements.add((1, nil))
        await acknowledgements.finish()
        #expect(sent.withLock { $0 } == [1])
        acknowledgements.add((2, nil))
        acknowledgements.add((3, nil))
        await acknowledgements.finish()
        #expect(sent.withLock { $0 } == [1, 2, 3])
    }
}
