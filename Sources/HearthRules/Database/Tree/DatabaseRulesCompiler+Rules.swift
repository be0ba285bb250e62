extension DatabaseRulesCompiler {
    /// `.read`, `.write`, `.validate` (a boolean or an expression string) and `.indexOn` (a
    /// string or an array of strings). Any other `.key` is invalid, as Firebase says at upload.
    mutating func compileRuleKey(_ member: RulesJSONValue.Member, into node: inout DatabaseRuleNode, keyPath: [String], wildcards: [String]) {
        if member.key == ".indexOn" {
            node.indexOn = self.compileIndexOn(member.value)
            return
        }
        guard let kind = DatabaseRuleKind(rawValue: member.key) else {
            self.report("unknown rule key \"\(member.key)\"; expected .read, .write, .validate or .indexOn", at: member.keyLocation)
            return
        }
        let rule = self.compileRule(kind, member.value, keyPath: "/" + (keyPath + [member.key]).joined(separator: "/"), wildcards: wildcards)
        switch kind {
        case .read: node.read = rule
        case .write: node.write = rule
        case .validate: node.validate = rule
        }
    }

    mutating func compileIndexOn(_ value: RulesJSONValue) -> [String] {
        switch value.kind {
        case .string(let field): return [field]
        case .array(let elements):
            var fields: [String] = []
            for element in elements {
                guard case .string(let field) = element.kind else {
                    self.report(".indexOn must list strings, got \(element.typeName)", at: element.location)
                    continue
                }
                fields.append(field)
            }
            return fields
        default:
            self.report(".indexOn must be a string or an array of strings, got \(value.typeName)", at: value.location)
            return []
        }
    }

    /// Parses and checks one rule; nil (with a diagnostic) when it is invalid.
    mutating func compileRule(_ kind: DatabaseRuleKind, _ value: RulesJSONValue, keyPath: String, wildcards: [String]) -> DatabaseRule? {
        let text: String
        switch value.kind {
        case .bool(let b):
            return DatabaseRule(kind: kind, keyPath: keyPath, location: value.location, expression: .bool(b, at: 0), text: nil, scalarColumns: [])
        case .string(let s):
            text = s
        default:
            self.report("\(kind.rawValue) must be a boolean or a string expression, got \(value.typeName)", at: value.location)
            return nil
        }
        let rule: DatabaseRule
        do {
            let expression = try DatabaseParser.parse(text)
            rule = DatabaseRule(
                kind: kind, keyPath: keyPath, location: value.location, expression: expression, text: text,
                scalarColumns: value.scalarColumns)
            let checker = DatabaseChecker(wildcards: Set(wildcards), allowsNewData: kind != .read)
            try checker.checkRule(expression)
        } catch {
            let column = value.scalarColumns[min(max(error.offset, 0), value.scalarColumns.count - 1)]
            self.report("\(error.message) (in \(keyPath))", at: SourceLocation(line: value.location.line, column: column, offset: 0))
            return nil
        }
        return rule
    }
}
