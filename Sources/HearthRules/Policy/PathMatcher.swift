/// Matches an absolute document path against a flattened match pattern (reference §8.1):
/// `{x}` binds one segment as a string; `{x=**}` binds a path — one or more trailing segments
/// in rules_version 1 (last position only), zero or more anywhere in version 2.
struct PathMatcher {
    let version: Int

    /// A path element: a concrete segment, the unknown document slot of a list request, or the
    /// unknown run of segments before a collection group's collection id.
    enum Element {
        case segment(String)
        case listSlot(RuleValue)
        case unknownSegments
    }

    /// The wildcards' bindings when `pattern` matches `path`, else nil. A pattern without a
    /// recursive wildcard (most of them) is checked segment by segment first, so a match block
    /// that does not apply costs a few string comparisons and no allocation.
    func match(_ pattern: [PathPatternSegment], _ path: [Element]) -> [Scope.Binding]? {
        var bindings: [Scope.Binding] = []
        guard pattern.contains(where: \.isRecursiveWildcard) else {
            guard pattern.count == path.count else { return nil }
            var wildcards = 0
            for (segment, element) in zip(pattern, path) {
                switch (segment, element) {
                case (.literal(let literal), .segment(let s)): guard s == literal else { return nil }
                case (.literal, _): return nil
                case (.wildcard, .unknownSegments): return nil
                case (.wildcard, _): wildcards += 1
                case (.recursiveWildcard, _): return nil  // excluded above
                }
            }
            bindings.reserveCapacity(wildcards)
            for case (.wildcard(let name), let element) in zip(pattern, path) {
                switch element {
                case .segment(let s): bindings.append((name, .string(s)))
                case .listSlot(let v): bindings.append((name, v))
                case .unknownSegments: return nil  // excluded above
                }
            }
            return bindings
        }
        return self.match(pattern[...], path[...], &bindings) ? bindings : nil
    }

    private func match(
        _ pattern: ArraySlice<PathPatternSegment>, _ path: ArraySlice<Element>, _ bindings: inout [Scope.Binding]
    ) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        switch first {
        case .literal(let lit):
            guard case .segment(let s)? = path.first, s == lit else { return false }
            return self.match(pattern.dropFirst(), path.dropFirst(), &bindings)
        case .wildcard(let name):
            guard let element = path.first else { return false }
            switch element {
            case .segment(let s): bindings.append((name, .string(s)))
            case .listSlot(let v): bindings.append((name, v))
            case .unknownSegments: return false
            }
            if self.match(pattern.dropFirst(), path.dropFirst(), &bindings) { return true }
            bindings.removeLast()
            return false
        case .recursiveWildcard(let name):
            let minimum = self.version >= 2 ? 0 : 1
            guard path.count >= minimum else { return false }
            for take in stride(from: path.count, through: minimum, by: -1) {
                let taken = path.prefix(take)
                var segments: [String] = []
                for case .segment(let s) in taken { segments.append(s) }
                var trial = bindings
                let unknown = taken.contains { if case .unknownSegments = $0 { true } else { false } }
                trial.append(
                    (name,
                     unknown
                        ? .error("The path of a collection group query's documents is not known before they are read.")
                        : .path(RulePath(segments))))
                if self.match(pattern.dropFirst(), path.dropFirst(take), &trial) {
                    bindings = trial
                    return true
                }
            }
            return false
        }
    }
}
