/// What a write request does at its location, described for the rules: the server passes it
/// with the location to ``DatabaseRuleset/evaluateWrite(path:write:auth:now:data:)``, which
/// builds `newData` from it.
///
/// - `PUT /a/b.json` (and `POST`, with the generated key appended to the path): `.set(value)`;
///   `DELETE` is `.set(nil)`.
/// - `PATCH /a.json` with `{"b/c": 1, "d": null}`: `.update([Change(path: ["b", "c"], value: 1),
///   Change(path: ["d"], value: nil)])`. Each change is its own write location (Firebase checks
///   `.write` for every one), and `newData` everywhere is the state after the whole merge.
///   Change paths must not be prefixes of one another; Firebase rejects such updates before
///   rules run, and so should the server.
///
/// Server values (`{".sv": "timestamp"}`) should be resolved before rules run, with the same
/// time as `now`, which is what Firebase does.
public enum DatabaseWrite: Sendable, Hashable {
    case set(RulesDataTree?)
    case update([Change])

    /// The absolute locations this write replaces, each with its new value (nil: deleted),
    /// normalized so that empty objects count as null.
    func locations(at base: [String]) -> [PendingWriteData.Location] {
        switch self {
        case .set(let value):
            return [PendingWriteData.Location(path: base, value: value?.normalized())]
        case .update(let changes):
            return changes.map { PendingWriteData.Location(path: base + $0.path, value: $0.value?.normalized()) }
        }
    }
}
