extension Checker {
    /// Flattens the match tree: each nested pattern is appended to its parent's (a nested match
    /// applies to exactly the concatenated path, never to the parent or deeper descendants).
    mutating func compile(file: RulesFile) {
        let global = self.declare(file.functions, in: [:])
        for service in file.services {
            let table = self.declare(service.functions, in: global)
            for m in service.matches {
                self.compile(match: m, prefix: [], functions: table, depth: 1)
            }
        }
        self.checkRecursion()
    }

    private mutating func compile(match: MatchDecl, prefix: [PathPatternSegment], functions: [String: Int], depth: Int) {
        if depth > 10 {
            self.report("match blocks are nested more than 10 deep", at: match.location)
        }
        let pattern = prefix + match.pattern
        var wildcards: Set<String> = []
        for segment in pattern {
            switch segment {
            case .wildcard(let n), .recursiveWildcard(let n):
                if wildcards.contains(n) {
                    self.report("wildcard '\(n)' is bound twice in the match path", at: match.location)
                }
                wildcards.insert(n)
            case .literal: break
            }
        }
        let table = self.declare(match.functions, in: functions)
        var allows: [CompiledAllow] = []
        for allow in match.allows {
            if let condition = allow.condition {
                self.check(condition, functions: table, names: wildcards.union(["request", "resource"]))
            }
            let methods = allow.methods.reduce(into: Set<RequestMethod>()) { $0.formUnion($1.covers) }
            allows.append(
                CompiledAllow(
                    methods: methods, declared: allow.methods, condition: allow.condition, location: allow.location,
                    fileName: self.fileName))
        }
        self.matches.append(CompiledMatch(pattern: pattern, allows: allows, location: match.location))
        for child in match.matches {
            self.compile(match: child, prefix: pattern, functions: table, depth: depth + 1)
        }
    }
}
