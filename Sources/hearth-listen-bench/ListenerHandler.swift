import NIOCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One benchmark listener on a raw TCP channel: sends the listen request, then scans the
/// stream line by line, as an `EventSource` would, for `data:` lines, noting the write's
/// sequence number (`BenchService.sequenceMarker`) each event carries and when it arrived.
///
/// No HTTP decoder: every chunk holds whole SSE events, so chunk-size lines simply fall between
/// the events' lines and are ignored. Over the WebSocket protocol (`--service websocket`) there
/// are no lines: the listen goes out once the server's hello arrived, and each read is scanned
/// whole (frame headers are a few bytes that match no marker), up to its last `}`, the rest
/// carried to the next read. Keeps the client's cost per event small, since it shares the
/// machine's cores with the server it measures.
final class ListenerHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private static let dataPrefix = Array("data: ".utf8)

    private let request: [UInt8]
    private let sequenceMarker: [UInt8]
    private let initialMarker: [UInt8]
    private let endingLines: [[UInt8]]
    /// gRPC: markers are looked for on every line of the binary stream, not only `data:` lines.
    private let binary: Bool
    private let log: DeliveryLog
    private var line: [UInt8] = []
    /// Sent once the WebSocket hello arrived (nil: sent, or an event stream).
    private var followUp: [UInt8]?
    private let framed: Bool
    private static let hello = Array(#""t":"h""#.utf8)

    init(service: BenchService, log: DeliveryLog) {
        self.request = service.listenRequest
        self.sequenceMarker = service.sequenceMarker
        self.initialMarker = service.initialMarker
        self.endingLines = service.endingLines
        self.binary = service.isBinary
        self.log = log
        self.followUp = service.followUp
        self.framed = service.isWebSocket
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
        if self.framed {
            self.readFrames(buffer, at: now, context: context)
            return
        }
        var found = Found()
        // The partial line carried over from the previous read, taken out of `self` so the
        // loop below touches no class property.
        var carried: [UInt8] = []
        swap(&carried, &self.line)
        let markers = (self.sequenceMarker, self.initialMarker, self.endingLines, self.binary)
        // Binary gRPC data may hold no newline at all: it is cut at zero bytes instead (every
        // HTTP/2 frame header has some; no marker contains one).
        let separator = Int32(self.binary ? 0 : UInt8(ascii: "\n"))
        buffer.withUnsafeReadableBytes { bytes in
            var start = 0
            while start < bytes.count {
                let rest = UnsafeRawBufferPointer(rebasing: bytes[start...])
                guard let hit = memchr(rest.baseAddress!, separator, rest.count) else {
                    carried.append(contentsOf: rest)
                    return
                }
                let length = rest.baseAddress!.distance(to: UnsafeRawPointer(hit))
                if carried.isEmpty {
                    Self.scan(UnsafeRawBufferPointer(rebasing: rest[..<length]), markers, into: &found)
                } else {
                    carried.append(contentsOf: rest[..<length])
                    carried.withUnsafeBytes { Self.scan($0, markers, into: &found) }
                    carried.removeAll(keepingCapacity: true)
                }
                start += length + 1
            }
        }
        swap(&carried, &self.line)
        if !found.sequences.isEmpty || found.initial || found.errors > 0 {
            self.log.record(found.sequences, at: now, initial: found.initial, errors: found.errors)
        }
    }

    /// A WebSocket read: the hello triggers the listen; every marker up to the last `}` counts.
    private func readFrames(_ buffer: ByteBuffer, at now: UInt64, context: ChannelHandlerContext) {
        var bytes = self.line
        bytes.append(contentsOf: buffer.readableBytesView)
        let end = (bytes.lastIndex(of: UInt8(ascii: "}")) ?? -1) + 1
        self.line = Array(bytes[end...])
        var found = Found()
        bytes[..<end].withUnsafeBytes { scanned in
            if let followUp = self.followUp, Self.find(Self.hello, in: scanned) != nil {
                self.followUp = nil
                context.writeAndFlush(Self.wrapOutboundOut(context.channel.allocator.buffer(bytes: followUp)), promise: nil)
            }
            var offset = 0
            while offset < scanned.count, let at = Self.find(self.sequenceMarker, in: UnsafeRawBufferPointer(rebasing: scanned[offset...])) {
                let rest = UnsafeRawBufferPointer(rebasing: scanned[(offset + at)...])
                if let sequence = Self.sequence(after: self.sequenceMarker, in: rest) { found.sequences.append(sequence) }
                offset += at + self.sequenceMarker.count
            }
            if Self.find(self.initialMarker, in: scanned) != nil { found.initial = true }
            for ending in self.endingLines where Self.find(ending, in: scanned) != nil { found.errors += 1 }
        }
        if !found.sequences.isEmpty || found.initial || found.errors > 0 {
            self.log.record(found.sequences, at: now, initial: found.initial, errors: found.errors)
        }
    }

    /// What one read's lines carried.
    private struct Found {
        var sequences: [UInt32] = []
        var initial = false
        var errors = 0
    }

    /// Notes what one line (without its newline) carries. Searches with `memchr` and `memcmp`,
    /// not byte by byte in Swift: the client shares the cores with the server it measures.
    private static func scan(
        _ line: UnsafeRawBufferPointer, _ markers: (sequence: [UInt8], initial: [UInt8], ending: [[UInt8]], binary: Bool),
        into found: inout Found
    ) {
        if markers.binary || line.starts(with: Self.dataPrefix) {
            if markers.binary {
                // Several responses may share a line of binary data: every marker counts.
                var rest = line
                while let index = Self.find(markers.sequence, in: rest) {
                    let after = UnsafeRawBufferPointer(rebasing: rest[(index + markers.sequence.count)...])
                    if let sequence = Self.sequence(after: [], in: after) { found.sequences.append(sequence) }
                    rest = after
                }
            } else if let sequence = Self.sequence(after: markers.sequence, in: line) {
                found.sequences.append(sequence)
            }
            if Self.find(markers.initial, in: line) != nil { found.initial = true }
        } else if markers.ending.contains(where: { line.elementsEqual($0) }) {
            found.errors += 1
        }
    }

    /// The number after `marker` in `line`, if any.
    private static func sequence(after marker: [UInt8], in line: UnsafeRawBufferPointer) -> UInt32? {
        guard var index = marker.isEmpty ? 0 : Self.find(marker, in: line) else { return nil }
        index += marker.count
        var value: UInt32 = 0
        while index < line.count, line[index] >= UInt8(ascii: "0"), line[index] <= UInt8(ascii: "9") {
            value = value * 10 + UInt32(line[index] - UInt8(ascii: "0"))
            index += 1
        }
        return value
    }

    /// The offset of `needle` in `haystack`, if there.
    private static func find(_ needle: [UInt8], in haystack: UnsafeRawBufferPointer) -> Int? {
        guard let first = needle.first, let base = haystack.baseAddress else { return nil }
        return needle.withUnsafeBytes { needle -> Int? in
            var offset = 0
            while haystack.count - offset >= needle.count {
                guard let hit = memchr(base + offset, Int32(first), haystack.count - offset - needle.count + 1) else { return nil }
                let at = base.distance(to: UnsafeRawPointer(hit))
                if memcmp(base + at, needle.baseAddress!, needle.count) == 0 { return at }
                offset = at + 1
            }
            return nil
        }
    }
}
