import HearthFirestore

/// `StructuredQuery.FindNearest` in JSON → `VectorSearch`.
extension QueryCodec {
    static let findNearestMembers: Set<String> = [
        "vectorField", "queryVector", "distanceMeasure", "limit", "distanceResultField", "distanceThreshold",
    ]

    /// `findNearest` (`StructuredQuery.FindNearest`): every member but the result field and the
    /// threshold is required, as production requires them.
    static func decodeFindNearest(_ nearest: WireObject) throws(FirestoreError) -> VectorSearch {
        guard let field = try nearest.fieldReference("vectorField") else {
            throw .invalidArgument("Invalid value at '\(nearest.location)': vectorField is required.")
        }
        guard let vector = try nearest.value("queryVector") else {
            throw .invalidArgument("Invalid value at '\(nearest.location)': queryVector is required.")
        }
        let measures: [(String, Int, VectorSearch.Measure?)] = [
            ("EUCLIDEAN", 1, .euclidean), ("COSINE", 2, .cosine), ("DOT_PRODUCT", 3, .dotProduct), ("DISTANCE_MEASURE_UNSPECIFIED", 0, nil),
        ]
        guard let measure = try nearest.enumeration("distanceMeasure", measures) ?? nil else {
            throw .invalidArgument("Invalid value at '\(nearest.location).distance_measure': EUCLIDEAN, COSINE or DOT_PRODUCT is required.")
        }
        guard let limit = try nearest.integer("limit") else {
            throw .invalidArgument("Invalid value at '\(nearest.location)': limit is required.")
        }
        return try VectorSearch(
            field: field, queryVector: vector, measure: measure, limit: Int(clamping: limit),
            distanceResultField: try self.resultField(nearest.string("distanceResultField"), at: nearest.path("distance_result_field")),
            distanceThreshold: try nearest.double("distanceThreshold"))
    }

    /// `distanceResultField`: a field path (the SDKs send `FieldPath`s' canonical strings); empty
    /// is none.
    static func resultField(_ text: String?, at location: String) throws(FirestoreError) -> FieldPath? {
        guard let text, !text.isEmpty else { return nil }
        do { return try FieldPath(parsing: text) } catch { throw .invalidArgument("Invalid value at '\(location)': \(error.message)") }
    }
}
