/// An opaque transaction handle: 16 random bytes, base64 on the wire.
public struct TransactionID: Sendable, Hashable {
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    static func random() -> TransactionID {
        var generator = SystemRandomNumberGenerator()
        return TransactionID(bytes: (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }
}
