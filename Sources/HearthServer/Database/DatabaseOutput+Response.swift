import HearthHTTP
import HearthJSON

extension DatabaseOutput {
    /// A successful response with `json` rendered as the request asked: 204 and no body for
    /// `print=silent`, production's pretty layout for `print=pretty`, JSONP for `callback`, an
    /// attachment for `download`; `etag` in the `ETag` header when given.
    func response(_ json: JSONValue, status: HTTPStatus = .ok, etag: String? = nil) -> Response {
        var response: Response
        if self.print == .silent {
            response = Response(status: .noContent)
        } else {
            var text = self.print == .pretty ? json.serialized(pretty: true, spaceBeforeColon: true) + [0x0A] : json.serialized()
            var type = "application/json; charset=utf-8"
            if let callback = self.callback {
                text = Array("\(callback)(".utf8) + text + Array(");".utf8)
                type = "application/javascript; charset=utf-8"
            }
            response = Response(status: status, headers: ["Content-Type": type], body: .bytes(text))
            if let download = self.download {
                response.headers.replaceOrAdd(name: "Content-Disposition", value: "attachment; filename=\"\(download)\"")
            }
        }
        if let etag { response.headers.replaceOrAdd(name: "ETag", value: etag) }
        return response
    }
}
