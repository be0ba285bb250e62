import NIOCore

/// One benchmark listener on a raw TCP channel: sends the listen request, then scans the
/// stream line by line, as an `EventSource` would, for `data:` lines, noting the write's
/// sequence number (`BenchService.sequenceMarker`) each event carries and when it arrived.
///
/// No HTTP decoder: every SSE event is one chunk, so chunk-size lines simply fall between the
/// events' lines and are ignored. Keeps the client's cost per event small, since it shares the
/// machine's cores with the server it measures.
final class ListenerHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private static let dataPrefix = Array("data: ".utf8)

    private let request: [UInt8]
    private let sequenceMarker: [UInt8]
    private let initialMarker: [UInt8]
    private let endingLines: [[UInt8]]
    private let log: DeliveryLog
    private var line: [UInt8] = []

    init(service: BenchService, log: DeliveryLog) {
        self.request = service.listenRequest
        self.sequenceMarker = service.sequenceMarker
        self.initialMarker = service.initialMarker
        self.endingLines = service.endingLines
        self.log = log
    }

    func channelActive(context: ChannelHandlerContext) {
        context.writeAndFlush(Self.wrapOutboundOut(context.channel.allocator.buffer(bytes: self.request)), promise: nil)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.log.recordClosed()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let now = Monotonic.now()
        let buffer = Self.unwrapInboundIn(data)
        var sequences: [UInt32] = []
        var initial = false
        var errors = 0
        // The partial line carried over from the previous read, taken out of `self` so the
        // loop below touches no class property (no exclusivity checks per byte).
        var carried: [UInt8] = []
        swap(&carried, &self.line)
        let (sequenceMarker, initialMarker, endingLines) = (self.sequenceMarker, self.initialMarker, self.endingLines)
        buffer.withUnsafeReadableBytes { bytes in
            var start = 0
            while start < bytes.count {
                guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
                    carried.append(contentsOf: bytes[start...])
                    return
                }
                let line: [UInt8]
                if carried.isEmpty {
                    line = Array(bytes[start..<newline])
                } else {
                    carried.append(contentsOf: bytes[start..<newline])
                    line = carried
                    carried.removeAll(keepingCapacity: true)
                }
                if line.starts(with: Self.dataPrefix) {
                    if let sequence = Self.sequence(after: sequenceMarker, in: line) { sequences.append(sequence) }
                    if Self.find(initialMarker, in: line, from: 0) != nil { initial = true }
                } else if endingLines.contains(line) {
                    errors += 1
                }
                start = newline + 1
            }
        }
        swap(&carried, &self.line)
        if !sequences.isEmpty || initial || errors > 0 {
            self.log.record(sequences, at: now, initial: initial, errors: errors)
        }
    }

    /// The number after `marker` in `line`, if any.
    private static func sequence(after marker: [UInt8], in line: [UInt8]) -> UInt32? {
        guard var index = Self.find(marker, in: line, from: 0) else { return nil }
        index += marker.count
        var value: UInt32 = 0
        while index < line.count, line[index] >= UInt8(ascii: "0"), line[index] <= UInt8(ascii: "9") {
            value = value * 10 + UInt32(line[index] - UInt8(ascii: "0"))
            index += 1
        }
        return value
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
