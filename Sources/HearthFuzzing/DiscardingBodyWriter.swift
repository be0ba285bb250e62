public import HearthHTTP

/// Accepts and drops every write of a streamed body, for harnesses that call the responder
/// directly (no connection to write to). It counts as a client that has already gone: stop
/// actions run at once, so an event stream ends instead of waiting forever.
public final class DiscardingBodyWriter: ResponseBodyWriter {
    public init() {}

    public func write(_ bytes: [UInt8]) async throws {}

    public func send(_ bytes: SharedBytes, backlog: Int) -> Bool { true }

    public func abort() {}

    public func onStop(_ action: @escaping @Sendable () -> Void) { action() }
}
