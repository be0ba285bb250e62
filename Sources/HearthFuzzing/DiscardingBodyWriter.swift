public import HearthHTTP

/// Accepts and drops every write of a streamed body, for harnesses that call the responder
/// directly (no connection to write to).
public struct DiscardingBodyWriter: ResponseBodyWriter {
    public init() {}

    public func write(_ bytes: [UInt8]) async throws {}
}
