/// The result of `a.diff(b)`: `a` is the new map, `b` the old one (`request.resource.data.diff(resource.data)`).
public struct MapDiff: Sendable {
    public var left: [String: RuleValue]
    public var right: [String: RuleValue]

    public init(left: [String: RuleValue], right: [String: RuleValue]) {
        self.left = left
        self.right = right
    }
}
