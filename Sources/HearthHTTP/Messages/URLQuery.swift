/// The parsed query string of a request URI (the part after `?`).
///
/// Parsed once when the request is built: pairs are split on `&`, names from values on the
/// first `=`, and both are percent-decoded with `+` meaning space
/// (`application/x-www-form-urlencoded`, which is what browsers and Google's client libraries
/// send). Parsing never fails: a malformed escape such as `%ZZ` is kept literally, because a
/// query parameter the server does not understand is for the route to reject with its own
/// error format. Lookups are linear; queries are short.
public struct URLQuery: Sendable {
    /// The decoded pairs in their original order; a name without `=` has an empty value.
    public var items: [(name: String, value: String)]

    /// Parses a raw query string (without the leading `?`).
    public init(_ rawQuery: String) {
        self.items = []
        guard !rawQuery.isEmpty else { return }
        for piece in rawQuery.split(separator: "&", omittingEmptySubsequences: true) {
            let name: Substring
            let value: Substring
            if let equals = piece.firstIndex(of: "=") {
                name = piece[..<equals]
                value = piece[piece.index(after: equals)...]
            } else {
                name = piece
                value = ""
            }
            self.items.append(
                (
                    name: PercentDecoding.decodeLeniently(name, plusAsSpace: true),
                    value: PercentDecoding.decodeLeniently(value, plusAsSpace: true)
                )
            )
        }
    }

    /// Creates a query from already-decoded pairs.
    public init(items: [(name: String, value: String)]) {
        self.items = items
    }

    /// Every value given for `name` (exact, case-sensitive match), in order.
    public func values(for name: String) -> [String] {
        self.items.lazy.filter { $0.name == name }.map(\.value)
    }

    /// The first value given for `name`, or `nil`.
    public func first(_ name: String) -> String? {
        self.items.first { $0.name == name }?.value
    }

    /// Whether the query has no parameters at all.
    public var isEmpty: Bool { self.items.isEmpty }
}
