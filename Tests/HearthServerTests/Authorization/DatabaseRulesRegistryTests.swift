import Foundation
import HearthTesting
import Logging
import Synchronization
import Testing

@testable import HearthServer

/// The Realtime Database rules registry: which rules a namespace gets (uploaded, its own file,
/// the file for every namespace) and when an edit of a file is in force (the same recheck
/// interval as the Firestore file). Time is a manual clock: nothing sleeps.
@Suite struct DatabaseRulesRegistryTests {
    static func rules(reading value: String) -> String {
        #"{"rules":{".read":"# + value + #"}}"#
    }

    let directory: TemporaryDirectory
    let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    init() throws {
        self.directory = try TemporaryDirectory("db-registry")
    }

    func write(_ text: String, to name: String) throws -> String {
        try self.directory.write(text, to: name)
    }

    @Test func anEditIsInForceOnceTheLastLookIsAnIntervalOldAndObserversHearOfIt() throws {
        let path = try self.write(Self.rules(reading: "false"), to: "database.rules.json")
        let clock = ManualClock()
        let registry = try DatabaseRulesRegistry(
            files: [DatabaseRulesRegistry.everyNamespace: path], logger: self.logger, recheckInterval: .milliseconds(10),
            now: { clock.now })
        let heard = Mutex(0)
        _ = registry.addObserver { heard.withLock { $0 += 1 } }
        #expect(registry.rules(for: "ns")?.source == Self.rules(reading: "false"))
        _ = try self.write(Self.rules(reading: "true"), to: "database.rules.json")
        clock.advance(by: .milliseconds(9))
        #expect(registry.rules(for: "ns")?.source == Self.rules(reading: "false"), "the look 9 ms ago still holds")
        #expect(heard.withLock { $0 } == 0)
        clock.advance(by: .milliseconds(1))
        #expect(registry.rules(for: "ns")?.source == Self.rules(reading: "true"))
        #expect(heard.withLock { $0 } == 1)
        // A file that stops compiling, or disappears, keeps the rules in force.
        _ = try self.write(Self.rules(reading: "true") + "{", to: "database.rules.json")
        clock.advance(by: .milliseconds(10))
        #expect(registry.rules(for: "ns")?.source == Self.rules(reading: "true"))
        try FileManager.default.removeItem(atPath: path)
        clock.advance(by: .milliseconds(10))
        #expect(registry.rules(for: "ns")?.source == Self.rules(reading: "true"))
        #expect(heard.withLock { $0 } == 1)
    }

    @Test func uploadedRulesComeFirstThenTheNamespacesOwnFileThenTheDefault() throws {
        let every = try self.write(Self.rules(reading: "false"), to: "every.json")
        let own = try self.write(Self.rules(reading: "true"), to: "own.json")
        let registry = try DatabaseRulesRegistry(
            files: [DatabaseRulesRegistry.everyNamespace: every, "special": own], logger: self.logger, recheckInterval: .zero)
        #expect(registry.rules(for: "other")?.source == Self.rules(reading: "false"))
        #expect(registry.rules(for: "special")?.source == Self.rules(reading: "true"))
        let uploaded = try DatabaseRulesInForce.compile(Self.rules(reading: "\"auth != null\""), fileName: "upload", origin: "upload").get()
        registry.install(uploaded, namespace: "special")
        #expect(registry.rules(for: "special")?.origin == "upload")
        #expect(registry.rules(for: "other")?.source == Self.rules(reading: "false"))
        #expect(!registry.allowsEverything)
    }

    @Test func withoutFilesOrUploadsEverythingIsAllowed() throws {
        let registry = try DatabaseRulesRegistry(files: [:], logger: self.logger)
        #expect(registry.allowsEverything)
        #expect(registry.rules(for: "ns") == nil)
    }
}
