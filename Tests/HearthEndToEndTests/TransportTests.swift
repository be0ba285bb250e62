import Foundation
import HearthTesting
import Testing

/// curl and openssl, which the transport tests drive.
let transportToolsInstalled =
    FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") && FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")

/// The transport of the real binary (issue 14): HTTP/2 with prior knowledge on the Firestore
/// port (what gRPC clients send to an emulator host), gzip for clients that accept it, and
/// `--tls-cert`/`--tls-key` serving HTTPS on the same ports. curl is the client: it speaks
/// h2c, gzip and TLS as other tools do.
@Suite(.enabled(if: transportToolsInstalled, "needs /usr/bin/curl and /usr/bin/openssl"))
struct TransportTests {
    static let document = "/v1/projects/transport/databases/(default)/documents/c/d"

    @Test func priorKnowledgeHTTP2OnTheFirestorePort() throws {
        let server = try HearthProcess()
        let plain = try Self.curl(["--http2-prior-knowledge", "http://127.0.0.1:\(server.port)/"])
        #expect(plain.hasPrefix("2 404 "))
        let grpc = try Self.curl([
            "--http2-prior-knowledge", "-X", "POST", "-H", "content-type: application/grpc", "-H", "te: trailers",
            "--data-binary", "", "-D", "/dev/stdout",
            "http://127.0.0.1:\(server.port)/google.firestore.v1.Firestore/NoSuchMethod",
        ])
        #expect(grpc.contains("grpc-status: 12"))
        #expect(grpc.contains("Method not found: /google.firestore.v1.Firestore/NoSuchMethod"))
        // HTTP/1.1 on the same port, as before.
        #expect(try server.request("GET", Self.document).status == 404)
    }

    @Test func gzipForClientsThatAcceptIt() throws {
        let server = try HearthProcess()
        let fields = (0..<100).map { "\"f\($0)\":{\"stringValue\":\"some text \($0)\"}" }.joined(separator: ",")
        #expect(try server.request("PATCH", Self.document, body: "{\"fields\":{\(fields)}}").status == 200)
        let plain = try server.request("GET", Self.document)
        let gzipped = try server.request("GET", Self.document, headers: [("Accept-Encoding", "gzip")])
        #expect(plain.header("Content-Encoding") == nil)
        #expect(gzipped.header("Content-Encoding") == "gzip")
        #expect(gzipped.body.count < plain.body.count / 2)
        let decompressed = try Self.run("/bin/gzip", ["-dc"], input: gzipped.body)
        #expect(decompressed == plain.bodyText)
    }

    @Test func tlsOnTheSamePorts() throws {
        let temporary = try TemporaryDirectory("e2e-tls")
        let directory = temporary.path
        try Self.run("/usr/bin/openssl", [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", directory + "/key.pem", "-out", directory + "/cert.pem",
            "-days", "1", "-subj", "/CN=127.0.0.1",
        ])
        let server = try HearthProcess(["--tls-cert", directory + "/cert.pem", "--tls-key", directory + "/key.pem"])
        let firestore = try Self.curl(["-k", "--http1.1", "https://127.0.0.1:\(server.port)\(Self.document)"])
        #expect(firestore.hasPrefix("1.1 404 "))
        #expect(firestore.contains("NOT_FOUND"))
        let database = try Self.curl(["-k", "--http1.1", "https://127.0.0.1:\(server.databasePort)/.json?ns=transport"])
        #expect(database.hasPrefix("1.1 200 null"))
        // Until REST is served over HTTP/2, TLS offers HTTP/1.1 only: curl's default (HTTP/2 if
        // offered) still gets the REST API.
        let preferring2 = try Self.curl(["-k", "--http2", "https://127.0.0.1:\(server.port)\(Self.document)"])
        #expect(preferring2.hasPrefix("1.1 404 "))
    }

    @Test func unusableTLSFilesAreNamed() throws {
        let missing = NSTemporaryDirectory() + "hearth-no-such-cert-\(UUID().uuidString).pem"
        let run = try CommandLineTests.hearth([
            "serve", "--in-memory", "--port", "0", "--database-port", "0", "--auth-port", "0", "--tls-cert", missing, "--tls-key", missing,
        ])
        #expect(run.status != 0)
        #expect(run.stderr.contains("Cannot read the TLS certificate file \(missing)"))
        let alone = try CommandLineTests.hearth(["serve", "--in-memory", "--tls-cert", missing])
        #expect(alone.status != 0)
        #expect(alone.stderr.contains("--tls-cert and --tls-key go together"))
    }

    /// curl's `-w '%{http_version} %{http_code} '`, then the body (and headers with `-D /dev/stdout`).
    static func curl(_ arguments: [String]) throws -> String {
        try Self.run("/usr/bin/curl", ["-s", "--max-time", "20", "-w", "%{http_version} %{http_code} ", "-o", "/dev/stderr"] + arguments)
    }

    /// Runs a tool; returns its standard output followed by its standard error.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String], input: [UInt8]? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        let stdin = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input)) }
        try stdin.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw RawHTTPError("\(tool) \(arguments.joined(separator: " ")) failed: \(String(decoding: err, as: UTF8.self))")
        }
        return String(decoding: out + err, as: UTF8.self)
    }
}
