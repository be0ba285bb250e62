/// Resolves and checks a parsed file: builds the lexical function tables (global → service →
/// match, inner shadows outer), and reports duplicate functions, wrong arity, unknown `is`
/// types, recursion, and production's static limits — all with positions, all accumulated.
/// Unknown functions and methods are warnings, as production's are.
struct Checker {
    let fileName: String
    let sourceMap: SourceMap
    var program = Program()
    var diagnostics: [Diagnostic] = []
    var matches: [CompiledMatch] = []
    /// Caller → callees (function indices) for recursion detection.
    var callGraph: [Int: Set<Int>] = [:]

    static let knownTypes: Set<String> = [
        "bool", "int", "float", "number", "string", "list", "map", "set", "timestamp", "duration", "path", "latlng",
        "bytes", "map_diff", "null",
    ]

    /// Every method name of every builtin family, with the union of accepted arities.
    static let knownMethods: [String: Set<Int>] = {
        var out: [String: Set<Int>] = [:]
        let families: [[String: ClosedRange<Int>]] = [
            StringFunctions.methods, BytesFunctions.methods, ListFunctions.methods, SetFunctions.methods,
            MapFunctions.methods, MapDiffFunctions.methods, TimestampFunctions.methods, DurationFunctions.methods,
            LatLngFunctions.methods, PathFunctions.methods,
        ]
        for family in families {
            for (name, arity) in family { out[name, default: []].formUnion(Set(arity)) }
        }
        return out
    }()

    init(fileName: String, sourceMap: SourceMap) {
        self.fileName = fileName
        self.sourceMap = sourceMap
        self.program.sourceMap = sourceMap
    }

    mutating func report(_ message: String, at location: SourceLocation, severity: Diagnostic.Severity = .error) {
        self.diagnostics.append(Diagnostic(severity: severity, message: message, fileName: self.fileName, location: location))
    }

    /// Registers the functions of one scope on top of `parent`, reporting duplicates.
    mutating func declare(_ functions: [FunctionDecl], in parent: [String: Int]) -> [String: Int] {
        var table = parent
        var accepted: [FunctionDecl] = []
        for f in functions {
            if accepted.contains(where: { $0.name == f.name }) {
                self.report("duplicate function '\(f.name)' in the same scope", at: f.location)
                continue
            }
            if f.parameters.count > 7 {
                self.report("function '\(f.name)' has \(f.parameters.count) parameters; the limit is 7", at: f.location)
            }
            if f.lets.count > 10 {
                self.report("function '\(f.name)' has \(f.lets.count) let bindings; the limit is 10", at: f.location)
            }
            if Set(f.parameters).count != f.parameters.count {
                self.report("duplicate parameter name in function '\(f.name)'", at: f.location)
            }
            table[f.name] = self.program.functions.count + accepted.count
            accepted.append(f)
        }
        // Every function of the scope sees all of them, and the enclosing scopes' functions.
        let added = self.program.functions.count..<(self.program.functions.count + accepted.count)
        for f in accepted {
            self.program.functions.append(Program.Function(decl: f))
        }
        for index in added {
            let f = self.program.functions[index].decl
            // Function bodies see the caller's request, resource and wildcards, so identifiers
            // are not checked there (names: nil).
            for binding in f.lets {
                self.check(binding.value, functions: table, names: nil, caller: index)
            }
            if let body = f.body { self.check(body, functions: table, names: nil, caller: index) }
        }
        return table
    }

    /// Reports cycles in the user call graph (production forbids recursion).
    mutating func checkRecursion() {
        var state: [Int: Int] = [:]  // 1 = visiting, 2 = done
        var reported: Set<Int> = []
        func visit(_ f: Int, _ stack: [Int], _ checker: inout Checker) {
            state[f] = 1
            for g in (checker.callGraph[f] ?? []).sorted() {
                if state[g] == 1 {
                    let cycle = stack.drop(while: { $0 != g }) + [f, g]
                    if !reported.contains(g) {
                        reported.insert(g)
                        let names = cycle.map { checker.program.functions[$0].decl.name }
                        var path: [String] = []
                        for n in names where path.last != n { path.append(n) }
                        checker.report(
                            "recursive function call: \(path.joined(separator: " -> ")); recursion is not allowed",
                            at: checker.program.functions[g].decl.location)
                    }
                } else if state[g] == nil {
                    visit(g, stack + [f], &checker)
                }
            }
            state[f] = 2
        }
        for f in 0..<self.program.functions.count where state[f] == nil {
            visit(f, [], &self)
        }
    }
}
