import Foundation
import HearthFirestoreProto
import SwiftProtobuf

/// A read request with a `consistency_selector` oneof (`transaction` | `new_transaction` |
/// `read_time`), read as the one ``ProtoConsistency/Selector`` that `ProtoConsistency.decode`
/// takes.
///
/// Why one reading serves all five requests: the generator gives each request its own oneof
/// enum, but their members differ only in which of three payload types they carry, and each
/// type belongs to one member (`Data` → `transaction`, `TransactionOptions` → `new_transaction`,
/// `Timestamp` → `read_time`). So the set member is told by its payload's type, read through
/// `Mirror`: one small allocation per request, next to the request's own decoding.
/// `ProtoConsistencyRequestTests` pins every member of every conforming request, so a
/// regenerated enum that breaks this shows up there, not as a read that ignores its selector.
protocol ProtoConsistencyRequest {
    /// The request's generated `OneOf_ConsistencySelector`.
    associatedtype ConsistencySelector
    var consistencySelector: ConsistencySelector? { get }
}

extension ProtoConsistencyRequest {
    /// The member that is set, nil when none is (a read of the latest data).
    var consistency: ProtoConsistency.Selector? {
        guard let selector = self.consistencySelector else { return nil }
        switch Mirror(reflecting: selector).children.first?.value {
        case let bytes as Data: return .transaction(bytes)
        case let options as Google_Firestore_V1_TransactionOptions: return .newTransaction(options)
        case let time as Google_Protobuf_Timestamp: return .readTime(time)
        default: return nil
        }
    }
}

extension Google_Firestore_V1_GetDocumentRequest: ProtoConsistencyRequest {}
extension Google_Firestore_V1_ListDocumentsRequest: ProtoConsistencyRequest {}
extension Google_Firestore_V1_BatchGetDocumentsRequest: ProtoConsistencyRequest {}
extension Google_Firestore_V1_RunQueryRequest: ProtoConsistencyRequest {}
extension Google_Firestore_V1_RunAggregationQueryRequest: ProtoConsistencyRequest {}
