/// What one pass of a fan-out works out once per key and shares between streams (the rules in
/// force for a project, the encoding of a change for an encoder), looked up first against the
/// last key asked for: consecutive streams nearly always share it (a thousand listeners of one
/// query or location), and comparing two keys costs less than hashing one into the dictionary.
/// Lives for one pass; costs an entry per distinct key.
struct FanoutMemo<Key: Hashable, Value> {
    private var values: [Key: Value] = [:]
    private var last: (key: Key, value: Value)?

    /// The value kept for `key`, if any.
    mutating func value(for key: Key) -> Value? {
        if let last, last.key == key { return last.value }
        guard let known = self.values[key] else { return nil }
        self.last = (key, known)
        return known
    }

    /// Keeps `value` for `key`.
    mutating func keep(_ value: Value, for key: Key) {
        self.values[key] = value
        self.last = (key, value)
    }

    /// The value kept for `key`, or `make()`'s, kept.
    mutating func value(for key: Key, make: () -> Value) -> Value {
        if let known = self.value(for: key) { return known }
        let made = make()
        self.keep(made, for: key)
        return made
    }
}
