import HearthCore

/// A `RuleDataSnapshot`: a location in either the current data (`root`, `data`) or the data
/// after the write (`newData`). Cheap to copy; it reads its source only when a method asks.
struct DatabaseRuleSnapshot: Sendable {
    let source: any DatabaseRulesData
    let path: [String]

    var node: RulesDataNode? { self.source.node(at: self.path) }

    /// `child("a/b")`: a relative path that may hold `/`; empty segments are ignored, odd keys are fine.
    func child(_ relative: String) -> DatabaseRuleSnapshot {
        DatabaseRuleSnapshot(source: self.source, path: self.path + relative.slashSeparated(omittingEmpty: true))
    }
}
