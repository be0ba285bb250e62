import HearthAuth
import HearthHTTP
import HearthJSON

/// The one place where anything that goes wrong on the Auth port becomes an HTTP response,
/// in identitytoolkit's shape (`errors.ts` `ApiError.toJSON`):
/// `{"error":{"code":400,"message":"EMAIL_EXISTS","errors":[{"message":"EMAIL_EXISTS","reason":"invalid","domain":"global"}]}}`,
/// plus `"status"` for the errors that have one (`INVALID_ARGUMENT`, `UNAUTHENTICATED`…).
/// The SDKs read `message` up to the first ` : `, so it is always the bare code and detail.
enum AuthErrorResponse {
    static func response(for error: any Error) -> Response {
        switch error {
        case let error as AuthError:
            return self.response(error)
        case let error as IdentityError:
            return error.kind == .forbidden
                ? self.response(AuthError(status: 403, error.message, statusName: "PERMISSION_DENIED"))
                : self.response(AuthError(status: 401, error.message, statusName: "UNAUTHENTICATED"))
        case let refusal as AdminRefusal:
            return self.response(AuthError(status: refusal.httpStatus, refusal.message, statusName: "PERMISSION_DENIED"))
        case let failure as RoutingFailure:
            return self.response(for: failure)
        default:
            return self.response(AuthError(
                status: 500, "INTERNAL_ERROR : \(error). This is a bug in Hearth; please report it with the request that caused it.",
                statusName: "INTERNAL"))
        }
    }

    static func response(for failure: RoutingFailure, method: HTTPMethod? = nil, path: String? = nil) -> Response {
        let target = [method?.rawValue, path].compactMap { $0 }.joined(separator: " ")
        switch failure {
        case .noRoute:
            return self.response(AuthError(
                status: 404,
                "Not Found: \(target) is not an Auth emulator endpoint. Endpoints live under /identitytoolkit.googleapis.com/v1/…, /securetoken.googleapis.com/v1/token and /emulator/v1/… (see README, Auth).",
                statusName: "NOT_FOUND"))
        case .methodNotAllowed(let allowed):
            var response = self.response(AuthError(
                status: 405, "Method not allowed: \(target) accepts \(allowed.map(\.rawValue).joined(separator: ", ")).",
                statusName: "UNIMPLEMENTED"))
            response.headers.replaceOrAdd(name: "Allow", value: allowed.map(\.rawValue).joined(separator: ", "))
            return response
        case .malformedPath(let reason):
            return self.response(AuthError.invalidArgument("Malformed request path \(target): \(reason)"))
        }
    }

    /// Errors the transport raises before a request reaches a route (413, 431, 408…).
    static func transportResponse(status: HTTPStatus, message: String) -> Response {
        self.response(AuthError(status: status.code, message, statusName: status.code == 503 ? "UNAVAILABLE" : "INVALID_ARGUMENT"))
    }

    static func response(_ error: AuthError) -> Response {
        var body: [JSONObject.Member] = [
            .init(key: "code", value: .number(JSONNumber(error.status))), .init(key: "message", value: .string(error.message)),
            .init(key: "errors", value: .array([.object(JSONObject([
                .init(key: "message", value: .string(error.message)), .init(key: "reason", value: .string("invalid")),
                .init(key: "domain", value: .string("global")),
            ]))])),
        ]
        if let status = error.statusName { body.append(.init(key: "status", value: .string(status))) }
        let json = JSONValue.object(JSONObject([.init(key: "error", value: .object(JSONObject(body)))]))
        return .json(json.serialized(), status: HTTPStatus(code: error.status))
    }
}
