import HearthCore

extension DatabaseWrite {
    /// One entry of a multi-path update: a path relative to the update's location and its new
    /// value (nil deletes, as `null` does in a `PATCH` body).
    public struct Change: Sendable, Hashable {
        public var path: [String]
        public var value: RulesDataTree?

        public init(path: [String], value: RulesDataTree?) {
            self.path = path
            self.value = value
        }

        /// A change from a `PATCH` body key such as `"b/c"` (empty segments are ignored).
        public init(key: String, value: RulesDataTree?) {
            self.init(path: key.slashSeparated(omittingEmpty: true), value: value)
        }
    }
}
