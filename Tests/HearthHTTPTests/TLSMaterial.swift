import Foundation
import HearthTesting

/// A self-signed certificate and key (plus an unrelated key, and a text file) in a temporary
/// directory, made with openssl once per test process (``shared``), which the tests only read.
///
/// Once, because each RSA key takes openssl a good part of a second, and the tests that made
/// their own blocked the cooperative pool's threads (one per core) meanwhile, stalling every
/// in-process server of the suite; and each left its directory behind. The directory is named
/// after the process and removed when it exits.
struct TLSMaterial {
    /// The material, made by the first test that asks (the others wait for it).
    static let shared = Result { try TLSMaterial() }

    /// Named after the process, so the exit handler (a C function pointer, which captures
    /// nothing) can find it.
    private static let directoryPath = NSTemporaryDirectory() + "hearth-tls-\(getpid())"

    static var toolsInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") && FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")
    }

    let directory: String
    var certificate: String { self.directory + "/cert.pem" }
    var key: String { self.directory + "/key.pem" }
    var otherKey: String { self.directory + "/other-key.pem" }

    private init() throws {
        self.directory = Self.directoryPath
        try FileManager.default.createDirectory(atPath: self.directory, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: TLSMaterial.directoryPath) }
        try Self.run("/usr/bin/openssl", [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", self.key, "-out", self.certificate, "-days", "1",
            "-subj", "/CN=127.0.0.1",
        ])
        try Self.run("/usr/bin/openssl", ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", self.otherKey])
        try "not a certificate".write(toFile: self.key + ".txt", atomically: true, encoding: .utf8)
    }

    /// curl's `-w '%{http_version} %{http_code} '` then the body, certificate unchecked (`-k`).
    static func curl(_ arguments: [String]) throws -> String {
        try Self.run("/usr/bin/curl", ["-sk", "--max-time", "20", "-w", "%{http_version} %{http_code} ", "-o", "/dev/stderr"] + arguments)
    }

    /// Runs a tool; returns its standard output followed by its standard error.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let run = try ToolRun.run(tool, arguments)
        guard run.status == 0 else {
            throw TLSMaterialError(description: "\(tool) \(arguments.joined(separator: " ")) failed: \(run.stderr)")
        }
        return run.stdout + run.stderr
    }
}
