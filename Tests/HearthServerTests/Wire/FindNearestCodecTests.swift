import HearthFirestore
import HearthFirestoreProto
import HearthJSON
import SwiftProtobuf
import Testing

@testable import HearthServer

/// `findNearest` read by both wire codecs from the same proto3 JSON: REST's `QueryCodec`, and
/// gRPC's `ProtoQueryCodec` from the message SwiftProtobuf builds of that JSON. Each case gives
/// the same search or the same refusal through both.
@Suite struct FindNearestCodecTests {
    static let vector = #"{"mapValue":{"fields":{"__type__":{"stringValue":"__vector__"},"value":{"arrayValue":{"values":[{"doubleValue":1},{"integerValue":"2"}]}}}}}"#

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var findNearest: String
        /// The search expected, or nil when refused with a message containing `refusal`.
        var measure: VectorSearch.Measure?
        var refusal: String = ""
        var testDescription: String { self.name }
    }

    static let cases: [Case] = [
        Case(
            name: "every member",
            findNearest: #"{"vectorField":{"fieldPath":"a.e"},"queryVector":\#(vector),"distanceMeasure":"COSINE","limit":3,"distanceResultField":"out.d","distanceThreshold":0.5}"#,
            measure: .cosine),
        Case(
            name: "an enum by number",
            findNearest: #"{"vectorField":{"fieldPath":"e"},"queryVector":\#(vector),"distanceMeasure":3,"limit":1}"#, measure: .dotProduct),
        Case(
            name: "no measure", findNearest: #"{"vectorField":{"fieldPath":"e"},"queryVector":\#(vector),"limit":1}"#,
            refusal: "EUCLIDEAN, COSINE or DOT_PRODUCT is required"),
        Case(
            name: "no limit", findNearest: #"{"vectorField":{"fieldPath":"e"},"queryVector":\#(vector),"distanceMeasure":"EUCLIDEAN"}"#,
            refusal: "limit is required"),
        Case(
            name: "no field", findNearest: #"{"queryVector":\#(vector),"distanceMeasure":"EUCLIDEAN","limit":1}"#,
            refusal: "is required"),
        Case(
            name: "not a vector",
            findNearest: #"{"vectorField":{"fieldPath":"e"},"queryVector":{"stringValue":"x"},"distanceMeasure":"EUCLIDEAN","limit":1}"#,
            refusal: "must be a vector"),
        Case(
            name: "a limit of 0", findNearest: #"{"vectorField":{"fieldPath":"e"},"queryVector":\#(vector),"distanceMeasure":"EUCLIDEAN","limit":0}"#,
            refusal: "between 1 and 1000"),
    ]

    static func structuredQuery(_ findNearest: String) -> String {
        #"{"from":[{"collectionId":"c"}],"findNearest":\#(findNearest)}"#
    }

    @Test(arguments: Self.cases)
    func bothCodecsReadItAlike(_ testCase: Case) throws {
        let json = Self.structuredQuery(testCase.findNearest)
        let rest = Result { () throws(FirestoreError) in try QueryCodec.decode(try? JSONParser.parse(json), parent: nil) }
        let proto = try Google_Firestore_V1_StructuredQuery(jsonString: json)
        let grpc = Result { () throws(FirestoreError) in try ProtoQueryCodec.decode(proto, parent: nil) }
        for (codec, result) in [("REST", rest), ("gRPC", grpc)] {
            switch result {
            case .success(let query):
                #expect(query.findNearest?.measure == testCase.measure, "\(codec)")
                #expect(query.findNearest?.queryVector == [1, 2], "\(codec)")
            case .failure(let error):
                #expect(testCase.measure == nil, "\(codec): \(error.message)")
                #expect(error.code == .invalidArgument, "\(codec)")
                #expect(error.message.contains(testCase.refusal), "\(codec): \(error.message)")
            }
        }
        if case .success(let query) = rest, case .success(let other) = grpc { #expect(query == other) }
    }
}
