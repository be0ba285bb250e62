import Foundation
import HearthFirestore
import HearthRules
import Testing

@testable import HearthServer

/// `rules/firestore.rules` evaluated against a real store: the main allow and deny paths of
/// each data model it describes.
@Suite struct RepositoryRulesTests {
    static let database = try! DatabaseID(project: "p", database: "(default)")
    static let time = RuleTimestamp(seconds: 1_700_000_000)

    let rules: CompiledRuleset
    let store = DocumentStore(database: Self.database)

    init() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../rules/firestore.rules").standardized
        let (ruleset, diagnostics) = CompiledRuleset.compile(source: try String(contentsOf: file, encoding: .utf8), fileName: "firestore.rules")
        self.rules = try #require(ruleset, "\(diagnostics)")
        try self.seed("events/e1", ["creator": .string("alice"), "title": .string("Launch"), "attendees": .map(MapValue(fields: ["bob": .string("maybe")]))])
        try self.seed("conversations/c1", ["members": .array([.string("alice"), .string("bob")])])
        try self.seed("conversations/c1/messages/m1", ["author": .string("alice"), "text": .string("hi")])
    }

    private func seed(_ path: String, _ fields: [String: FirestoreValue]) throws {
        _ = try self.store.commit([Write(path: try DocumentPath(parsing: path), operation: .update(fields: MapValue(fields: fields), mask: nil))])
    }

    private func allowed(_ method: RequestMethod, _ path: String, as uid: String?, writing fields: [String: FirestoreValue]? = nil) throws -> Bool {
        let documentPath = try DocumentPath(parsing: path)
        let stored = self.store.document(at: documentPath).map { RuleDocument($0, in: Self.database) }
        let incoming = fields.map { RuleDocument(databaseID: "(default)", path: documentPath.segments, fields: $0.mapValues(RuleValue.init)) }
        let request = AccessRequest(
            method: method, path: documentPath.segments, auth: uid.map { RequestAuth(uid: $0) }, time: Self.time,
            resource: stored, requestResource: incoming)
        return self.rules.evaluate(request, lookup: StoreDocumentLookup(store: self.store)).isAllowed
    }

    @Test func profilesAreOwnerOnly() throws {
        #expect(try self.allowed(.get, "profiles/alice", as: "alice"))
        #expect(try !self.allowed(.get, "profiles/alice", as: "bob"))
        #expect(try !self.allowed(.get, "profiles/alice", as: nil))
    }

    @Test func attendeesReadEventsAndChangeOnlyTheirOwnRSVP() throws {
        #expect(try self.allowed(.get, "events/e1", as: "bob"))
        #expect(try !self.allowed(.get, "events/e1", as: "carol"))
        let ownRSVP: [String: FirestoreValue] = ["creator": .string("alice"), "title": .string("Launch"), "attendees": .map(MapValue(fields: ["bob": .string("yes")]))]
        #expect(try self.allowed(.update, "events/e1", as: "bob", writing: ownRSVP))
        let renamed: [String: FirestoreValue] = ["creator": .string("alice"), "title": .string("Mine now"), "attendees": .map(MapValue(fields: ["bob": .string("yes")]))]
        #expect(try !self.allowed(.update, "events/e1", as: "bob", writing: renamed))
        let someoneElse: [String: FirestoreValue] = ["creator": .string("alice"), "title": .string("Launch"), "attendees": .map(MapValue(fields: ["bob": .string("maybe"), "carol": .string("yes")]))]
        #expect(try !self.allowed(.update, "events/e1", as: "bob", writing: someoneElse))
        #expect(try self.allowed(.delete, "events/e1", as: "alice"))
        #expect(try !self.allowed(.delete, "events/e1", as: "bob"))
    }

    @Test func eventsAreCreatedByTheirCreator() throws {
        let event: [String: FirestoreValue] = ["creator": .string("carol"), "title": .string("Party"), "attendees": .map(MapValue())]
        #expect(try self.allowed(.create, "events/e2", as: "carol", writing: event))
        #expect(try !self.allowed(.create, "events/e2", as: "dave", writing: event))
    }

    @Test func remindersAndDecisionsBelongToTheirOwner() throws {
        #expect(try self.allowed(.create, "users/alice/reminders/r1", as: "alice", writing: ["owner": .string("alice")]))
        #expect(try !self.allowed(.create, "users/alice/reminders/r1", as: "bob", writing: ["owner": .string("alice")]))
        #expect(try self.allowed(.create, "users/alice/decisions/d1", as: "alice", writing: ["owner": .string("alice"), "choice": .string("yes")]))
        #expect(try !self.allowed(.create, "users/alice/decisions/d1", as: "alice", writing: ["owner": .string("alice"), "choice": .string("whatever")]))
    }

    @Test func membersReadMessagesAndPostAsThemselves() throws {
        #expect(try self.allowed(.get, "conversations/c1/messages/m1", as: "bob"))
        #expect(try !self.allowed(.get, "conversations/c1/messages/m1", as: "mallory"))
        #expect(try self.allowed(.create, "conversations/c1/messages/m2", as: "bob", writing: ["author": .string("bob"), "text": .string("hey")]))
        #expect(try !self.allowed(.create, "conversations/c1/messages/m2", as: "bob", writing: ["author": .string("alice"), "text": .string("forged")]))
        #expect(try !self.allowed(.update, "conversations/c1/messages/m1", as: "alice", writing: ["author": .string("alice"), "text": .string("edited")]))
    }
}
