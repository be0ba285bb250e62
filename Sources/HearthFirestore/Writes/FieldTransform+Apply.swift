extension FieldTransform {
    /// The field's new value given its current one (nil when absent), with production's type
    /// rules (reference §5); and the value reported in `transformResults`.
    ///
    /// - increment: int + int saturates at the int64 bounds; a double on either side gives an
    ///   IEEE double; a missing or non-numeric field becomes the operand.
    /// - maximum/minimum: the larger/smaller by numeric value, keeping the stored value when
    ///   the two are equivalent (3 vs 3.0, 0 vs -0.0); NaN on either side gives NaN; a missing
    ///   or non-numeric field becomes the operand.
    /// - array union/removal: equality is Firestore equivalence; a non-array field starts as [].
    func apply(to current: FirestoreValue?, at commitTime: Timestamp) -> (value: FirestoreValue, result: FirestoreValue) {
        switch self.kind {
        case .serverRequestTime:
            let millis = Timestamp(seconds: commitTime.seconds, nanos: commitTime.nanos / 1_000_000 * 1_000_000)
            return (.timestamp(millis), .timestamp(millis))
        case .increment(let operand):
            let value = Self.increment(current, by: operand)
            return (value, value)
        case .maximum(let operand):
            let value = Self.extreme(current, operand, keepLarger: true)
            return (value, value)
        case .minimum(let operand):
            let value = Self.extreme(current, operand, keepLarger: false)
            return (value, value)
        case .appendMissingElements(let elements):
            var array = current?.arrayValue ?? []
            for element in elements where !array.contains(where: { $0.isEquivalent(to: element) }) {
                array.append(element)
            }
            return (.array(array), .null)
        case .removeAllFromArray(let elements):
            let array = (current?.arrayValue ?? []).filter { value in !elements.contains { value.isEquivalent(to: $0) } }
            return (.array(array), .null)
        }
    }

    private static func increment(_ current: FirestoreValue?, by operand: FirestoreValue) -> FirestoreValue {
        switch (current, operand) {
        case (.integer(let a)?, .integer(let b)):
            let (sum, overflow) = a.addingReportingOverflow(b)
            return overflow ? .integer(b > 0 ? .max : .min) : .integer(sum)
        case (.integer(let a)?, .double(let b)):
            return .double(Double(a) + b)
        case (.double(let a)?, .integer(let b)):
            return .double(a + Double(b))
        case (.double(let a)?, .double(let b)):
            return .double(a + b)
        default:
            return operand
        }
    }

    private static func extreme(_ current: FirestoreValue?, _ operand: FirestoreValue, keepLarger: Bool) -> FirestoreValue {
        guard let current, current.isNumber else { return operand }
        if current.isNaN || operand.isNaN { return .double(.nan) }
        switch FirestoreValue.compare(current, operand) {
        case .same: return current
        case .ascending: return keepLarger ? operand : current
        case .descending: return keepLarger ? current : operand
        }
    }

    /// Transforms must name real, distinct fields (production: at most one transform per field,
    /// none on `__name__` or reserved names, at most 500 per document per commit).
    static func validate(_ transforms: [FieldTransform], for name: String) throws(FirestoreError) {
        if transforms.count > 500 {
            throw .invalidArgument("A write to \(name) has \(transforms.count) field transforms; the limit is 500.")
        }
        var seen: Set<FieldPath> = []
        for transform in transforms {
            if transform.field.isReserved || transform.field == .documentID {
                throw .invalidArgument("Cannot transform reserved field '\(transform.field.canonicalString)' of \(name).")
            }
            if !seen.insert(transform.field).inserted {
                throw .invalidArgument("Field '\(transform.field.canonicalString)' of \(name) is transformed more than once in one write.")
            }
            switch transform.kind {
            case .increment(let operand), .maximum(let operand), .minimum(let operand):
                guard operand.isNumber else {
                    throw .invalidArgument("The operand of a numeric transform on '\(transform.field.canonicalString)' must be an integer or a double.")
                }
            default:
                break
            }
        }
    }
}
