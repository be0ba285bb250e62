import HearthDatabase
import HearthHTTP
import HearthJSON
import Logging

/// The one place Realtime Database failures become HTTP responses: Firebase's status and
/// `{"error" : "<text>"}` body, always pretty-printed as production does (`rtdb.md` §1.6,
/// §1.7), with Hearth's explanation (which rule denied, what to do) in `X-Hearth-Explanation`
/// so the body stays byte-compatible with what clients compare.
enum DatabaseErrorResponse {
    /// The router's error mapper (and fallback): whatever a route threw, logged with the
    /// request line (5xx as errors, refusals as info) and rendered.
    static func response(for error: any Error, request: Request, logger: Logger) -> Response {
        switch error {
        case let refusal as AdminRefusal:
            logger.info("RTDB \(request.method) \(request.uri) → \(refusal.httpStatus): \(refusal.message)")
            return self.response(for: refusal)
        case let error as DatabaseError:
            let level: Logger.Level = error.httpStatus >= 500 ? .error : .info
            logger.log(level: level, "RTDB \(request.method) \(request.uri) → \(error.httpStatus): \(error.message)")
            return self.response(for: error)
        default:
            logger.error("RTDB \(request.method) \(request.uri) failed: \(error)")
            return self.response(for: .unavailable("Hearth could not complete the request: \(error)"))
        }
    }

    static func response(for error: DatabaseError) -> Response {
        var response = Response(
            status: HTTPStatus(code: error.httpStatus), headers: ["Content-Type": "application/json; charset=utf-8"],
            body: .bytes(self.body(error.message)))
        if let explanation = error.explanation {
            response.headers.replaceOrAdd(name: "X-Hearth-Explanation", value: String(explanation.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }))
        }
        return response
    }

    /// `{\n  "error" : "<message>"\n}\n`.
    static func body(_ message: String) -> [UInt8] {
        JSONValue.object(JSONObject([.init(key: "error", value: .string(message))]))
            .serialized(pretty: true, spaceBeforeColon: true) + [0x0A]
    }

    /// An admin endpoint turned away (another machine, another site's page: 403; a `POST`
    /// that is not JSON: 415), in the same format, with Hearth's message as the error text.
    static func response(for refusal: AdminRefusal) -> Response {
        Response(
            status: HTTPStatus(code: refusal.httpStatus), headers: ["Content-Type": "application/json; charset=utf-8"],
            body: .bytes(self.body(refusal.message)))
    }

    /// Errors the transport produces before a request reaches the routes (bad framing, a body
    /// over the limit), in the same format.
    static func transportResponse(status: HTTPStatus, message: String) -> Response {
        Response(status: status, headers: ["Content-Type": "application/json; charset=utf-8"], body: .bytes(self.body(message)))
    }
}
