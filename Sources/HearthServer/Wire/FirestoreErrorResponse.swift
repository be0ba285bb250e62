import HearthFirestore
import HearthHTTP
import HearthJSON

/// The one place where anything that goes wrong on the Firestore port becomes an HTTP response.
///
/// Every error leaves in Google's shape, `{"error":{"code":<http>,"message":…,"status":<NAME>}}`,
/// with the HTTP status from `google/rpc/code.proto`, so clients that map from the status line
/// (the JS lite SDK) and those that read `status` (Python) agree.
enum FirestoreErrorResponse {
    static func response(for error: any Error) -> Response {
        switch error {
        case let error as FirestoreError:
            return self.response(status: error.code.rawValue, httpCode: error.code.httpStatus, message: error.message)
        case let error as JSONParseError:
            return self.response(for: FirestoreError.invalidArgument("Invalid JSON payload received. \(error.description)"))
        case let error as IdentityError:
            switch error.kind {
            case .invalidCredential, .expired: return self.response(for: FirestoreError.unauthenticated(error.message))
            case .forbidden: return self.response(for: FirestoreError.permissionDenied(error.message))
            }
        case let failure as RoutingFailure:
            return self.response(for: failure)
        case let refusal as AdminRefusal:
            // 403 PERMISSION_DENIED for who sent it; 415 for a non-JSON POST, a status Google's
            // code table has no row for, so it carries INVALID_ARGUMENT's name.
            let status: FirestoreError.Code = refusal.kind == .notJSON ? .invalidArgument : .permissionDenied
            return self.response(status: status.rawValue, httpCode: refusal.httpStatus, message: refusal.message)
        default:
            return self.response(for: FirestoreError.internal("Internal error: \(error). This is a bug in Hearth; please report it with the request that caused it."))
        }
    }

    static func response(for failure: RoutingFailure, method: HTTPMethod? = nil, path: String? = nil) -> Response {
        let target = [method?.rawValue, path].compactMap { $0 }.joined(separator: " ")
        switch failure {
        case .noRoute:
            return self.response(
                status: FirestoreError.Code.notFound.rawValue, httpCode: 404,
                message: "No such endpoint: \(target). Firestore REST routes look like /v1/projects/{project}/databases/{database}/documents/{path}; see openapi.yaml."
            )
        case .methodNotAllowed(let allowed):
            var response = self.response(
                status: FirestoreError.Code.unimplemented.rawValue, httpCode: 405,
                message: "Method not allowed: \(target). This endpoint accepts \(allowed.map(\.rawValue).joined(separator: ", "))."
            )
            response.headers.replaceOrAdd(name: "Allow", value: allowed.map(\.rawValue).joined(separator: ", "))
            return response
        case .malformedPath(let reason):
            return self.response(for: FirestoreError.invalidArgument("Malformed request path \(target): \(reason)"))
        }
    }

    /// Errors raised by the transport before a request reaches a route (413, 431, 400, and 403
    /// for a preflight from another site to an admin endpoint).
    static func transportResponse(status: HTTPStatus, message: String) -> Response {
        let name: FirestoreError.Code =
            switch status.code {
            case 403: .permissionDenied
            case 408: .deadlineExceeded
            case 413, 429, 431: .resourceExhausted
            case 503: .unavailable
            case 400..<500: .invalidArgument
            default: .internal
            }
        return self.response(status: name.rawValue, httpCode: status.code, message: message)
    }

    static func response(status: String, httpCode: Int, message: String) -> Response {
        .json(self.body(status: status, httpCode: httpCode, message: message), status: HTTPStatus(code: httpCode))
    }

    /// The error JSON alone, also sent as the data of a stream's final `error` event.
    static func body(for error: FirestoreError) -> [UInt8] {
        self.body(status: error.code.rawValue, httpCode: error.code.httpStatus, message: error.message)
    }

    private static func body(status: String, httpCode: Int, message: String) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 128 + message.utf8.count)
        writer.beginObject()
        writer.key("error")
        writer.beginObject()
        writer.key("code")
        writer.integer(Int64(httpCode))
        writer.key("message")
        writer.string(message)
        writer.key("status")
        writer.string(status)
        writer.endObject()
        writer.endObject()
        return writer.bytes
    }
}
