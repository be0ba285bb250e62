/// A route pattern parsed once at registration, such as
/// `/v1/projects/{project}/databases/{database}/documents/{path...}:runQuery`.
///
/// Elements are literal segments, `{name}` (exactly one segment) and, last only, `{name...}`
/// (one or more remaining segments). The last element may carry a custom verb suffix
/// (`:runQuery`), in the style of Google's API URLs. Matching works on the raw, still
/// percent-encoded segments; only captures of the winning route are decoded.
struct RoutePattern: Sendable, CustomStringConvertible {
    enum Element: Sendable, Equatable {
        case literal(String)
        case capture(String)
        case rest(String)
    }

    let elements: [Element]
    /// The custom verb without its colon, or `nil`.
    let verb: String?
    /// Number of literal elements; more literals means a more specific route.
    let literalCount: Int
    let description: String

    /// Parses `pattern`; an invalid pattern is a programmer error and traps with a message.
    init(_ pattern: String) {
        precondition(pattern.hasPrefix("/"), "Route pattern '\(pattern)' must start with '/'")
        var rawElements = Request.splitPath(Substring(pattern))
        var verb: String?
        if let last = rawElements.last {
            let searchStart = last.lastIndex(of: "}").map { last.index(after: $0) } ?? last.startIndex
            if let colon = last[searchStart...].lastIndex(of: ":") {
                let suffix = String(last[last.index(after: colon)...])
                precondition(
                    !suffix.isEmpty && !suffix.contains(where: { "{}/".contains($0) }),
                    "Route pattern '\(pattern)' has an invalid custom verb '\(suffix)'"
                )
                verb = suffix
                rawElements[rawElements.count - 1] = String(last[..<colon])
            }
        }
        var names = Set<String>()
        var elements: [Element] = []
        for (index, raw) in rawElements.enumerated() {
            if raw.hasPrefix("{") {
                precondition(raw.hasSuffix("}"), "Route pattern '\(pattern)': unterminated capture '\(raw)'")
                var name = String(raw.dropFirst().dropLast())
                let isRest = name.hasSuffix("...")
                if isRest {
                    name.removeLast(3)
                    precondition(
                        index == rawElements.count - 1,
                        "Route pattern '\(pattern)': '{\(name)...}' must be the last element"
                    )
                }
                precondition(
                    !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" },
                    "Route pattern '\(pattern)': invalid capture name '\(name)'"
                )
                precondition(names.insert(name).inserted, "Route pattern '\(pattern)': duplicate capture '\(name)'")
                elements.append(isRest ? .rest(name) : .capture(name))
            } else {
                precondition(
                    !raw.contains("{") && !raw.contains("}"),
                    "Route pattern '\(pattern)': braces are only allowed around a whole segment"
                )
                elements.append(.literal(raw))
            }
        }
        self.elements = elements
        self.verb = verb
        self.literalCount = elements.reduce(0) { count, element in
            if case .literal = element { return count + 1 }
            return count
        }
        self.description = pattern
    }

    /// Whether the raw `segments` match, without decoding anything.
    ///
    /// Cost: O(number of elements), comparing literal segments byte-wise.
    func matches(_ segments: [String]) -> Bool {
        guard let lastIndex = segments.indices.last else { return false }
        let hasRest: Bool
        if case .rest = self.elements.last { hasRest = true } else { hasRest = false }
        if hasRest ? segments.count < self.elements.count : segments.count != self.elements.count {
            return false
        }
        var lastSegment = Substring(segments[lastIndex])
        if let verb = self.verb {
            guard let stripped = RoutePattern.strip(verb: verb, from: lastSegment) else { return false }
            lastSegment = stripped
        }
        for (index, element) in self.elements.enumerated() {
            guard case .literal(let literal) = element else { continue }
            if index == lastIndex {
                if lastSegment != literal { return false }
            } else if segments[index] != literal {
                return false
            }
        }
        return true
    }

    /// Decodes the captures of a path that ``matches(_:)`` accepted.
    func parameters(for segments: [String]) -> Result<RouteParameters, RoutingFailure> {
        var raw = segments
        if let verb = self.verb, let last = raw.last, let stripped = RoutePattern.strip(verb: verb, from: Substring(last)) {
            raw[raw.count - 1] = String(stripped)
        }
        var captures: [RouteParameters.Capture] = []
        captures.reserveCapacity(self.elements.count - self.literalCount)
        for (index, element) in self.elements.enumerated() {
            switch element {
            case .literal:
                continue
            case .capture(let name):
                switch RoutePattern.decode(raw[index]) {
                case .success(let value): captures.append(.init(name: name, value: .segment(value)))
                case .failure(let failure): return .failure(failure)
                }
            case .rest(let name):
                var values: [String] = []
                values.reserveCapacity(raw.count - index)
                for segment in raw[index...] {
                    switch RoutePattern.decode(segment) {
                    case .success(let value): values.append(value)
                    case .failure(let failure): return .failure(failure)
                    }
                }
                captures.append(.init(name: name, value: .rest(values)))
            }
        }
        return .success(RouteParameters(captures: captures, verb: self.verb))
    }

    /// The segment without its `:verb` suffix, or `nil` when it does not end with it.
    private static func strip(verb: String, from segment: Substring) -> Substring? {
        guard segment.utf8.count > verb.utf8.count, segment.hasSuffix(verb) else { return nil }
        let beforeVerb = segment.dropLast(verb.count)
        guard beforeVerb.last == ":" else { return nil }
        return beforeVerb.dropLast()
    }

    private static func decode(_ segment: String) -> Result<String, RoutingFailure> {
        switch PercentDecoding.decode(Substring(segment)) {
        case .success(let value):
            return .success(value)
        case .failure(.invalidEscape(let escape)):
            return .failure(
                .malformedPath(
                    "Invalid percent-encoding '\(escape)' in path segment '\(segment)': "
                        + "'%' must be followed by two hexadecimal digits (encode '%' itself as %25)."
                )
            )
        case .failure(.invalidUTF8):
            return .failure(
                .malformedPath("Path segment '\(segment)' does not percent-decode to valid UTF-8 text.")
            )
        }
    }
}
