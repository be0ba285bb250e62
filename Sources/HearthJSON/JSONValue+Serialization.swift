extension JSONValue {
    /// Encodes this value as UTF-8 JSON text.
    ///
    /// Numbers are written with their original literal text, so parsing and re-serialising is
    /// byte-stable for compact input. Cost: one pass, one growing buffer.
    /// - Parameter pretty: indent with two spaces and put each member on its own line.
    /// - Parameter spaceBeforeColon: with `pretty`, `"key" : value` (the Realtime Database's layout).
    public func serialized(pretty: Bool = false, spaceBeforeColon: Bool = false) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 256, pretty: pretty, spaceBeforeColon: spaceBeforeColon)
        writer.value(self)
        return writer.bytes
    }

    /// The serialized text as a `String` (compact unless `pretty`); convenient for logs and tests.
    public func serializedString(pretty: Bool = false) -> String {
        String(decoding: self.serialized(pretty: pretty), as: UTF8.self)
    }
}
