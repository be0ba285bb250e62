import HearthHTTP

/// Wraps the server's responder so that fuzz inputs stay inside the process and end quickly.
///
/// - `POST …:export` writes an export to any absolute directory the body names; a fuzzer would
///   litter the file system, so it is answered 403 (in Google's error shape) without reaching
///   the server.
/// - A streamed body (a listen stream) is cut after its first write: the stream's setup and
///   first snapshot are exercised, and the producer then ends instead of waiting for changes.
struct BoundedResponder: HTTPResponder {
    let base: any HTTPResponder

    func respond(to request: Request) async -> Response {
        if request.path.hasSuffix(":export") {
            let body = #"{"error":{"code":403,"message":"Exports are not fuzzed.","status":"PERMISSION_DENIED"}}"#
            return .json(Array(body.utf8), status: .forbidden)
        }
        var response = await self.base.respond(to: request)
        switch response.body {
        case .stream(let produce):
            response.body = .stream { writer in try await produce(OneWriteBodyWriter(base: writer)) }
        case .eventStream(let produce):
            response.body = .eventStream { writer in try await produce(OneWriteBodyWriter(base: writer)) }
        default:
            break
        }
        return response
    }
}
