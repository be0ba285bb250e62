/// Field-path access into nested maps: the semantics of update masks, read masks and transforms.
extension MapValue {
    /// The value at `path`, or `nil` if any segment is missing or an intermediate value is not a map.
    public func value(at path: FieldPath) -> FirestoreValue? {
        guard let first = path.segments.first else { return nil }
        var current = self.fields[first]
        for segment in path.segments.dropFirst() {
            guard case .map(let map)? = current else { return nil }
            current = map.fields[segment]
        }
        return current
    }

    /// Sets the value at `path`, creating intermediate maps and replacing any non-map intermediate
    /// (as an update mask `a.b` does when `a` is a string). An empty path does nothing.
    public mutating func setValue(_ value: FirestoreValue, at path: FieldPath) {
        self.setValue(value, at: path.segments[...])
    }

    private mutating func setValue(_ value: FirestoreValue, at segments: ArraySlice<String>) {
        guard let first = segments.first else { return }
        if segments.count == 1 {
            self.fields[first] = value
            return
        }
        var child: MapValue
        if case .map(let existing)? = self.fields[first] {
            child = existing
        } else {
            child = MapValue()
        }
        // Drop our reference so the child map is uniquely referenced and mutated in place.
        self.fields[first] = nil
        child.setValue(value, at: segments.dropFirst())
        self.fields[first] = .map(child)
    }

    /// Removes the value at `path` if present; intermediate maps are kept (even if left empty), as
    /// deleting `a.b` through an update mask leaves `a: {}`.
    public mutating func removeValue(at path: FieldPath) {
        self.removeValue(at: path.segments[...])
    }

    private mutating func removeValue(at segments: ArraySlice<String>) {
        guard let first = segments.first else { return }
        if segments.count == 1 {
            self.fields[first] = nil
            return
        }
        guard case .map(var child)? = self.fields[first] else { return }
        self.fields[first] = nil
        child.removeValue(at: segments.dropFirst())
        self.fields[first] = .map(child)
    }

    /// The fields selected by a mask: each path keeps the value at that path (whole subtree),
    /// nested inside the maps leading to it. Paths that do not exist are skipped, so an empty
    /// result means no masked field exists. This is the semantics of `mask.fieldPaths` and
    /// `select`.
    public func projected(onto paths: [FieldPath]) -> MapValue {
        var result = MapValue()
        for path in paths {
            if let value = self.value(at: path) {
                result.setValue(value, at: path)
            }
        }
        return result
    }
}
