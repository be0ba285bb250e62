import Logging
import NIOCore
import NIOHTTP1

extension HTTPConnection {
    /// Writes `response`, framed for the request it answers (see ``ResponseFraming``).
    ///
    /// Buffered bodies are written as head, body and end in one batch with one flush.
    ///
    /// - Returns: `nil` to keep the connection, or how to end it.
    func write(
        _ response: Response,
        for request: RequestSummary,
        version: HTTPVersion,
        keepAlive: Bool,
        _ outbound: Outbound
    ) async throws -> Outcome? {
        let framing = ResponseFraming(response, for: request, version: version, keepAlive: keepAlive, logger: self.logger)
        switch framing.body {
        case .none:
            try await outbound.write(contentsOf: [.head(framing.head), .end(nil)])
            return framing.closing
        case .bytes(let bytes):
            let buffer = self.channel.channel.allocator.buffer(bytes: bytes)
            try await outbound.write(contentsOf: [.head(framing.head), .body(.byteBuffer(buffer)), .end(nil)])
            return framing.closing
        case .stream(let produce, let inline, let length, let chunked):
            try await outbound.write(.head(framing.head))
            // The head's write is queued on the event loop, but the body's first drain may run in
            // a flusher task queued there earlier for another stream: with many streams opened
            // at once their first events left before their heads. One hop, once per streamed
            // response, waits until the head is written (as `HTTP2ResponseWriter.streamBody`).
            try await self.channel.channel.eventLoop.submit {}.get()
            let closing = framing.closing
            let ended = try await self.stream(produce, inline: inline, length: length, chunked: chunked, for: request)
            return ended ? (chunked || length != nil ? closing : .lingering) : .abort
        }
    }

    /// Produces a streamed body and ends it; returns false when the connection must be
    /// aborted (the producer failed, or wrote other than the declared length).
    /// - Throws: ``HTTPServerError/clientDisconnected`` when the client went away.
    private func stream(
        _ produce: @escaping @Sendable (any ResponseBodyWriter) async throws -> Void,
        inline: Bool,
        length: Int?,
        chunked: Bool,
        for request: RequestSummary
    ) async throws -> Bool {
        let channel = self.channel.channel
        let takesTrailers = chunked && request.acceptsTrailers
        let writer = ChannelResponseBodyWriter(
            channel: channel, chunked: chunked,
            bytesWritten: length.map { _ in ChannelResponseBodyWriter.Counter() }, stop: StopSignal(),
            outbox: StreamOutbox(flusher: self.flushers.flusher(for: channel.eventLoop)),
            bound: self.configuration.streamBufferSize, trailers: takesTrailers ? ChannelResponseBodyWriter.Trailers() : nil)
        let outcome = await self.runStream(produce, inline: inline, writer: writer)
        if writer.outbox.isCutOff {
            await writer.endAfterCutOff()
            return false
        }
        switch outcome {
        case .success:
            break
        case .failure(let error as HTTPServerError) where error == .clientDisconnected:
            throw error
        case .failure(let error):
            self.logStreamFailure("failed after the head was sent; closing the connection: \(error)", request)
            return false
        }
        if let length, let written = writer.bytesWritten?.total, written != length {
            self.logStreamFailure("wrote \(written) bytes but declared Content-Length \(length); closing the connection.", request)
            return false
        }
        try await writer.end()
        return true
    }

    @inline(never)
    private func logStreamFailure(_ what: String, _ request: RequestSummary) {
        self.logger.warning(
            "Streamed response for \(request.method) \(request.path) \(what)",
            metadata: ["peer": "\(self.remoteAddress.map(\.description) ?? "unknown")"]
        )
    }

    /// Runs a stream producer until it returns; fires the writer's stop signal when the
    /// server shuts down or the client closes the connection, which also cancels a `.stream`
    /// producer's task. On shutdown the response still ends properly, and a producer that ends
    /// with `CancellationError` then has completed normally. When the client has gone the
    /// outcome is ``HTTPServerError/clientDisconnected`` whatever the producer returned.
    ///
    /// Why watch the close: an idle stream (a listener waiting for changes) writes nothing for
    /// long stretches, so a failed write would notice a vanished client only at the next
    /// keep-alive. NIO reads the connection's end (EOF) as soon as it arrives and completes the
    /// close future, so the producer, and whatever it holds, is released at once. Both events
    /// are callbacks, so watching costs no task; an `.eventStream` producer runs right here on
    /// the connection's task, a `.stream` producer on one task of its own (`StreamProducer`).
    private func runStream(
        _ produce: @escaping @Sendable (any ResponseBodyWriter) async throws -> Void,
        inline: Bool,
        writer: ChannelResponseBodyWriter
    ) async -> Result<Void, any Error> {
        let shutdown = self.shutdownSignal
        let channel = self.channel.channel
        let stop = writer.stop
        let observer = shutdown.observe { stop.fire() }
        channel.closeFuture.whenComplete { _ in stop.fire() }
        var outcome: Result<Void, any Error>
        if inline {
            do {
                try await produce(writer)
                outcome = .success(())
            } catch {
                outcome = .failure(error)
            }
        } else {
            let producer = StreamProducer {
                do {
                    try await produce(writer)
                    return .success(())
                } catch is CancellationError where stop.isFired {
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }
            _ = stop.observe { producer.cancel() }
            outcome = await producer.result()
        }
        shutdown.removeObserver(observer)
        if case .success = outcome, !channel.isActive {
            outcome = .failure(HTTPServerError.clientDisconnected)
        }
        return outcome
    }

    /// Whether a header field can be written without corrupting the response (no CR, LF or
    /// NUL, which would let a value inject headers). One pass over a few dozen bytes.
    static func isSafeHeaderField(_ name: String, _ value: String) -> Bool {
        !name.utf8.contains { $0 == 13 || $0 == 10 || $0 == 0 || $0 == UInt8(ascii: ":") } && Self.isSafeHeaderValue(value)
    }

    /// Whether a field value has no CR, LF or NUL (RFC 9110 §5.5; RFC 9113 §8.2.1 makes a
    /// request with one malformed).
    static func isSafeHeaderValue(_ value: String) -> Bool {
        !value.utf8.contains { $0 == 13 || $0 == 10 || $0 == 0 }
    }
}
