import Synchronization
import Testing

@testable import HearthHTTP

/// The stop signal's observers (kept in a sorted array): each runs once when the signal fires,
/// a removed one never runs, whichever position it had, and one added after the firing runs at once.
@Suite struct StopSignalTests {
    @Test func removedObserversNeverRunAndTheOthersRunOnce() {
        let signal = StopSignal()
        let ran = Mutex<[Int]>([])
        var ids: [Int?] = []
        for index in 0..<7 {
            ids.append(signal.observe { ran.withLock { $0.append(index) } })
        }
        // The first, one in the middle and the last: each found by its id.
        for index in [0, 3, 6] { signal.removeObserver(ids[index]) }
        signal.removeObserver(ids[3])  // twice: nothing more happens
        signal.fire()
        signal.fire()
        #expect(ran.withLock { $0 }.sorted() == [1, 2, 4, 5])
        #expect(signal.isFired)
    }

    @Test func anObserverAddedAfterTheFiringRunsAtOnce() {
        let signal = StopSignal()
        signal.fire()
        let ran = Mutex(0)
        let id = signal.observe { ran.withLock { $0 += 1 } }
        #expect(id == nil)
        #expect(ran.withLock { $0 } == 1)
    }
}
