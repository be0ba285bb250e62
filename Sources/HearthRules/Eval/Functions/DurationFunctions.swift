/// Duration methods: `seconds()` (whole seconds) and `nanos()` (the sub-second part).
enum DurationFunctions {
    static let methods: [String: ClosedRange<Int>] = ["seconds": 0...0, "nanos": 0...0]

    static func call(_ d: RuleDuration, _ name: String, _ args: [RuleValue], node: Int) -> RuleValue? {
        guard Self.methods[name] != nil else { return nil }
        guard args.isEmpty else { return FunctionSupport.arityError(name, expected: "0", got: args.count, node: node) }
        return name == "seconds" ? .int(d.seconds) : .int(Int64(d.nanos))
    }
}
