import Foundation
import HearthFirestore
import HearthFirestoreProto
import SwiftProtobuf

/// A read's `consistency_selector` oneof (`transaction` | `new_transaction` | `read_time`) and
/// `TransactionOptions` (protobuf) → domain values: the gRPC twin of `ConsistencyCodec`. Each
/// request type has its own generated oneof, so callers pass whichever member was set.
enum ProtoConsistency {
    enum Selector {
        case transaction(Data)
        case newTransaction(Google_Firestore_V1_TransactionOptions)
        case readTime(Google_Protobuf_Timestamp)
    }

    static func decode(_ selector: Selector?) throws(FirestoreError) -> ReadConsistency {
        switch selector {
        case nil: return .latest
        case .transaction(let bytes): return .transaction(try self.transactionID(bytes, at: "transaction"))
        case .newTransaction(let options): return .newTransaction(try self.decode(options))
        case .readTime(let time): return .readTime(try ProtoValueCodec.timestamp(time, at: "read_time"))
        }
    }

    static func decode(_ options: Google_Firestore_V1_TransactionOptions) throws(FirestoreError) -> TransactionMode {
        switch options.mode {
        case .readOnly(let readOnly):
            guard case .readTime(let time) = readOnly.consistencySelector else { return .readOnly(readTime: nil) }
            return .readOnly(readTime: try ProtoValueCodec.timestamp(time, at: "options.read_only.read_time"))
        case .readWrite, nil:
            return .readWrite
        }
    }

    static func transactionID(_ bytes: Data, at location: String) throws(FirestoreError) -> TransactionID {
        guard !bytes.isEmpty else {
            throw .invalidArgument("Invalid value at '\(location)': an empty transaction ID (pass the bytes BeginTransaction returned).")
        }
        return TransactionID(bytes: Array(bytes))
    }
}
