/// A REST read's query: `orderBy`, range bounds, a limit, and `shallow` (`rtdb.md` §1.3, §1.5).
///
/// Built from the raw (already URL-decoded) query parameters by ``init(parameters:)``; unknown
/// parameters are ignored, as recommended for an emulator. Evaluation is in
/// `DatabaseQuery+Evaluation.swift`.
public struct DatabaseQuery: Sendable, Equatable {
    /// What children are ordered by.
    public enum Index: Sendable, Hashable {
        /// `"$key"`: key order.
        case key
        /// `"$value"`: the child's own value.
        case value
        /// `"$priority"`: the child's priority.
        case priority
        /// `"a/b"`: the value at that path below each child (missing counts as `null`).
        case child(DatabasePath)
    }

    public enum Limit: Sendable, Hashable {
        case first(Int)
        case last(Int)
    }

    /// nil when no `orderBy` was given (a plain read, or `shallow` with a limit, which orders by key).
    public var index: Index?
    public var start: QueryBound?
    public var end: QueryBound?
    public var limit: Limit?
    /// `shallow=true`: children of an object render as `true`.
    public var shallow: Bool
    /// The bounds came from `equalTo` (not `startAt` + `endAt` of the same value), which the
    /// rules' `query.equalTo` reports.
    public var isEquality = false

    public init(index: Index? = nil, start: QueryBound? = nil, end: QueryBound? = nil, limit: Limit? = nil, shallow: Bool = false) {
        self.index = index
        self.start = start
        self.end = end
        self.limit = limit
        self.shallow = shallow
    }

    /// Whether children are selected (ordered, ranged or limited) rather than returned whole.
    public var isFiltered: Bool {
        self.index != nil || self.start != nil || self.end != nil || self.limit != nil
    }

    /// The parameters this type reads; the caller may pass all of a request's parameters.
    public static let parameterNames: Set<String> = [
        "orderBy", "startAt", "startAfter", "endAt", "endBefore", "equalTo", "limitToFirst", "limitToLast", "shallow",
    ]
}
