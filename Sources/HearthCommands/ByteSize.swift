import ArgumentParser

/// A size in bytes on the command line: a whole number, optionally followed by `K`, `M` or `G`
/// (binary: `64K` is 65,536 bytes, `1M` 1,048,576), so `--stream-buffer 1M` reads as meant.
struct ByteSize: ExpressibleByArgument, Sendable, Equatable, CustomStringConvertible {
    let bytes: Int

    init(bytes: Int) {
        self.bytes = bytes
    }

    init?(argument: String) {
        var text = Substring(argument.uppercased())
        if text.hasSuffix("IB") { text = text.dropLast(2) } else if text.hasSuffix("B") { text = text.dropLast() }
        var shift = 0
        switch text.last {
        case "K": shift = 10
        case "M": shift = 20
        case "G": shift = 30
        default: break
        }
        if shift > 0 { text = text.dropLast() }
        guard let value = Int(text), value > 0, value <= Int.max >> shift else { return nil }
        self.bytes = value << shift
    }

    var description: String {
        if self.bytes % (1 << 30) == 0 { return "\(self.bytes >> 30)G" }
        if self.bytes % (1 << 20) == 0 { return "\(self.bytes >> 20)M" }
        if self.bytes % (1 << 10) == 0 { return "\(self.bytes >> 10)K" }
        return "\(self.bytes)"
    }

    var defaultValueDescription: String { self.description }
}
