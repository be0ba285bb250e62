import HearthDatabase
import Synchronization
import Testing

@Suite struct DatabaseListenerTests {
    enum Write: Sendable {
        case set(String, String)
        case update(String, String)
        case delete(String)
    }

    static let initial = "{\"s\":{\"a\":1,\"c\":{\"x\":1}},\"other\":2}"

    /// Listener path, write, the events' wire text (`event: …\ndata: …` joined by `|`).
    @Test(arguments: [
        ("/s", Write.set("/s", "{\"a\":2}"), "put {\"path\":\"/\",\"data\":{\"a\":2}}"),
        ("/s", .update("/s", "{\"2\":\"c\"}"), "patch {\"path\":\"/\",\"data\":{\"2\":\"c\"}}"),
        ("/s", .set("/s/c/foo", "true"), "put {\"path\":\"/c/foo\",\"data\":true}"),
        ("/s", .delete("/s/c/x"), "put {\"path\":\"/c/x\",\"data\":null}"),
        ("/s", .update("/s/c", "{\"foo\":3,\"baz\":4,\"x\":null}"), "patch {\"path\":\"/c\",\"data\":{\"foo\":3,\"baz\":4,\"x\":null}}"),
        ("/s", .update("/s", "{\"c/y\":[1,2]}"), "patch {\"path\":\"/\",\"data\":{\"c/y\":[1,2]}}"),
        ("/s", .set("/", "{\"s\":{\"a\":5}}"), "put {\"path\":\"/\",\"data\":{\"a\":5}}"),
        ("/s", .set("/", "{\"s\":{\"a\":1,\"c\":{\"x\":1}},\"other\":3}"), ""),
        ("/s", .update("/", "{\"other\":3}"), ""),
        ("/s", .update("/", "{\"s\":{\"z\":1}}"), "put {\"path\":\"/\",\"data\":{\"z\":1}}"),
        ("/s/c", .update("/", "{\"s\":{\"c\":{\"x\":1}}}"), ""),
        ("/s", .update("/", "{\"s/a\":7,\"s/c/x\":null,\"other\":0}"), "patch {\"path\":\"/\",\"data\":{\"a\":7,\"c/x\":null}}"),
        ("/s/c/x", .delete("/"), "put {\"path\":\"/\",\"data\":null}"),
        ("/s/c/x", .delete("/s/a"), ""),
        ("/nothing", .set("/nothing/here", "\"é\""), "put {\"path\":\"/here\",\"data\":\"é\"}"),
        ("/", .set("/other", "{\"1\":\"x\"}"), "put {\"path\":\"/other\",\"data\":[null,\"x\"]}"),
        ("/other", .set("/s", "1"), ""),
    ])
    func derivesEvents(_ path: String, _ write: Write, _ expected: String) throws {
        let store = DatabaseStore(namespace: "t")
        store.restore(Fixture.node(Self.initial))
        let recorder = ChangeRecorder(store)
        try Self.apply(write, to: store)
        var listener = DatabaseListener(path: Fixture.path(path))
        let events = recorder.commits.flatMap { listener.events(for: $0.change, root: $0.root) }
        #expect(events.map(Self.text).joined(separator: "|") == expected)
    }

    @Test func initialEventIsAPutOfTheWholeValue() {
        var listener = DatabaseListener(path: Fixture.path("/s/c"))
        #expect(Self.text(listener.initialEvent(root: Fixture.node(Self.initial))) == "put {\"path\":\"/\",\"data\":{\"x\":1}}")
        var empty = DatabaseListener(path: Fixture.path("/none"))
        #expect(Self.text(empty.initialEvent(root: Fixture.node(Self.initial))) == "put {\"path\":\"/\",\"data\":null}")
    }

    @Test func queryListenersPutTheChildrenThatEnterChangeOrLeaveTheWindow() throws {
        let store = DatabaseStore(namespace: "t")
        _ = try store.set(Fixture.path("/scores"), Fixture.data("{\"a\":1,\"b\":5,\"c\":9}"))
        let query = try DatabaseQuery(parameters: ["orderBy": "\"$value\"", "limitToLast": "2"])
        var listener = DatabaseListener(path: Fixture.path("/scores"), query: query)
        let recorder = ChangeRecorder(store)
        #expect(Self.text(listener.initialEvent(root: recorder.initialRoot)) == "put {\"path\":\"/\",\"data\":{\"b\":5,\"c\":9}}")
        _ = try store.set(Fixture.path("/scores/a"), Fixture.data("10"))  // a enters, b leaves
        _ = try store.set(Fixture.path("/scores/b"), Fixture.data("2"))  // outside the window: nothing
        _ = try store.set(Fixture.path("/elsewhere"), Fixture.data("1"))  // unrelated: nothing
        _ = try store.delete(Fixture.path("/scores"))
        let events = recorder.commits.map { listener.events(for: $0.change, root: $0.root).map(Self.text) }
        #expect(events == [
            ["put {\"path\":\"/a\",\"data\":10}", "put {\"path\":\"/b\",\"data\":null}"],
            [],
            [],
            ["put {\"path\":\"/\",\"data\":null}"],
        ])
    }

    /// The SSE framing of these events is `SSEEncoder`'s (HearthServerTests' `SSEEncoderTests`).
    @Test func dataOfAnExportedPut() {
        let exported = DatabaseStreamEvent.put(path: .root, data: Fixture.node("{\".value\":1,\".priority\":2}"))
        #expect(String(decoding: exported.data(.export), as: UTF8.self) == "{\"path\":\"/\",\"data\":{\".value\":1,\".priority\":2}}")
    }

    static func text(_ event: DatabaseStreamEvent) -> String {
        event.name + " " + String(decoding: event.data(), as: UTF8.self)
    }

    static func apply(_ write: Write, to store: DatabaseStore) throws {
        switch write {
        case .set(let path, let body): _ = try store.set(Fixture.path(path), Fixture.data(body))
        case .update(let path, let body): _ = try store.update(Fixture.path(path), Fixture.update(body))
        case .delete(let path): _ = try store.delete(Fixture.path(path))
        }
    }
}

/// Subscribes to a store and keeps every committed change with the tree after it.
final class ChangeRecorder: Sendable {
    private let recorded = Mutex<[(change: DatabaseChange, root: DatabaseNode)]>([])
    private let initial = Mutex(DatabaseNode.empty)

    init(_ store: DatabaseStore) {
        let (_, root) = store.subscribe { change, root, _ in
            self.recorded.withLock { $0.append((change, root)) }
        }
        self.initial.withLock { $0 = root }
    }

    /// The tree when the recorder subscribed.
    var initialRoot: DatabaseNode { self.initial.withLock { $0 } }

    var commits: [(change: DatabaseChange, root: DatabaseNode)] {
        self.recorded.withLock { $0 }
    }
}
