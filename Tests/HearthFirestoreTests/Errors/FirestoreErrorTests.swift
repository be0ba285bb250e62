import HearthFirestore
import Testing

@Suite("FirestoreError")
struct FirestoreErrorTests {
    static let codes: [(FirestoreError.Code, String, Int, Int)] = [
        (.cancelled, "CANCELLED", 499, 1),
        (.unknown, "UNKNOWN", 500, 2),
        (.invalidArgument, "INVALID_ARGUMENT", 400, 3),
        (.deadlineExceeded, "DEADLINE_EXCEEDED", 504, 4),
        (.notFound, "NOT_FOUND", 404, 5),
        (.alreadyExists, "ALREADY_EXISTS", 409, 6),
        (.permissionDenied, "PERMISSION_DENIED", 403, 7),
        (.resourceExhausted, "RESOURCE_EXHAUSTED", 429, 8),
        (.failedPrecondition, "FAILED_PRECONDITION", 400, 9),
        (.aborted, "ABORTED", 409, 10),
        (.outOfRange, "OUT_OF_RANGE", 400, 11),
        (.unimplemented, "UNIMPLEMENTED", 501, 12),
        (.internal, "INTERNAL", 500, 13),
        (.unavailable, "UNAVAILABLE", 503, 14),
        (.dataLoss, "DATA_LOSS", 500, 15),
        (.unauthenticated, "UNAUTHENTICATED", 401, 16),
    ]

    @Test(arguments: codes)
    func codeMapping(_ code: FirestoreError.Code, _ status: String, _ http: Int, _ grpc: Int) {
        #expect(code.rawValue == status)
        #expect(code.httpStatus == http)
        #expect(code.grpcNumber == grpc)
    }

    @Test func everyCodeIsTabled() {
        #expect(FirestoreError.Code.allCases.count == Self.codes.count)
    }

    @Test func constructors() {
        let error = FirestoreError.notFound("Document \"x\" not found.")
        #expect(error.code == .notFound)
        #expect(error.description == "NOT_FOUND: Document \"x\" not found.")
        #expect(FirestoreError.aborted("a") == FirestoreError(code: .aborted, message: "a"))
        #expect(FirestoreError.failedPrecondition("x").code.httpStatus == 400)
        #expect(FirestoreError.internal("x").code == .internal)
    }
}
