@testable import HearthStorage
import Testing

/// The failure log stays bounded while a full disk fails write after write, and says so when
/// asked about a failure it forgot rather than calling it a success.
@Suite struct FailureLogTests {
    @Test func onlyTheNewestFailuresAreKeptAndForgottenOnesAreNotReportedAsSuccesses() {
        var log = FailureLog(limit: 4)
        let full = StorageError(.full, "The disk is full.")
        for sequence in [1, 2, 4, 5, 7, 9] as [UInt64] {
            log.record(sequence, full)
        }
        #expect(log.error(of: 1) == nil)
        #expect(log.error(of: 2) == nil)
        #expect(log.error(of: 9)?.kind == .full)
        // 1 and 2 were forgotten: asked about, they are neither failed nor succeeded.
        for sequence in [1, 2] as [UInt64] {
            guard case .forgotten = log.outcome(of: sequence) else {
                Issue.record("sequence \(sequence) should be forgotten")
                continue
            }
        }
        guard case .notFailed = log.outcome(of: 3) else { Issue.record("3 never failed"); return }
        guard case .notFailed = log.outcome(of: 6) else { Issue.record("6 never failed"); return }
        guard case .failed = log.outcome(of: 7) else { Issue.record("7 failed"); return }
    }

    @Test func manyFailuresKeepTheLogAtItsLimit() {
        var log = FailureLog(limit: 100)
        for sequence in 1...10_000 as ClosedRange<UInt64> {
            log.record(sequence, StorageError(.full, "The disk is full."))
        }
        #expect((1...9_900 as ClosedRange<UInt64>).allSatisfy { log.error(of: $0) == nil })
        #expect((9_901...10_000 as ClosedRange<UInt64>).allSatisfy { log.error(of: $0) != nil })
    }
}
