import HearthFirestoreProto

// Each read request's generated `consistency_selector` oneof, as the one selector type
// `ProtoConsistency.decode` takes (the generated enums differ per message, their cases do not).

extension Google_Firestore_V1_GetDocumentRequest {
    var consistency: ProtoConsistency.Selector? {
        switch self.consistencySelector {
        case .transaction(let bytes): .transaction(bytes)
        case .readTime(let time): .readTime(time)
        case nil: nil
        }
    }
}

extension Google_Firestore_V1_ListDocumentsRequest {
    var consistency: ProtoConsistency.Selector? {
        switch self.consistencySelector {
        case .transaction(let bytes): .transaction(bytes)
        case .readTime(let time): .readTime(time)
        case nil: nil
        }
    }
}

extension Google_Firestore_V1_BatchGetDocumentsRequest {
    var consistency: ProtoConsistency.Selector? {
        switch self.consistencySelector {
        case .transaction(let bytes): .transaction(bytes)
        case .newTransaction(let options): .newTransaction(options)
        case .readTime(let time): .readTime(time)
        case nil: nil
        }
    }
}

extension Google_Firestore_V1_RunQueryRequest {
    var consistency: ProtoConsistency.Selector? {
        switch self.consistencySelector {
        case .transaction(let bytes): .transaction(bytes)
        case .newTransaction(let options): .newTransaction(options)
        case .readTime(let time): .readTime(time)
        case nil: nil
        }
    }
}

extension Google_Firestore_V1_RunAggregationQueryRequest {
    var consistency: ProtoConsistency.Selector? {
        switch self.consistencySelector {
        case .transaction(let bytes): .transaction(bytes)
        case .newTransaction(let options): .newTransaction(options)
        case .readTime(let time): .readTime(time)
        case nil: nil
        }
    }
}
