/// The data the RTDB rules read through `root`, `data` and `newData`, as a store provides it.
///
/// HearthRules imports no store: the server adapts its JSON tree to this protocol. It is asked
/// one location at a time, so an implementation should answer from its in-memory tree without
/// copying (typically a walk down `path` and a look at the node found).
///
/// `newData` is not the store's business: ``DatabaseRuleset/evaluateWrite(path:write:auth:now:data:)``
/// builds it as ``PendingWriteData``, an overlay of the write on this data.
public protocol DatabaseRulesData: Sendable {
    /// What is stored at `path` (segments from the root), or nil when nothing is (null).
    func node(at path: [String]) -> RulesDataNode?
}
