import HearthFirestoreProto
import HearthTesting
import SwiftProtobuf

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--write-stream`: commits over one gRPC Write stream as the mobile SDKs send them (the
/// handshake, then one batch per request with the last token, each waiting for its response),
/// for `seconds`, batches of `batch` documents; prints documents/s and the batch round trip
/// p50/p99. One stream, one batch in flight: the figure is what one SDK instance can push.
enum WriteStreamBench {
    static func run(_ options: BenchOptions) throws {
        let connection = try RawHTTPConnection(port: options.port, timeout: .seconds(30))
        defer { connection.close() }
        var handshake = Google_Firestore_V1_WriteRequest()
        handshake.database = "projects/\(options.project)/databases/(default)"
        try connection.send(try GRPCCall.opening(method: "Write", project: options.project, first: handshake))
        var reader = ResponseReader(connection: connection)
        var token = try reader.next().streamToken

        var roundTrips: [UInt64] = []
        var documents = 0
        var sequence = 0
        let started = Monotonic.now()
        let end = started + UInt64(options.seconds) * 1_000_000_000
        while Monotonic.now() < end {
            var request = Google_Firestore_V1_WriteRequest()
            request.streamToken = token
            request.writes = (0..<options.batch).map { _ in
                sequence += 1
                var write = Google_Firestore_V1_Write()
                write.update.name = "projects/\(options.project)/databases/(default)/documents/written/d\(sequence % 10_000)"
                var value = Google_Firestore_V1_Value()
                value.integerValue = Int64(sequence)
                write.update.fields = ["seq": value]
                return write
            }
            let sent = Monotonic.now()
            try connection.send(try GRPCCall.data(request))
            let response = try reader.next()
            roundTrips.append(Monotonic.now() - sent)
            guard response.writeResults.count == options.batch else {
                throw BenchError(message: "a batch of \(options.batch) writes got \(response.writeResults.count) results")
            }
            token = response.streamToken
            documents += options.batch
        }
        let elapsed = Double(Monotonic.now() - started) / 1e9
        roundTrips.sort()
        print("cores: \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) (the client shares them with the server)")
        print("Write stream: \(roundTrips.count) batches of \(options.batch) documents in \(String(format2: elapsed)) s: \(Int(Double(documents) / elapsed)) documents/s, \(Int(Double(roundTrips.count) / elapsed)) batches/s")
        print("batch round trip (durable commit): p50 \(ListenBench.ms(roundTrips, 0.50)) ms, p99 \(ListenBench.ms(roundTrips, 0.99)) ms")
    }

    /// Reads the server's frames on stream 1 and cuts WriteResponse messages out of its DATA.
    private struct ResponseReader {
        let connection: RawHTTPConnection
        var buffered: [UInt8] = []

        mutating func next() throws -> Google_Firestore_V1_WriteResponse {
            while true {
                if self.buffered.count >= 5 {
                    let length = self.buffered[1..<5].reduce(0) { $0 << 8 | Int($1) }
                    if self.buffered.count >= 5 + length {
                        let message = Array(self.buffered[5..<(5 + length)])
                        self.buffered.removeFirst(5 + length)
                        return try Google_Firestore_V1_WriteResponse(serializedBytes: message)
                    }
                }
                let frame = try self.connection.readHTTP2Frame()
                switch frame.type {
                case RawHTTP2Frame.data where frame.stream == 1:
                    self.buffered += frame.payload
                case RawHTTP2Frame.headers where frame.stream == 1 && frame.flags & RawHTTP2Frame.endStream != 0,
                    RawHTTP2Frame.rstStream, RawHTTP2Frame.goAway:
                    throw BenchError(message: "the Write stream ended (frame type \(frame.type)); is the server serving gRPC Write?")
                default:
                    continue
                }
            }
        }
    }
}
