extension Interpreter {
    /// Global calls: user functions first (lexically visible, resolved by the checker), then
    /// builtins.
    func call(_ name: String, _ args: [Expr], _ scope: Scope, node: Int) -> RuleValue {
        if let function = self.program.function(calledAt: node) {
            return self.callUser(function, args, scope, node: node)
        }
        let values = args.map { self.evaluate($0, scope) }
        if name == "debug" {
            // debug(x) returns x unchanged (even an error) and reports it.
            let v = values.first ?? .null
            self.state.debugSink?(v, self.program.sourceMap.location(of: node))
            return v
        }
        if let err = values.first(where: \.isError) { return err }
        switch name {
        case "get", "exists", "getAfter", "existsAfter":
            return self.documentLookup(name, values, node: node)
        default:
            return GlobalFunctions.call(name, values, node: node)
        }
    }

    private func callUser(_ function: Program.Function, _ args: [Expr], _ scope: Scope, node: Int) -> RuleValue {
        let decl = function.decl
        guard args.count == decl.parameters.count else {
            return .error("Function '\(decl.name)' expects \(decl.parameters.count) arguments, got \(args.count).", node: node)
        }
        guard scope.depth < self.state.limits.maxCallDepth else {
            return .error("Maximum function call depth (\(self.state.limits.maxCallDepth)) exceeded.", node: node)
        }
        var inner = Scope(wildcards: scope.wildcards, depth: scope.depth + 1)
        if !decl.parameters.isEmpty || !decl.lets.isEmpty {
            inner.locals.reserveCapacity(decl.parameters.count + decl.lets.count)
        }
        for (param, arg) in zip(decl.parameters, args) {
            inner.locals.append((param, self.evaluate(arg, scope)))
        }
        for binding in decl.lets {
            inner.locals.append((binding.name, self.evaluate(binding.value, inner)))
        }
        guard let body = decl.body else { return .error("Function '\(decl.name)' has no return.", node: node) }
        return self.evaluate(body, inner)
    }

    /// Method dispatch by receiver kind; one file per family under `Eval/Functions/`.
    func callMethod(_ receiver: RuleValue, _ name: String, _ args: [RuleValue], node: Int) -> RuleValue {
        let result: RuleValue?
        switch receiver {
        case .string(let s): result = StringFunctions.call(s, name, args, node: node, state: self.state)
        case .bytes(let b): result = BytesFunctions.call(b, name, args, node: node)
        case .list(let l): result = ListFunctions.call(l, name, args, node: node)
        case .set(let s): result = SetFunctions.call(s, name, args, node: node)
        case .map(let m): result = MapFunctions.call(m, name, args, node: node)
        case .mapDiff(let d): result = MapDiffFunctions.call(d, name, args, node: node)
        case .timestamp(let t): result = TimestampFunctions.call(t, name, args, node: node)
        case .duration(let d): result = DurationFunctions.call(d, name, args, node: node)
        case .latlng(let lat, let lng): result = LatLngFunctions.call(lat, lng, name, args, node: node)
        case .path(let p): result = PathFunctions.call(p, name, args, node: node)
        case .null: return .error("Null value error.", node: node)
        case .constrained(let c): return c.call(name, args, node: node)
        default: result = nil
        }
        return result ?? .error("Function not found error: Name: [\(name)] on \(receiver.typeName).", node: node)
    }

    /// `get`/`exists`/`getAfter`/`existsAfter` through `DocumentLookup`, with the limits on
    /// distinct documents per operation and per request (cached repeats are free) and the
    /// emulator's error texts.
    private func documentLookup(_ name: String, _ args: [RuleValue], node: Int) -> RuleValue {
        guard args.count == 1, case .path(let path) = args[0] else {
            return .error("Function \(name) requires a path argument.", node: node)
        }
        let s = path.segments
        guard s.count >= 3, s[0] == "databases", s[2] == "documents" else {
            return .error(
                "Service call error. Function: [\(name)], Argument: [path_value \(path)]: path must be absolute (/databases/{db}/documents/...).",
                node: node)
        }
        let docPath = Array(s.dropFirst(3))
        let after = name.hasSuffix("After")
        let key = EvaluationState.LookupKey(path: docPath, after: after)
        let document: RuleDocument?
        if let cached = self.state.lookupCache[key] {
            document = cached
        } else {
            let limits = self.state.limits
            guard self.state.lookupsPerformed < limits.maxDocumentLookups else {
                return .error("Exceeded maximum number of document access calls (\(limits.maxDocumentLookups)).", node: node)
            }
            guard self.state.lookupsSoFar + self.state.lookupsPerformed < limits.maxRequestDocumentLookups else {
                return .error(
                    "Exceeded maximum number of document access calls (\(limits.maxRequestDocumentLookups) for the whole request).",
                    node: node)
            }
            self.state.lookupsPerformed += 1
            document = docPath.count % 2 == 0 && !docPath.isEmpty ? self.state.lookup.document(at: docPath, after: after) : nil
            self.state.lookupCache[key] = .some(document)
        }
        if name.hasPrefix("exists") { return .bool(document != nil) }
        guard let document else {
            return .error("Service call error. Function: [\(name)], Argument: [path_value \(path)].", node: node)
        }
        return document.resourceValue
    }
}
