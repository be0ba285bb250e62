/// One aggregation of `runAggregationQuery`: a function and the alias its result is named by.
public struct Aggregation: Sendable, Hashable {
    public enum Function: Sendable, Hashable {
        /// The number of documents, stopping at `upTo` when given.
        case count(upTo: Int64?)
        case sum(FieldPath)
        case average(FieldPath)
    }

    public var alias: String
    public var function: Function

    public init(alias: String, function: Function) {
        self.alias = alias
        self.function = function
    }
}

extension Aggregation.Function {
    /// The aggregate over `documents`, with production's result types (reference §1.2):
    /// count is an integer; sum skips non-numbers, stays an integer while every addend is an
    /// integer and nothing overflows, else is a double, and is NaN if any addend is NaN, 0 for
    /// no addends; average is always a double, null for no addends. O(n).
    public func evaluate(over documents: [Document]) -> FirestoreValue {
        switch self {
        case .count(let upTo):
            let count = Int64(documents.count)
            return .integer(upTo.map { min($0, count) } ?? count)
        case .sum(let field):
            var integerSum: Int64? = 0
            var doubleSum = 0.0
            for value in Self.numbers(field, in: documents) {
                switch value {
                case .integer(let n):
                    doubleSum += Double(n)
                    if let current = integerSum {
                        let (sum, overflow) = current.addingReportingOverflow(n)
                        integerSum = overflow ? nil : sum
                    }
                case .double(let d):
                    doubleSum += d
                    integerSum = nil
                default: break
                }
            }
            return integerSum.map(FirestoreValue.integer) ?? .double(doubleSum)
        case .average(let field):
            var total = 0.0
            var count = 0
            for value in Self.numbers(field, in: documents) {
                if case .integer(let n) = value { total += Double(n) } else if case .double(let d) = value { total += d }
                count += 1
            }
            return count == 0 ? .null : .double(total / Double(count))
        }
    }

    private static func numbers(_ field: FieldPath, in documents: [Document]) -> [FirestoreValue] {
        documents.compactMap { document in
            guard let value = document.fields.value(at: field), value.isNumber else { return nil }
            return value
        }
    }
}
