// swift-tools-version:6.1
// Hearth: a local Firebase backend (Firestore + Realtime Database) in one Swift binary.
//
// Layers, imports pointing down only (see README "Architecture"):
//
//   hearth (executable) -> HearthCommands -> HearthServer -> { HearthGRPC, HearthFirestoreProto, HearthHTTP, HearthFirestore, HearthDatabase, HearthAuth, HearthRules, HearthJSON, HearthStorage, HearthUI }
//   HearthGRPC -> { HearthHTTP, SwiftProtobuf }; HearthFirestoreProto -> SwiftProtobuf
//   (HearthCommands also names HearthHTTP's TLS errors; HearthHTTP brings SwiftNIO, NIOHTTP2, NIOSSL
//   and uses HearthCore's path splitting; the leaf models use HearthCore too.)
//
// HearthHTTP knows nothing of Firebase; HearthFirestore knows nothing of HTTP, JSON text or
// SQLite; HearthStorage stores opaque records; HearthJSON knows nothing at all. HearthGRPC (gRPC
// framing, statuses, deadlines, a method table) knows nothing of Firebase, and the generated
// HearthFirestoreProto knows nothing of Hearth. HearthServer is the only module that wires them together.
// Inside HearthServer, FirestoreService (Sources/HearthServer/FirestoreService) owns Firestore's
// operations with typed requests, authorization and typed errors, without HTTP or JSON; the REST
// routes and `hearth rules test` call it.
import PackageDescription

let strictness: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "hearth",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "hearth", targets: ["hearth"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.13.2"),
        .package(url: "https://github.com/apple/swift-nio-http2.git", from: "1.46.0"),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-protobuf.git", from: "1.39.0"),
    ],
    targets: [
        // Leaf: the little vocabulary several modules share (calendar arithmetic, paths cut on the
        // '/' byte, and the one journal / receipt / undo mechanism every store uses: Journal,
        // PendingChanges). No dependencies.
        .target(name: "HearthCore", swiftSettings: strictness),
        // Leaf: JSON text <-> JSONValue, byte-exact and lossless for numbers. No dependencies.
        .target(name: "HearthJSON", swiftSettings: strictness),
        // The Firestore data model (values, paths, documents, the store). No I/O, no wire format.
        .target(name: "HearthFirestore", dependencies: ["HearthCore"], swiftSettings: strictness),
        // The Realtime Database data model (JSON tree, ordering, queries, writes, ETags, change
        // feed, stream events). JSON in and out through HearthJSON; no HTTP, no SQLite.
        .target(name: "HearthDatabase", dependencies: ["HearthJSON", "HearthCore"], swiftSettings: strictness),
        // The Auth emulator's model: accounts and their indexes (by uid, e-mail, phone, provider),
        // the emulator's fake password hashes, unsigned ID tokens, refresh tokens, OOB and SMS
        // codes, config and tenants, identitytoolkit's error codes. Claims and records as JSON
        // through HearthJSON; no HTTP, no SQLite (its journal is implemented in HearthServer).
        .target(name: "HearthAuth", dependencies: ["HearthJSON", "HearthCore"], swiftSettings: strictness),
        // HTTP on SwiftNIO: one event-loop group per process; per connection, optional TLS (NIOSSL)
        // then protocol detection: HTTP/1.1 (NIOHTTP1, with the WebSocket upgrade of NIOWebSocket
        // where configured) or HTTP/2 with prior knowledge (NIOHTTP2, streams to a pluggable
        // responder, e.g. gRPC); gzip of buffered responses (CompressNIO); router, request/response
        // types. Knows nothing of Firebase.
        .target(
            name: "HearthHTTP",
            dependencies: [
                "HearthCore",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOHPACK", package: "swift-nio-http2"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictness
        ),
        // Google's Firestore v1 API messages (google/firestore/v1, google/rpc/status,
        // google/type/latlng), generated by scripts/generate-protos and committed. Knows nothing of Hearth.
        .target(
            name: "HearthFirestoreProto",
            dependencies: [.product(name: "SwiftProtobuf", package: "swift-protobuf")]
        ),
        // gRPC over HearthHTTP's HTTP/2 streams: length-prefixed messages (bounded, gzip),
        // statuses in trailers, deadlines, cancellation, a table of unary / server-streaming /
        // bidirectional methods. Messages through SwiftProtobuf. Knows nothing of Firebase.
        .target(
            name: "HearthGRPC",
            dependencies: [
                "HearthHTTP",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHPACK", package: "swift-nio-http2"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ],
            swiftSettings: strictness
        ),
        // The Firestore security rules language: parser, checker, evaluator (errors are values).
        // Imports no store: get()/exists() go through its DocumentLookup protocol.
        .target(name: "HearthRules", dependencies: ["HearthCore"], swiftSettings: strictness),
        // Durability: namespaced key/value records in an embedded SQLite (bundled by sqlite-nio),
        // group commit, crash recovery. Knows nothing of Firestore, HTTP or JSON.
        .target(
            name: "HearthStorage",
            dependencies: [
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictness
        ),
        // Leaf: the web UI's files (HTML, CSS, JavaScript modules) as Swift string literals, so
        // the binary carries them with no build step and no resource bundle. No dependencies.
        .target(name: "HearthUI", swiftSettings: strictness),
        // Composition: routes, wire JSON <-> domain types, identity, error mapping.
        .target(
            name: "HearthServer",
            dependencies: [
                "HearthHTTP", "HearthFirestore", "HearthDatabase", "HearthAuth", "HearthJSON", "HearthStorage", "HearthRules", "HearthCore", "HearthUI",
                "HearthGRPC", "HearthFirestoreProto",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ],
            swiftSettings: strictness
        ),
        .target(
            name: "HearthCommands",
            dependencies: [
                "HearthServer", "HearthHTTP", "HearthRules", "HearthJSON",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictness
        ),
        .executableTarget(name: "hearth", dependencies: ["HearthCommands"], swiftSettings: strictness),
        // Test support shared by the test targets: a raw POSIX-socket HTTP/1.1 client (and raw
        // HTTP/2 frames, their header blocks decoded with NIO's HPACK), so tests can send exactly
        // the bytes they mean (malformed, pipelined, slow); temporary directories removed with
        // the test that made them.
        .target(
            name: "HearthTesting",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHPACK", package: "swift-nio-http2"),
            ],
            swiftSettings: strictness
        ),
        // Test helper for HearthStorageTests' kill -9 test: writes and acknowledges batches until killed.
        .executableTarget(
            name: "storage-crash-writer",
            dependencies: ["HearthStorage", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictness
        ),
        // Load generator for `SECTIONS=5 scripts/bench`: a thousand SSE listeners on one event-loop
        // thread (NIO, raw bytes) and paced commit writers (HearthTesting's raw client); prints
        // write-to-delivery latency and server memory per idle listener. Section 0 runs the same
        // listeners as gRPC Listen streams and commits over a gRPC Write stream (its messages
        // from HearthFirestoreProto). Not part of `hearth`.
        .executableTarget(
            name: "hearth-listen-bench",
            dependencies: [
                "HearthTesting", "HearthFirestoreProto",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictness
        ),

        // Fuzzing (Tests/Fuzz/README.md): one libFuzzer harness per executable, built with
        // `-sanitize=fuzzer` and run by scripts/fuzz. In a plain build each is a small program that
        // replays input files (a corpus, a crash file), so it always compiles. Nothing depends on them.
        .target(
            name: "HearthFuzzing",
            dependencies: [
                "HearthServer", "HearthHTTP",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ],
            swiftSettings: strictness
        ),
        .executableTarget(name: "fuzz-http", dependencies: ["HearthFuzzing"], swiftSettings: strictness),
        .executableTarget(name: "fuzz-database-http", dependencies: ["HearthFuzzing"], swiftSettings: strictness),
        .executableTarget(name: "fuzz-database-ws", dependencies: ["HearthFuzzing"], swiftSettings: strictness),
        .executableTarget(name: "fuzz-auth", dependencies: ["HearthFuzzing"], swiftSettings: strictness),
        .executableTarget(name: "fuzz-grpc", dependencies: ["HearthFuzzing", "HearthTesting"], swiftSettings: strictness),
        .executableTarget(
            name: "fuzz-firestore-json", dependencies: ["HearthCore", "HearthFuzzing", "HearthHTTP", "HearthJSON"], swiftSettings: strictness),
        .executableTarget(name: "fuzz-firestore-rules", dependencies: ["HearthFuzzing", "HearthRules"], swiftSettings: strictness),
        .executableTarget(name: "fuzz-database-rules", dependencies: ["HearthFuzzing", "HearthRules"], swiftSettings: strictness),

        .testTarget(name: "HearthCoreTests", dependencies: ["HearthCore"], swiftSettings: strictness),
        .testTarget(name: "HearthJSONTests", dependencies: ["HearthJSON"], swiftSettings: strictness),
        .testTarget(name: "HearthFirestoreTests", dependencies: ["HearthFirestore"], swiftSettings: strictness),
        .testTarget(name: "HearthDatabaseTests", dependencies: ["HearthDatabase", "HearthJSON"], swiftSettings: strictness),
        .testTarget(name: "HearthAuthTests", dependencies: ["HearthAuth", "HearthJSON", "HearthCore"], swiftSettings: strictness),
        .testTarget(
            name: "HearthRulesTests",
            dependencies: ["HearthRules"],
            resources: [.copy("Conformance"), .copy("Database/Fixtures")],
            swiftSettings: strictness
        ),
        .testTarget(
            name: "HearthStorageTests",
            dependencies: ["HearthStorage", "HearthTesting", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictness
        ),
        // NIO's HPACK decoder reads the server's HTTP/2 header blocks; CompressNIO decompresses gzip bodies.
        .testTarget(
            name: "HearthHTTPTests",
            dependencies: [
                "HearthHTTP", "HearthTesting",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOHPACK", package: "swift-nio-http2"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ],
            swiftSettings: strictness
        ),
        // gRPC framing, statuses and calls over a real HTTP/2 server, with no Firebase in sight.
        .testTarget(
            name: "HearthGRPCTests",
            dependencies: [
                "HearthGRPC", "HearthHTTP", "HearthTesting",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHPACK", package: "swift-nio-http2"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ],
            swiftSettings: strictness
        ),
        .testTarget(
            name: "HearthServerTests",
            dependencies: [
                "HearthServer", "HearthHTTP", "HearthFirestore", "HearthDatabase", "HearthAuth", "HearthJSON", "HearthRules", "HearthStorage", "HearthUI",
                "HearthFirestoreProto", "HearthTesting", .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictness
        ),
        // End-to-end: drives the built `hearth` binary (found beside the test bundle) over real
        // sockets, exactly as a user's curl or SDK would.
        // gRPC calls are built with the generated messages (HearthFirestoreProto) and gzipped with CompressNIO.
        .testTarget(
            name: "HearthEndToEndTests",
            dependencies: [
                "HearthTesting", "HearthFirestoreProto",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ],
            swiftSettings: strictness
        ),
    ]
)
