import HearthFirestore
import Testing

/// The diff as the client SDKs' `docChanges()` define it: removed, then added, then modified,
/// each in query order, with indexes that replay the old list into the new one.
@Suite struct ListenDiffTests {
    static let n = FieldPath(segments: ["n"])
    static let orderBy = [OrderBy(field: n)]

    /// `c/<id>` with `n` (its sort key) and a version that changes its content.
    static func doc(_ id: String, _ n: Int, version: Int = 1) -> Document {
        let time = Timestamp(microsecondsSinceEpoch: Int64(1_000 + version))
        return Document(
            path: Fixture.doc("c/\(id)"), fields: Fixture.fields(["n": .integer(Int64(n)), "v": .integer(Int64(version))]),
            createTime: Timestamp(microsecondsSinceEpoch: 1_000), updateTime: time)
    }

    /// Applies changes as a client does: remove at `oldIndex`, then insert at `newIndex`. With
    /// `precedes`, also checks the list is sorted after every step, as the SDKs' tracker always
    /// is, which pins every index (not only the final list).
    static func replay(_ changes: [ListenChange], on list: [Document], sortedBy precedes: ((Document, Document) -> Bool)? = nil) -> [Document] {
        var list = list
        for change in changes {
            if change.oldIndex >= 0 {
                #expect(list[change.oldIndex].path == change.document.path, "oldIndex \(change.oldIndex) of \(change.document.path)")
                list.remove(at: change.oldIndex)
            }
            if change.newIndex >= 0 { list.insert(change.document, at: change.newIndex) }
            if let precedes {
                #expect(zip(list, list.dropFirst()).allSatisfy { precedes($0, $1) }, "out of order after \(change.kind) \(change.document.path)")
            }
        }
        return list
    }

    /// The tests' ordering: by `n`, then by name.
    static func byN(_ a: Document, _ b: Document) -> Bool {
        let order = FirestoreValue.compare(a.fields.value(at: Self.n)!, b.fields.value(at: Self.n)!)
        return order == .ascending || (order == .same && a.path < b.path)
    }

    static func describe(_ changes: [ListenChange]) -> [String] {
        changes.map { "\($0.kind) \($0.document.path.id) \($0.oldIndex) \($0.newIndex)" }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let old: [Document]
        let new: [Document]
        let expected: [String]
        var testDescription: String { self.name }
    }

    static let cases: [Case] = [
        Case(name: "first snapshot", old: [], new: [doc("a", 1), doc("b", 2)], expected: ["added a -1 0", "added b -1 1"]),
        Case(name: "nothing changed", old: [doc("a", 1), doc("b", 2)], new: [doc("a", 1), doc("b", 2)], expected: []),
        Case(name: "one removed", old: [doc("a", 1), doc("b", 2), doc("c", 3)], new: [doc("a", 1), doc("c", 3)], expected: ["removed b 1 -1"]),
        Case(
            name: "all removed: each at 0 after the previous removal", old: [doc("a", 1), doc("b", 2), doc("c", 3)], new: [],
            expected: ["removed a 0 -1", "removed b 0 -1", "removed c 0 -1"]),
        Case(
            name: "moved by another's arrival: not reported", old: [doc("a", 1), doc("b", 2)], new: [doc("x", 0), doc("a", 1), doc("b", 2)],
            expected: ["added x -1 0"]),
        Case(
            name: "modified in place", old: [doc("a", 1), doc("b", 2)], new: [doc("a", 1), doc("b", 2, version: 2)],
            expected: ["modified b 1 1"]),
        Case(
            name: "modified and moved", old: [doc("a", 1), doc("b", 2), doc("c", 3)], new: [doc("b", 2), doc("c", 3), doc("a", 4, version: 2)],
            expected: ["modified a 0 2"]),
        Case(
            name: "two swap: modified in new order, indexes replayed", old: [doc("a", 1), doc("b", 2)],
            new: [doc("b", 0, version: 2), doc("a", 3, version: 2)], expected: ["modified b 1 0", "modified a 1 1"]),
        Case(
            name: "groups: removed, added, modified", old: [doc("a", 1), doc("b", 2), doc("c", 3)],
            new: [doc("d", 0), doc("a", 1, version: 2), doc("c", 3), doc("e", 9)],
            expected: ["removed b 1 -1", "added d -1 0", "added e -1 3", "modified a 1 1"]),
        Case(
            name: "removed in old order, added in new order", old: [doc("b", 5), doc("a", 6)], new: [doc("x", 1), doc("y", 2)],
            expected: ["removed b 0 -1", "removed a 0 -1", "added x -1 0", "added y -1 1"]),
    ]

    @Test(arguments: cases)
    func table(_ test: Case) {
        let changes = ListenDiff.changes(from: test.old, to: test.new, orderedBy: Self.orderBy)
        #expect(Self.describe(changes) == test.expected)
        #expect(Self.replay(changes, on: test.old, sortedBy: Self.byN) == test.new)
    }

    /// Random old and new results over twenty names, from a few changes to nearly all (so both
    /// the literal replay and the batched computation run): replaying the changes always
    /// yields the new result; every document that changed appears once, with the right kind;
    /// groups are in order; unchanged documents never appear.
    @Test(arguments: 0..<8)
    func randomResultsReplayExactly(_ seed: Int) {
        var generator = SplitMix(seed: UInt64(seed) &+ 77)
        for round in 0..<300 {
            let changeRate = [1, 3, 7][round % 3]  // in eighths
            var old: [Document] = []
            var new: [Document] = []
            for id in "abcdefghijklmnopqrst".map(String.init) {
                let wasPresent = generator.next() % 3 != 0
                let n = Int(generator.next() % 6)
                if wasPresent { old.append(Self.doc(id, n)) }
                guard generator.next() % 8 < changeRate else {
                    if wasPresent { new.append(Self.doc(id, n)) }
                    continue
                }
                switch generator.next() % 3 {
                case 0: break  // absent now
                case 1: new.append(Self.doc(id, Int(generator.next() % 6), version: 2))
                default: new.append(Self.doc(id, n, version: 3))  // same place, new content
                }
            }
            old.sort(by: Self.byN)
            new.sort(by: Self.byN)
            let changes = ListenDiff.changes(from: old, to: new, orderedBy: Self.orderBy)
            #expect(Self.replay(changes, on: old, sortedBy: Self.byN) == new)
            let before = Dictionary(uniqueKeysWithValues: old.map { ($0.path, $0) })
            let after = Dictionary(uniqueKeysWithValues: new.map { ($0.path, $0) })
            let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
            #expect(Set(changes.map(\.document.path)) == changed)
            #expect(changes.count == changed.count)
            for change in changes {
                let expected: ListenChange.Kind = before[change.document.path] == nil ? .added : (after[change.document.path] == nil ? .removed : .modified)
                #expect(change.kind == expected)
            }
            let rank: [ListenChange.Kind: Int] = [.removed: 0, .added: 1, .modified: 2]
            #expect(changes.map { rank[$0.kind]! } == changes.map { rank[$0.kind]! }.sorted())
        }
    }
}
