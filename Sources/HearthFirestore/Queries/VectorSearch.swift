/// A query's `findNearest` stage (vector search, `StructuredQuery.FindNearest`): the `limit`
/// documents whose vector in `field` is nearest to `queryVector` by `measure`, nearest first.
///
/// Production's semantics (query.proto): it applies after the query's other stages, its order
/// supersedes `orderBy`, only documents whose field holds a vector of the query vector's
/// dimension take part, `distanceThreshold` keeps documents at most that far (EUCLIDEAN,
/// COSINE) or at least that similar (DOT_PRODUCT), and `distanceResultField` writes each
/// result's distance into it. Production walks a vector index; here every candidate is
/// measured: O(n · d) for n candidates of d dimensions, then O(n log n) to rank them, which is
/// what an emulator's data sizes allow. Unlike the emulator suite (firebase-tools#8077), a
/// vector in a nested field (`a.b`) is found like any other.
public struct VectorSearch: Sendable, Hashable {
    /// How distance is measured (`FindNearest.DistanceMeasure`).
    public enum Measure: String, Sendable, Hashable {
        /// Straight-line distance: smaller is nearer.
        case euclidean = "EUCLIDEAN"
        /// One minus the cosine of the angle between the vectors: smaller is nearer; a vector
        /// of length zero has no angle and takes no part.
        case cosine = "COSINE"
        /// The dot product: larger is nearer (production calls it a distance all the same).
        case dotProduct = "DOT_PRODUCT"
    }

    /// Production's bounds: at most 2,048 dimensions and 1,000 results.
    public static let maxDimensions = 2048
    public static let maxLimit = 1000

    public var field: FieldPath
    public var queryVector: [Double]
    public var measure: Measure
    public var limit: Int
    /// Where each result's distance is written (a `doubleValue`); nil writes nothing.
    public var distanceResultField: FieldPath?
    public var distanceThreshold: Double?

    /// - Throws: INVALID_ARGUMENT for what production refuses: a query vector that is not a
    ///   vector of numbers, or has no or more than 2,048 dimensions; a limit outside 1 to
    ///   1,000; a reserved result field; a threshold that is not a number.
    public init(
        field: FieldPath, queryVector: FirestoreValue, measure: Measure, limit: Int, distanceResultField: FieldPath? = nil,
        distanceThreshold: Double? = nil
    ) throws(FirestoreError) {
        guard case .map(let map) = queryVector, let elements = map.vectorValues else {
            throw .invalidArgument(
                "findNearest.queryVector must be a vector (a map with __type__ \"__vector__\" and a value array, what the SDKs' Vector encodes), got \(queryVector.kindName)."
            )
        }
        var vector: [Double] = []
        vector.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard let number = Self.number(element) else {
                throw .invalidArgument("findNearest.queryVector element \(index) must be a number, got \(element.kindName).")
            }
            vector.append(number)
        }
        guard (1...Self.maxDimensions).contains(vector.count) else {
            throw .invalidArgument(
                "findNearest.queryVector has \(vector.count) dimensions; a query vector needs 1 to \(Self.maxDimensions).")
        }
        guard (1...Self.maxLimit).contains(limit) else {
            throw .invalidArgument("findNearest.limit must be between 1 and \(Self.maxLimit) (got \(limit)).")
        }
        if let distanceResultField, distanceResultField.isReserved {
            throw .invalidArgument(
                "findNearest.distanceResultField '\(distanceResultField.canonicalString)' is a reserved field name; choose another.")
        }
        if let distanceThreshold, !distanceThreshold.isFinite {
            throw .invalidArgument("findNearest.distanceThreshold must be a finite number (got \(distanceThreshold)).")
        }
        self.field = field
        self.queryVector = vector
        self.measure = measure
        self.limit = limit
        self.distanceResultField = distanceResultField
        self.distanceThreshold = distanceThreshold
    }

    /// The nearest of `candidates`, nearest first (ties in document-name order, so a result
    /// does not change from one run to the next), each with its distance in
    /// `distanceResultField` if one is named.
    public func nearest(_ candidates: [Document]) -> [Document] {
        var measured: [(distance: Double, document: Document)] = []
        for document in candidates {
            guard let distance = self.distance(to: document), self.admits(distance) else { continue }
            measured.append((distance, document))
        }
        let largerIsNearer = self.measure == .dotProduct
        measured.sort { a, b in
            if a.distance != b.distance { return largerIsNearer ? a.distance > b.distance : a.distance < b.distance }
            return a.document.path < b.document.path
        }
        return measured.prefix(self.limit).map { distance, document in
            guard let resultField = self.distanceResultField else { return document }
            var written = document
            written.fields.setValue(.double(distance), at: resultField)
            return written
        }
    }

    /// The distance from the query vector to the document's vector; nil when the field holds
    /// no vector of numbers of the query's dimension (or, for COSINE, a vector of length zero).
    func distance(to document: Document) -> Double? {
        guard case .map(let map)? = document.fields.value(at: self.field), let elements = map.vectorValues,
            elements.count == self.queryVector.count
        else { return nil }
        var dot = 0.0
        var squaredDistance = 0.0
        var documentNorm = 0.0
        var queryNorm = 0.0
        for (element, q) in zip(elements, self.queryVector) {
            guard let x = Self.number(element) else { return nil }
            dot += x * q
            squaredDistance += (x - q) * (x - q)
            documentNorm += x * x
            queryNorm += q * q
        }
        switch self.measure {
        case .euclidean:
            return squaredDistance.squareRoot()
        case .dotProduct:
            return dot
        case .cosine:
            guard documentNorm > 0, queryNorm > 0 else { return nil }
            return 1 - dot / (documentNorm.squareRoot() * queryNorm.squareRoot())
        }
    }

    private func admits(_ distance: Double) -> Bool {
        guard let threshold = self.distanceThreshold else { return true }
        return self.measure == .dotProduct ? distance >= threshold : distance <= threshold
    }

    private static func number(_ value: FirestoreValue) -> Double? {
        switch value {
        case .double(let number): number
        case .integer(let number): Double(number)
        default: nil
        }
    }
}
