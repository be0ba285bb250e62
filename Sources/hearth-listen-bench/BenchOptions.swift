/// The command line: `hearth-listen-bench --port P --pid PID [--service firestore|firestore-grpc|database|websocket]
/// [--listeners 1000] [--rate 200] [--seconds 10] [--writers 16] [--project bench]
/// [--namespace bench] [--mode listen|write-stream|loopback-floor] [--batch 100] [--bytes 300]`. `--port` is the Firestore
/// port, or the database port with `--service database` (SSE streams) or `--service websocket`
/// (the SDKs' WebSocket protocol). `firestore-grpc` listens over gRPC Listen streams (one
/// target each) instead of SSE; `--mode write-stream` measures commits over one gRPC Write
/// stream in batches of `--batch` documents instead; `--mode loopback-floor` measures the same
/// number of sockets at `--rate` with no server (`LoopbackFloor`: `--bytes` per message; no
/// `--port` or `--pid`).
struct BenchOptions: Sendable {
    var port = 0
    var pid: Int32 = 0
    var listeners = 1_000
    var rate = 200
    var seconds = 10
    var writers = 16
    var project = "bench"
    var namespace = "bench"
    var database = false
    var webSocket = false
    var grpc = false
    var writeStream = false
    var loopbackFloor = false
    /// The size of each message of `--mode loopback-floor`.
    var bytes = 300
    var batch = 100

    /// Parses `--name value` pairs; nil (after printing why) when something is wrong.
    static func parse(_ arguments: [String]) -> BenchOptions? {
        var options = BenchOptions()
        var rest = arguments[...]
        while let name = rest.popFirst() {
            guard let value = rest.popFirst() else {
                print("hearth-listen-bench: \(name) needs a value")
                return nil
            }
            switch name {
            case "--port": options.port = Int(value) ?? 0
            case "--pid": options.pid = Int32(value) ?? 0
            case "--listeners": options.listeners = Int(value) ?? 0
            case "--rate": options.rate = Int(value) ?? 0
            case "--seconds": options.seconds = Int(value) ?? 0
            case "--writers": options.writers = Int(value) ?? 0
            case "--project": options.project = value
            case "--namespace": options.namespace = value
            case "--batch": options.batch = Int(value) ?? 0
            case "--bytes": options.bytes = Int(value) ?? 0
            case "--mode":
                guard ["listen", "write-stream", "loopback-floor"].contains(value) else {
                    print("hearth-listen-bench: --mode is listen, write-stream or loopback-floor, not \(value)")
                    return nil
                }
                options.writeStream = value == "write-stream"
                options.loopbackFloor = value == "loopback-floor"
            case "--service":
                guard ["firestore", "firestore-grpc", "database", "websocket"].contains(value) else {
                    print("hearth-listen-bench: --service is firestore, firestore-grpc, database or websocket, not \(value)")
                    return nil
                }
                options.database = value == "database"
                options.webSocket = value == "websocket"
                options.grpc = value == "firestore-grpc"
            default:
                print("hearth-listen-bench: unknown option \(name)")
                return nil
            }
        }
        let server = options.loopbackFloor || (options.port > 0 && options.pid > 0)
        guard server, options.bytes >= 8, options.listeners > 0, options.rate > 0, options.seconds > 0, options.writers > 0, options.batch > 0 else {
            print("usage: hearth-listen-bench --port P --pid PID [--service firestore|firestore-grpc|database|websocket] [--listeners N] [--rate WRITES_PER_S] [--seconds S] [--writers W] [--project P] [--namespace NS] [--mode listen|write-stream|loopback-floor] [--batch N] [--bytes N]")
            return nil
        }
        return options
    }

    /// What is listened to and written.
    var service: BenchService {
        if self.webSocket { return .databaseWebSocket(namespace: self.namespace) }
        if self.database { return .database(namespace: self.namespace) }
        return self.grpc ? .firestoreGRPC(project: self.project) : .firestore(project: self.project)
    }
}
