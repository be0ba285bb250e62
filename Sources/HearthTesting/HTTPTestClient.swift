/// One-shot HTTP requests for tests: one connection per call, closed afterwards.
public enum HTTPTestClient {
    /// Sends one request and reads its response.
    ///
    /// Adds `Host` (unless `headers` has one) and `Connection: close`, and `Content-Length`
    /// when there is a body; the given `headers` come after those, in order.
    public static func request(
        _ method: String,
        _ path: String,
        port: Int,
        host: String = "127.0.0.1",
        headers: [(String, String)] = [],
        body: [UInt8]? = nil
    ) throws -> RawHTTPResponse {
        let connection = try RawHTTPConnection(host: host, port: port)
        defer { connection.close() }
        let hasHost = headers.contains { $0.0.lowercased() == "host" }
        var head = "\(method) \(path) HTTP/1.1\r\n" + (hasHost ? "" : "Host: \(host):\(port)\r\n") + "Connection: close\r\n"
        if let body {
            head += "Content-Length: \(body.count)\r\n"
        }
        for (name, value) in headers {
            head += "\(name): \(value)\r\n"
        }
        head += "\r\n"
        try connection.send(Array(head.utf8) + (body ?? []))
        return try connection.readResponse(forHead: method == "HEAD")
    }

    /// ``request(_:_:port:host:headers:body:)`` for async tests: the blocking socket work runs
    /// off Swift's cooperative pool (see ``BlockingIO``), so an in-process server keeps its
    /// threads.
    public static func fetch(
        _ method: String,
        _ path: String,
        port: Int,
        host: String = "127.0.0.1",
        headers: [(String, String)] = [],
        body: [UInt8]? = nil
    ) async throws -> RawHTTPResponse {
        try await BlockingIO.run {
            try Self.request(method, path, port: port, host: host, headers: headers, body: body)
        }
    }
}
