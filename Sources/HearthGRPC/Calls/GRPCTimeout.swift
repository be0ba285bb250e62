/// The `grpc-timeout` request field: at most 8 ASCII digits and a unit (`H` hours, `M`
/// minutes, `S` seconds, `m` milliseconds, `u` microseconds, `n` nanoseconds), gRPC's HTTP/2
/// protocol. The call's deadline is the time it arrived plus this.
enum GRPCTimeout {
    /// The duration `text` says, or a status saying why it is not one.
    static func parse(_ text: String) throws(GRPCStatus) -> Duration {
        let utf8 = Array(text.utf8)
        guard utf8.count >= 2, utf8.count <= 9, let unit = utf8.last else { throw Self.invalid(text) }
        var amount: Int64 = 0
        for digit in utf8.dropLast() {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { throw Self.invalid(text) }
            amount = amount * 10 + Int64(digit - UInt8(ascii: "0"))
        }
        switch unit {
        case UInt8(ascii: "H"): return .seconds(amount * 3600)
        case UInt8(ascii: "M"): return .seconds(amount * 60)
        case UInt8(ascii: "S"): return .seconds(amount)
        case UInt8(ascii: "m"): return .milliseconds(amount)
        case UInt8(ascii: "u"): return .microseconds(amount)
        case UInt8(ascii: "n"): return .nanoseconds(amount)
        default: throw Self.invalid(text)
        }
    }

    private static func invalid(_ text: String) -> GRPCStatus {
        GRPCStatus(
            .invalidArgument,
            "Invalid grpc-timeout \"\(text)\": expected up to 8 digits and a unit (H, M, S, m, u or n), e.g. \"10S\".")
    }
}
