import HearthFirestoreProto

/// What the benchmark listens to and writes: Firestore listeners (a `:listen` query, commits
/// through `:commit`) or Realtime Database streams (a GET with `Accept: text/event-stream`,
/// PUTs). Everything that differs between the two lives here, so the listeners, the writers
/// and the report stay the same code.
enum BenchService: Sendable {
    /// Listeners on one query of the `listened` collection of a project.
    case firestore(project: String)
    /// The same listeners as gRPC `Listen` streams (one connection and one target each), as
    /// the SDKs open them; the commits carry their sequence number in a string field, so it
    /// shows as text in the protobuf bytes.
    case firestoreGRPC(project: String)
    /// Streams on the `/listened` location of a namespace.
    case database(namespace: String)
    /// WebSocket connections (the SDKs' protocol, `/.ws`), each listening on `/listened`;
    /// writes are REST PUTs as for `database`.
    case databaseWebSocket(namespace: String)

    /// The words the report uses. Firestore has the targets of its listeners' issue (p99 under
    /// 100 ms, under 20 KiB per idle listener); the Realtime Database has none of its own.
    var wording: BenchWording {
        switch self {
        case .firestore, .firestoreGRPC:
            BenchWording(
                listener: "listener", listeners: "listeners", delivery: "snapshot", deliveries: "snapshots",
                write: "commit", writes: "commits", listened: "one query", latency: "write-to-delivery",
                latencyTarget: self.isBinary ? "target p99 < 50 ms" : "target p99 < 100 ms", memoryTarget: "target < 20 KiB")
        case .database:
            BenchWording(
                listener: "stream", listeners: "streams", delivery: "event", deliveries: "events",
                write: "PUT", writes: "PUTs", listened: "one location", latency: "write-to-event",
                latencyTarget: "no target; Firestore listeners' target is p99 < 100 ms",
                memoryTarget: "no target; Firestore listeners' target is < 20 KiB")
        case .databaseWebSocket:
            BenchWording(
                listener: "connection", listeners: "connections", delivery: "event", deliveries: "events",
                write: "PUT", writes: "PUTs", listened: "one location (WebSocket)", latency: "write-to-event",
                latencyTarget: "target p99 < 50 ms", memoryTarget: "target < 20 KiB")
        }
    }

    /// Whether listeners speak the WebSocket protocol rather than read an event stream.
    var isWebSocket: Bool {
        if case .databaseWebSocket = self { true } else { false }
    }

    /// The request every listener sends, whole.
    var listenRequest: [UInt8] {
        switch self {
        case .firestore(let project):
            let body = #"{"structuredQuery":{"from":[{"collectionId":"listened"}]}}"#
            let head = "POST /v1/projects/\(project)/databases/(default)/documents:listen HTTP/1.1\r\nHost: bench\r\n"
                + "Accept: text/event-stream\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
            return Array((head + body).utf8)
        case .firestoreGRPC(let project):
            var request = Google_Firestore_V1_ListenRequest()
            request.database = "projects/\(project)/databases/(default)"
            var selector = Google_Firestore_V1_StructuredQuery.CollectionSelector()
            selector.collectionID = "listened"
            var target = Google_Firestore_V1_Target()
            target.query.parent = "projects/\(project)/databases/(default)/documents"
            target.query.structuredQuery.from = [selector]
            target.targetID = 1
            request.addTarget = target
            return (try? GRPCCall.opening(method: "Listen", project: project, first: request)) ?? []
        case .database(let namespace):
            return Array("GET /listened.json?ns=\(namespace) HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n\r\n".utf8)
        case .databaseWebSocket(let namespace):
            return Array(
                ("GET /.ws?v=5&ns=\(namespace) HTTP/1.1\r\nHost: bench\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8)
        }
    }

    /// What a WebSocket listener sends once the server's hello arrived (the SDKs wait for the
    /// handshake): its listen; nil for event streams.
    var followUp: [UInt8]? {
        guard self.isWebSocket else { return nil }
        return SocketFrame.masked(Array(#"{"t":"d","d":{"r":1,"a":"q","b":{"p":"/listened","h":""}}}"#.utf8))
    }

    /// The request that writes benchmark value `sequence` (from 1), and the status that
    /// acknowledges it (both services acknowledge only once the write is durable). Writes
    /// cycle over 100 documents (children) so every one changes the listened result.
    func writeRequest(_ sequence: Int) -> String {
        switch self {
        case .firestore(let project):
            let name = "projects/\(project)/databases/(default)/documents/listened/d\(sequence % 100)"
            let body = #"{"writes":[{"update":{"name":"\#(name)","fields":{"seq":{"integerValue":"\#(sequence)"}}}}]}"#
            return Self.commit(project, body)
        case .firestoreGRPC(let project):
            let name = "projects/\(project)/databases/(default)/documents/listened/d\(sequence % 100)"
            return Self.commit(project, #"{"writes":[{"update":{"name":"\#(name)","fields":{"seq":{"stringValue":"seq=\#(sequence);"}}}}]}"#)
        case .database(let namespace), .databaseWebSocket(let namespace):
            return Self.put("/listened/d\(sequence % 100).json?ns=\(namespace)", #"{"seq":\#(sequence)}"#)
        }
    }

    /// What to write before the listeners open, so their first event carries data (nil: nothing).
    /// The value holds no `seq`, so no initial event is mistaken for a benchmark write.
    var seedRequest: String? {
        switch self {
        case .firestore: nil
        case .firestoreGRPC(let project):
            Self.commit(
                project,
                #"{"writes":[{"update":{"name":"projects/\#(project)/databases/(default)/documents/listened/ready","fields":{"ready":{"stringValue":"initial-snapshot"}}}}]}"#)
        case .database(let namespace), .databaseWebSocket(let namespace): Self.put("/listened.json?ns=\(namespace)", #"{"seed":{"ready":true}}"#)
        }
    }

    /// Precedes the sequence number of a benchmark write in a `data:` line.
    var sequenceMarker: [UInt8] {
        switch self {
        case .firestore: Array(#""seq":{"integerValue":""#.utf8)
        case .firestoreGRPC: Array("seq=".utf8)
        case .database, .databaseWebSocket: Array(#""seq":"#.utf8)
        }
    }

    /// Found in the `data:` line of a listener's first event.
    var initialMarker: [UInt8] {
        switch self {
        case .firestore: Array(#""initial":true"#.utf8)
        case .firestoreGRPC: Array("initial-snapshot".utf8)
        case .database: Array(#"{"path":"/","#.utf8)
        case .databaseWebSocket: Array(#""p":"listened","d":{"seed""#.utf8)
        }
    }

    /// `event:` lines that end a stream: Firestore's final `error`, the Realtime Database's
    /// `cancel` (access lost) and `auth_revoked`. (An RTDB reader that falls behind is simply
    /// disconnected, which the report counts as a closed stream.)
    var endingLines: [[UInt8]] {
        switch self {
        case .firestore: [Array("event: error".utf8)]
        case .firestoreGRPC: []
        case .database: [Array("event: cancel".utf8), Array("event: auth_revoked".utf8)]
        case .databaseWebSocket: [Array(#""a":"c""#.utf8), Array(#""a":"ac""#.utf8)]
        }
    }

    /// The project whose listeners the server counts; nil where it has no count to ask.
    var countedProject: String? {
        switch self {
        case .firestore(let project), .firestoreGRPC(let project): project
        case .database, .databaseWebSocket: nil
        }
    }

    /// Whether responses are binary (gRPC): every line is scanned, not only `data:` lines.
    var isBinary: Bool {
        if case .firestoreGRPC = self { true } else { false }
    }

    /// The transport the listeners use, for the report.
    var transport: String {
        switch self {
        case .firestoreGRPC: "gRPC Listen streams (one target each)"
        case .databaseWebSocket: "WebSocket listens"
        case .firestore, .database: "SSE streams"
        }
    }

    private static func commit(_ project: String, _ body: String) -> String {
        "POST /v1/projects/\(project)/databases/(default)/documents:commit HTTP/1.1\r\nHost: bench\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body
    }

    private static func put(_ target: String, _ body: String) -> String {
        "PUT \(target) HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body
    }
}
