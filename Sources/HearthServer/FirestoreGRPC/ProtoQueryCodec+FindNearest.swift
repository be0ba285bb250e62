import HearthFirestore
import HearthFirestoreProto
import SwiftProtobuf

/// `StructuredQuery.FindNearest` (protobuf) → `VectorSearch`, with the JSON codec's checks and
/// messages.
extension ProtoQueryCodec {
    static func decode(_ nearest: Proto.FindNearest, at location: String) throws(FirestoreError) -> VectorSearch {
        guard nearest.hasVectorField else { throw .invalidArgument("Invalid value at '\(location)': vector_field is required.") }
        guard nearest.hasQueryVector else { throw .invalidArgument("Invalid value at '\(location)': query_vector is required.") }
        let measure: VectorSearch.Measure
        switch nearest.distanceMeasure {
        case .euclidean: measure = .euclidean
        case .cosine: measure = .cosine
        case .dotProduct: measure = .dotProduct
        case .unspecified, .UNRECOGNIZED:
            throw .invalidArgument("Invalid value at '\(location).distance_measure': EUCLIDEAN, COSINE or DOT_PRODUCT is required.")
        }
        guard nearest.hasLimit else { throw .invalidArgument("Invalid value at '\(location)': limit is required.") }
        return try VectorSearch(
            field: try self.field(nearest.vectorField, at: "\(location).vector_field"),
            queryVector: try ProtoValueCodec.decode(nearest.queryVector, at: "\(location).query_vector"),
            measure: measure, limit: Int(nearest.limit.value),
            distanceResultField: try QueryCodec.resultField(nearest.distanceResultField, at: "\(location).distance_result_field"),
            distanceThreshold: nearest.hasDistanceThreshold ? nearest.distanceThreshold.value : nil)
    }
}
