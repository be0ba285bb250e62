/// A match block after flattening: its absolute pattern and its allows (the user functions its
/// conditions call are resolved per call in `Program`).
struct CompiledMatch: Sendable {
    let pattern: [PathPatternSegment]
    let allows: [CompiledAllow]
    let location: SourceLocation
    /// `allows` that cover each method, in order, indexed by `RequestMethod.index`: worked out
    /// once at compile time so judging a request filters nothing.
    private let allowsByMethod: [[CompiledAllow]]

    init(pattern: [PathPatternSegment], allows: [CompiledAllow], location: SourceLocation) {
        self.pattern = pattern
        self.allows = allows
        self.location = location
        self.allowsByMethod = Self.index(allows)
    }

    /// The allows that apply to `method`, in source order.
    func allows(for method: RequestMethod) -> [CompiledAllow] {
        self.allowsByMethod[method.index]
    }

    private static func index(_ allows: [CompiledAllow]) -> [[CompiledAllow]] {
        RequestMethod.allCases.map { method in allows.filter { $0.methods.contains(method) } }
    }
}
