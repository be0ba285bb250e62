/// One level of the compiled rule tree: the rules at this key, its named children and at most
/// one `$wildcard` child (Firebase allows one per level).
struct DatabaseRuleNode: Sendable {
    var read: DatabaseRule?
    var write: DatabaseRule?
    var validate: DatabaseRule?
    /// `.indexOn`, kept for the server's index enforcement.
    var indexOn: [String] = []
    /// Named children, and the wildcard child under its `$name` key (RTDB keys cannot contain
    /// `$`, so no data key collides with it).
    var children: [String: DatabaseRuleNode] = [:]
    /// The `$name` of the wildcard child, if any.
    var wildcardName: String?

    func rule(_ kind: DatabaseRuleKind) -> DatabaseRule? {
        switch kind {
        case .read: self.read
        case .write: self.write
        case .validate: self.validate
        }
    }

    /// The child rule node for a data key: an exact key first, otherwise the wildcard, which
    /// binds `$name` to the key (reference §8.2).
    func child(_ key: String) -> (node: DatabaseRuleNode, binding: (String, String)?)? {
        if !key.hasPrefix("$"), let exact = self.children[key] { return (exact, nil) }
        if let name = self.wildcardName, let node = self.children[name] { return (node, (name, key)) }
        return nil
    }
}
