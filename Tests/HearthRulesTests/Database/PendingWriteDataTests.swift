import HearthRules
import Testing

/// `newData` as an overlay of a write on the current data, including the pruning of parents
/// whose last child is deleted.
struct PendingWriteDataTests {
    static let base = InMemoryRulesData(root: .object([
        "a": .object(["b": .number(1)]),
        "c": .object(["d": .number(2), "e": .number(3)]),
        "leaf": .string("x"),
    ]))

    @Test func setReplacesTheSubtree() {
        let data = PendingWriteData(base: Self.base, path: ["c"], write: .set(.object(["f": .bool(true)])))
        #expect(data.node(at: ["c", "d"]) == nil)
        #expect(data.node(at: ["c", "f"]) == .leaf(.bool(true)))
        #expect(data.node(at: ["c"]) == .branch(childCount: 1))
        #expect(data.node(at: []) == .branch(childCount: 3))
        #expect(data.node(at: ["a", "b"]) == .leaf(.number(1)))
    }

    @Test func deletingTheLastChildPrunesParents() {
        let data = PendingWriteData(base: Self.base, path: ["a", "b"], write: .set(nil))
        #expect(data.node(at: ["a", "b"]) == nil)
        #expect(data.node(at: ["a"]) == nil)
        #expect(data.node(at: []) == .branch(childCount: 2))
    }

    @Test func updateMerges() {
        let data = PendingWriteData(
            base: Self.base, path: ["c"],
            write: .update([.init(key: "d", value: nil), .init(key: "g/h", value: .number(9))]))
        #expect(data.node(at: ["c"]) == .branch(childCount: 2))
        #expect(data.node(at: ["c", "e"]) == .leaf(.number(3)))
        #expect(data.node(at: ["c", "g"]) == .branch(childCount: 1))
        #expect(data.node(at: ["c", "d"]) == nil)
    }

    @Test func writingBelowALeafReplacesIt() {
        let replaced = PendingWriteData(base: Self.base, path: ["leaf", "k"], write: .set(.number(1)))
        #expect(replaced.node(at: ["leaf"]) == .branch(childCount: 1))
        let unchanged = PendingWriteData(base: Self.base, path: ["leaf", "k"], write: .set(nil))
        #expect(unchanged.node(at: ["leaf"]) == .leaf(.string("x")))
    }
}
