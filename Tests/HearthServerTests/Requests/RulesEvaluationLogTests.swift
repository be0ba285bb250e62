import HearthHTTP
import Testing

@testable import HearthServer

/// The Requests feed's memory: bounded in bytes (entries and the sources they use), each
/// source held once, live subscribers getting a source before the first entry judged by it,
/// and a subscriber that stops reading cut off instead of growing.
@Suite struct RulesEvaluationLogTests {
    static func record(path: String = "/a", origin: String = "firestore.rules", source: String = "rules A", outcome: RulesEvaluation.Outcome = .deny)
        -> RulesEvaluationLog.Record
    {
        RulesEvaluationLog.Record(
            product: .firestore, method: "get", path: path, scope: "p", caller: "unauthenticated", outcome: outcome,
            explanation: "get on \(path) was denied", lines: [RulesEvaluation.Line(line: 3, column: 5, outcome: outcome, detail: "allow get → false")],
            origin: origin, source: source)
    }

    @Test func theLogKeepsTheNewestEntriesWithinItsBudget() {
        let log = RulesEvaluationLog(capacity: 16 * 1024)
        for index in 1...1_000 { log.record(Self.record(path: "/docs/\(index)")) }
        let snapshot = log.snapshot()
        #expect(log.bytes <= 16 * 1024)
        #expect(snapshot.evaluations.count > 10)
        #expect(snapshot.evaluations.count < 1_000)
        #expect(snapshot.evaluations.last?.id == 1_000)
        #expect(snapshot.evaluations.last?.path == "/docs/1000")
        // Consecutive: only the oldest were dropped.
        let ids = snapshot.evaluations.map(\.id)
        #expect(ids == Array(ids.first!...ids.last!))
        #expect(snapshot.sources.count == 1)
    }

    @Test func aSourceIsHeldOnceAndLeavesWithItsLastEntry() {
        let bigSource = String(repeating: "x", count: 4_000)
        let log = RulesEvaluationLog(capacity: 12 * 1024)
        log.record(Self.record(source: bigSource))
        log.record(Self.record(source: bigSource))
        #expect(log.snapshot().sources.count == 1)
        let withOne = log.bytes
        #expect(withOne < 2 * bigSource.utf8.count)
        for _ in 0..<200 { log.record(Self.record(source: "rules B")) }
        let snapshot = log.snapshot()
        #expect(snapshot.sources.map(\.text) == ["rules B"])
        #expect(snapshot.evaluations.allSatisfy { $0.rules.text == "rules B" })
        #expect(log.bytes <= 12 * 1024)
    }

    @Test func eachEntryGetsTheLogsClockAndTheNextID() {
        let log = RulesEvaluationLog(now: { 1_767_225_600_000_000 })
        log.record(Self.record())
        log.record(Self.record())
        let entries = log.snapshot().evaluations
        #expect(entries.map(\.id) == [1, 2])
        #expect(entries.allSatisfy { $0.time == 1_767_225_600_000_000 })
    }

    @Test func textsAreCutToTheirBound() {
        let log = RulesEvaluationLog()
        log.record(Self.record(path: String(repeating: "é", count: 10_000)))
        let path = log.snapshot().evaluations[0].path
        #expect(path.utf8.count <= RulesEvaluation.maxTextBytes)
        #expect(path.hasSuffix("…"))
    }

    @Test func aSubscriberGetsTheSnapshotThenEachSourceBeforeItsFirstEntry() async {
        let log = RulesEvaluationLog()
        log.record(Self.record(path: "/before"))
        let (snapshot, events, key) = log.subscribe()
        #expect(snapshot.evaluations.map(\.path) == ["/before"])
        log.record(Self.record(path: "/same-rules"))
        log.record(Self.record(path: "/new-rules", source: "rules B"))
        log.unsubscribe(key)
        var seen: [String] = []
        reading: while true {
            switch await events.next() {
            case .element(.rules(let source)): seen.append("rules \(source.text)")
            case .element(.evaluation(let evaluation)): seen.append(evaluation.path)
            case .closed, .overflowed: break reading
            }
        }
        #expect(seen == ["/same-rules", "rules rules B", "/new-rules"])
        #expect(log.subscriberCount == 0)
    }

    @Test func aSubscriberThatStopsReadingIsCutOff() async {
        let log = RulesEvaluationLog()
        let (_, events, _) = log.subscribe()
        for index in 0...RulesEvaluationLog.subscriberCapacity { log.record(Self.record(path: "/\(index)")) }
        #expect(log.subscriberCount == 0)
        let next = await events.next()
        guard case .overflowed = next else {
            Issue.record("the queue of a reader that fell behind should have overflowed, got \(next)")
            return
        }
    }
}
