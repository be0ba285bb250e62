import Foundation
import HearthFirestoreProto
import SwiftProtobuf
import Testing

@testable import HearthServer

/// Every member of every request's generated `consistency_selector` oneof is read as its
/// selector (the reading tells them apart by payload type, see `ProtoConsistencyRequest`), and
/// no member set reads as none.
@Suite struct ProtoConsistencyRequestTests {
    static let bytes = Data([1, 2, 3])
    static let time = Google_Protobuf_Timestamp(seconds: 1_764_000_000, nanos: 5)
    static let options: Google_Firestore_V1_TransactionOptions = {
        var options = Google_Firestore_V1_TransactionOptions()
        options.readOnly = .init()
        return options
    }()

    /// What a selector says, comparable (the selector itself is not `Equatable`).
    static func describe(_ selector: ProtoConsistency.Selector?) -> String {
        switch selector {
        case nil: "none"
        case .transaction(let bytes): "transaction \(Array(bytes))"
        case .newTransaction(let options): "new_transaction \(options == Self.options)"
        case .readTime(let time): "read_time \(time.seconds).\(time.nanos)"
        }
    }

    static let expected = [
        "none", "transaction [1, 2, 3]", "read_time 1764000000.5", "new_transaction true",
    ]

    @Test func getDocumentAndListDocumentsReadTheirTwoMembers() {
        var get = Google_Firestore_V1_GetDocumentRequest()
        var list = Google_Firestore_V1_ListDocumentsRequest()
        var seen: [[String]] = [[Self.describe(get.consistency), Self.describe(list.consistency)]]
        get.transaction = Self.bytes
        list.transaction = Self.bytes
        seen.append([Self.describe(get.consistency), Self.describe(list.consistency)])
        get.readTime = Self.time
        list.readTime = Self.time
        seen.append([Self.describe(get.consistency), Self.describe(list.consistency)])
        #expect(seen == Self.expected.prefix(3).map { [$0, $0] })
    }

    @Test func batchGetRunQueryAndAggregationReadTheirThreeMembers() {
        var batch = Google_Firestore_V1_BatchGetDocumentsRequest()
        var query = Google_Firestore_V1_RunQueryRequest()
        var aggregation = Google_Firestore_V1_RunAggregationQueryRequest()
        func read() -> [String] {
            [Self.describe(batch.consistency), Self.describe(query.consistency), Self.describe(aggregation.consistency)]
        }
        var seen = [read()]
        batch.transaction = Self.bytes
        query.transaction = Self.bytes
        aggregation.transaction = Self.bytes
        seen.append(read())
        batch.readTime = Self.time
        query.readTime = Self.time
        aggregation.readTime = Self.time
        seen.append(read())
        batch.newTransaction = Self.options
        query.newTransaction = Self.options
        aggregation.newTransaction = Self.options
        seen.append(read())
        #expect(seen == Self.expected.map { [$0, $0, $0] })
    }
}
