import Logging
import NIOCore
import NIOHTTP1

extension HTTPConnection {
    /// Writes `response`, framing it for the request it answers.
    ///
    /// Buffered bodies are written as head, body and end in one batch with one flush.
    /// For `HEAD` the head is exactly what `GET` would send (`Content-Length` included) and
    /// no body follows; a stream body is then never produced.
    ///
    /// - Returns: `nil` to keep the connection, or how to end it.
    func write(
        _ response: Response,
        for request: Request,
        version: HTTPVersion,
        keepAlive requestKeepAlive: Bool,
        _ outbound: Outbound
    ) async throws -> Outcome? {
        let isHead = request.method == .head
        let status = response.status
        var keepAlive = requestKeepAlive
        var headers = NIOHTTP1.HTTPHeaders()
        headers.reserveCapacity(response.headers.count + 2)
        var declaredLength: String?
        for (name, value) in response.headers {
            if HTTPHeaders.namesEqual(name, "content-length") {
                declaredLength = value
                continue
            }
            if HTTPHeaders.namesEqual(name, "transfer-encoding") { continue }
            if HTTPHeaders.namesEqual(name, "connection") {
                if value.lowercased().contains("close") { keepAlive = false }
                continue
            }
            guard Self.isSafeHeaderField(name, value) else {
                self.logger.warning(
                    "Dropped response header \(name) for \(request.method) \(request.path): CR, LF or NUL in the field"
                )
                continue
            }
            headers.add(name: name, value: value)
        }

        var streamLength: Int?
        var streamChunked = false
        if status.mayHaveBody {
            switch response.body {
            case .empty:
                headers.add(name: "content-length", value: isHead ? (declaredLength ?? "0") : "0")
            case .bytes(let bytes):
                headers.add(name: "content-length", value: String(bytes.count))
            case .stream:
                if let declaredLength, let length = Int(declaredLength) {
                    headers.add(name: "content-length", value: declaredLength)
                    streamLength = length
                } else if version.major == 1 && version.minor >= 1 {
                    streamChunked = !isHead
                    if streamChunked { headers.add(name: "transfer-encoding", value: "chunked") }
                } else {
                    // HTTP/1.0 has no chunking: the body ends when the connection closes.
                    keepAlive = false
                }
            }
        } else if status.code == 304, let declaredLength {
            headers.add(name: "content-length", value: declaredLength)
        }
        if !keepAlive {
            headers.add(name: "connection", value: "close")
        } else if version.major == 1 && version.minor == 0 {
            headers.add(name: "connection", value: "keep-alive")
        }

        let head = HTTPResponseHead(
            version: version,
            status: HTTPResponseStatus(statusCode: status.code, reasonPhrase: status.reasonPhrase),
            headers: headers
        )
        let closing: Outcome? = keepAlive ? nil : .lingering
        guard !isHead, status.mayHaveBody else {
            try await outbound.write(contentsOf: [.head(head), .end(nil)])
            return closing
        }
        switch response.body {
        case .empty:
            try await outbound.write(contentsOf: [.head(head), .end(nil)])
            return closing
        case .bytes(let bytes):
            let buffer = self.channel.channel.allocator.buffer(bytes: bytes)
            try await outbound.write(contentsOf: [.head(head), .body(.byteBuffer(buffer)), .end(nil)])
            return closing
        case .stream(let produce):
            try await outbound.write(.head(head))
            let writer = ChannelResponseBodyWriter(
                channel: self.channel.channel,
                bytesWritten: ChannelResponseBodyWriter.Counter()
            )
            switch await self.runStream(produce, writer: writer) {
            case .success:
                break
            case .failure(let error as HTTPServerError) where error == .clientDisconnected:
                throw error
            case .failure(let error):
                let message =
                    "Streamed response for \(request.method) \(request.path) failed after the head was sent; "
                    + "closing the connection: \(error)"
                self.logger.warning(
                    "\(message)",
                    metadata: ["peer": "\(self.remoteAddress.map(\.description) ?? "unknown")"]
                )
                return .abort
            }
            if let streamLength, writer.bytesWritten.total != streamLength {
                let message =
                    "Streamed response for \(request.method) \(request.path) wrote \(writer.bytesWritten.total) "
                    + "bytes but declared Content-Length \(streamLength); closing the connection."
                self.logger.warning(
                    "\(message)",
                    metadata: ["peer": "\(self.remoteAddress.map(\.description) ?? "unknown")"]
                )
                return .abort
            }
            try await outbound.write(.end(nil))
            return streamChunked || streamLength != nil ? closing : .lingering
        }
    }

    /// Runs a stream producer until it returns, or until the server shuts down, in which case
    /// the producer's task is cancelled and the response still ends properly. A producer that
    /// ends with `CancellationError` because of shutdown has completed normally.
    private func runStream(
        _ produce: @escaping @Sendable (any ResponseBodyWriter) async throws -> Void,
        writer: ChannelResponseBodyWriter
    ) async -> Result<Void, any Error> {
        let shutdown = self.shutdownSignal
        return await withTaskGroup(of: Result<Void, any Error>?.self) { group in
            group.addTask {
                do {
                    try await produce(writer)
                    return .success(())
                } catch is CancellationError where shutdown.isFired {
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                await shutdown.wait()
                return nil
            }
            var outcome: Result<Void, any Error> = .success(())
            while let next = await group.next() {
                if let result = next { outcome = result }
                group.cancelAll()
            }
            return outcome
        }
    }

    /// Whether a header field can be written without corrupting the response (no CR, LF or
    /// NUL, which would let a value inject headers). One pass over a few dozen bytes.
    static func isSafeHeaderField(_ name: String, _ value: String) -> Bool {
        !name.utf8.contains { $0 == 13 || $0 == 10 || $0 == 0 || $0 == UInt8(ascii: ":") }
            && !value.utf8.contains { $0 == 13 || $0 == 10 || $0 == 0 }
    }
}
