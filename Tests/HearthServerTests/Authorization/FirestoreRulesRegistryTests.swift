import Foundation
import HearthTesting
import Logging
import Testing

@testable import HearthServer

/// Reloading the `--rules` file: an edit is in force for the first request that comes once the
/// last look at the file is `recheckInterval` old, and at once with an interval of 0. Time is a
/// manual clock: nothing sleeps.
@Suite struct FirestoreRulesRegistryTests {
    static func rules(allowing condition: String) -> String {
        "service cloud.firestore { match /databases/{db}/documents { match /{doc=**} { allow read: if \(condition); } } }"
    }

    let directory: TemporaryDirectory
    var file: URL { URL(fileURLWithPath: self.directory.path("firestore.rules")) }
    let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    init() throws {
        self.directory = try TemporaryDirectory("registry")
        try self.write(Self.rules(allowing: "false"))
    }

    func write(_ text: String) throws {
        try text.write(to: self.file, atomically: true, encoding: .utf8)
    }

    @Test func anEditIsInForceOnceTheLastLookIsAnIntervalOld() throws {
        let clock = ManualClock()
        let registry = try FirestoreRulesRegistry(
            file: self.file.path, logger: self.logger, recheckInterval: .milliseconds(10), now: { clock.now })
        #expect(registry.rules(for: "p")?.source == Self.rules(allowing: "false"))
        try self.write(Self.rules(allowing: "true"))
        clock.advance(by: .milliseconds(9))
        #expect(registry.rules(for: "p")?.source == Self.rules(allowing: "false"), "the look 9 ms ago still holds")
        clock.advance(by: .milliseconds(1))
        #expect(registry.rules(for: "p")?.source == Self.rules(allowing: "true"))
        try self.write(Self.rules(allowing: "request.auth != null"))
        clock.advance(by: .seconds(60))
        #expect(registry.rules(for: "p")?.source == Self.rules(allowing: "request.auth != null"), "the first request after a quiet spell")
    }

    @Test func withAnIntervalOf0TheNextRequestSeesTheEdit() throws {
        let clock = ManualClock()
        let registry = try FirestoreRulesRegistry(file: self.file.path, logger: self.logger, recheckInterval: .zero, now: { clock.now })
        #expect(registry.rules(for: "p")?.source == Self.rules(allowing: "false"))
        try self.write(Self.rules(allowing: "true"))
        #expect(registry.rules(for: "p")?.source == Self.rules(allowing: "true"))
        // A file that stops compiling keeps the rules in force.
        try self.write(Self.rules(allowing: "true") + "\nmatch {")
        #expect(registry.rules(for: "p")?.source == Self.rules(allowing: "true"))
    }
}
