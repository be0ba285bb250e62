/// Turns the JSON of `database.rules.json` into the rule tree, collecting every problem as a
/// ``Diagnostic`` with its file position: structure errors (a missing `"rules"`, unknown
/// `.keys`, two wildcards at one level, rules of the wrong JSON type) and each expression's
/// syntax or type error, its column mapped from the expression into the file.
struct DatabaseRulesCompiler {
    let fileName: String
    var diagnostics: [Diagnostic] = []

    mutating func report(_ message: String, at location: SourceLocation, severity: Diagnostic.Severity = .error) {
        self.diagnostics.append(Diagnostic(severity: severity, message: message, fileName: self.fileName, location: location))
    }

    /// The rule tree of a whole document `{"rules": {…}}`.
    mutating func compile(document: RulesJSONValue) -> DatabaseRuleNode {
        guard case .object(let members) = document.kind else {
            self.report("expected an object with a \"rules\" key, got \(document.typeName)", at: document.location)
            return DatabaseRuleNode()
        }
        var rules: DatabaseRuleNode?
        for member in members {
            if member.key == "rules" {
                rules = self.compileNode(member.value, keyPath: ["rules"], wildcards: [])
            } else {
                self.report("unknown top-level key \"\(member.key)\"; the only one allowed is \"rules\"", at: member.keyLocation)
            }
        }
        guard let rules else {
            self.report("missing the top-level \"rules\" object", at: document.location)
            return DatabaseRuleNode()
        }
        return rules
    }

    /// One level: rule keys, named children and at most one `$wildcard`.
    mutating func compileNode(_ value: RulesJSONValue, keyPath: [String], wildcards: [String]) -> DatabaseRuleNode {
        var node = DatabaseRuleNode()
        guard case .object(let members) = value.kind else {
            self.report("expected an object of rules under \"\(keyPath.last ?? "")\", got \(value.typeName)", at: value.location)
            return node
        }
        var seen: Set<String> = []
        for member in members {
            if !seen.insert(member.key).inserted {
                self.report("duplicate key \"\(member.key)\"; the last one wins", at: member.keyLocation, severity: .warning)
            }
            let key = member.key
            if key.hasPrefix(".") {
                self.compileRuleKey(member, into: &node, keyPath: keyPath, wildcards: wildcards)
            } else if key.hasPrefix("$") {
                guard self.checkWildcard(member, node: node, wildcards: wildcards) else { continue }
                node.wildcardName = key
                node.children[key] = self.compileNode(member.value, keyPath: keyPath + [key], wildcards: wildcards + [key])
            } else if key.isEmpty || key.contains(where: { "#[]/".contains($0) }) || key.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                self.report("invalid key \"\(key)\": keys must be non-empty and cannot contain '.', '#', '$', '[', ']', '/' or control characters", at: member.keyLocation)
            } else {
                node.children[key] = self.compileNode(member.value, keyPath: keyPath + [key], wildcards: wildcards)
            }
        }
        return node
    }

    /// A `$name` key is valid when it is the level's only wildcard and its name is new on the path.
    mutating func checkWildcard(_ member: RulesJSONValue.Member, node: DatabaseRuleNode, wildcards: [String]) -> Bool {
        let name = member.key.unicodeScalars.dropFirst()
        if name.isEmpty || !name.allSatisfy({ DatabaseLexer.isIdentifierStart($0) || ("0"..."9").contains($0) }) {
            self.report("invalid wildcard \"\(member.key)\": expected '$' followed by letters, digits or '_'", at: member.keyLocation)
            return false
        }
        if let existing = node.wildcardName, existing != member.key {
            self.report("only one $wildcard is allowed per level, and \"\(existing)\" is already here", at: member.keyLocation)
            return false
        }
        if wildcards.contains(member.key) {
            self.report("wildcard \"\(member.key)\" is already used higher on this path", at: member.keyLocation)
            return false
        }
        return true
    }
}
