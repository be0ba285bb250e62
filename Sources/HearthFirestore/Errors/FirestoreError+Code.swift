extension FirestoreError {
    /// The gRPC canonical status codes (`google/rpc/code.proto`), spelled as the REST `status` field.
    public enum Code: String, Sendable, CaseIterable {
        case cancelled = "CANCELLED"
        case unknown = "UNKNOWN"
        case invalidArgument = "INVALID_ARGUMENT"
        case deadlineExceeded = "DEADLINE_EXCEEDED"
        case notFound = "NOT_FOUND"
        case alreadyExists = "ALREADY_EXISTS"
        case permissionDenied = "PERMISSION_DENIED"
        case resourceExhausted = "RESOURCE_EXHAUSTED"
        case failedPrecondition = "FAILED_PRECONDITION"
        case aborted = "ABORTED"
        case outOfRange = "OUT_OF_RANGE"
        case unimplemented = "UNIMPLEMENTED"
        case `internal` = "INTERNAL"
        case unavailable = "UNAVAILABLE"
        case dataLoss = "DATA_LOSS"
        case unauthenticated = "UNAUTHENTICATED"

        /// The HTTP status Google's front end uses for this code (the mapping documented in
        /// `google/rpc/code.proto`). Note FAILED_PRECONDITION is 400, not 412.
        public var httpStatus: Int {
            switch self {
            case .cancelled: 499
            case .unknown: 500
            case .invalidArgument: 400
            case .deadlineExceeded: 504
            case .notFound: 404
            case .alreadyExists: 409
            case .permissionDenied: 403
            case .resourceExhausted: 429
            case .failedPrecondition: 400
            case .aborted: 409
            case .outOfRange: 400
            case .unimplemented: 501
            case .internal: 500
            case .unavailable: 503
            case .dataLoss: 500
            case .unauthenticated: 401
            }
        }

        /// The numeric gRPC code (`OK` = 0 is not an error and has no case).
        public var grpcNumber: Int {
            switch self {
            case .cancelled: 1
            case .unknown: 2
            case .invalidArgument: 3
            case .deadlineExceeded: 4
            case .notFound: 5
            case .alreadyExists: 6
            case .permissionDenied: 7
            case .resourceExhausted: 8
            case .failedPrecondition: 9
            case .aborted: 10
            case .outOfRange: 11
            case .unimplemented: 12
            case .internal: 13
            case .unavailable: 14
            case .dataLoss: 15
            case .unauthenticated: 16
            }
        }
    }
}
