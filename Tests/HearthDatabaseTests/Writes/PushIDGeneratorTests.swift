import HearthDatabase
import Synchronization
import Testing

@Suite struct PushIDGeneratorTests {
    static let alphabet = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz"

    @Test func encodesTheTimeInTheFirstEightCharacters() {
        var generator = PushIDGenerator(random: { _ in 0 })
        #expect(generator.next(now: 0) == "--------------------")
        #expect(generator.next(now: 1) == "-------0------------")
        #expect(generator.next(now: 64) == "------0-------------")
        #expect(generator.next(now: 1_700_000_000_000).prefix(8) == "-NjEtLV-")
    }

    @Test func sameMillisecondIncrementsTheRandomPartWithCarry() {
        var generator = PushIDGenerator(random: { _ in 63 })
        let first = generator.next(now: 1000)
        let second = generator.next(now: 1000)
        #expect(first.suffix(12) == "zzzzzzzzzzzz")
        // All twelve digits were at 63: they wrap to 0 and the time part moves on by one millisecond.
        #expect(second.suffix(12) == "------------")
        #expect(second.prefix(8) == "------Ed")
        #expect(second > first)
    }

    @Test func idsAreTwentyCharactersAndStrictlyIncreasing() {
        var generator = PushIDGenerator()
        var previous = ""
        for step in 0..<2000 {
            let id = generator.next(now: 1_700_000_000_000 + Int64(step / 100) - (step == 1500 ? 5 : 0))
            #expect(id.count == 20)
            #expect(id.allSatisfy { Self.alphabet.contains($0) })
            #expect(Array(id.utf8).lexicographicallyPrecedes(Array(previous.utf8)) == false)
            #expect(id != previous)
            previous = id
        }
    }

    @Test func incrementCarriesLeftward() {
        let calls = Counter()
        var generator = PushIDGenerator(random: { _ in calls.next() % 12 == 11 ? 63 : 0 })
        let first = generator.next(now: 5)
        let second = generator.next(now: 5)
        #expect(first.suffix(12) == "-----------z")
        #expect(second.suffix(12) == "----------0-")
    }
}

/// Counts calls, so a test's random source can depend on the call number.
final class Counter: Sendable {
    private let count = Mutex(0)

    /// The number of earlier calls.
    func next() -> Int {
        self.count.withLock { value in
            defer { value += 1 }
            return value
        }
    }
}
