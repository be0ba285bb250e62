import Foundation
import HearthTesting

/// Another machine for tests that need a client that is not on loopback: a network namespace
/// of the test's own, joined to this one by a veth pair on a private /30 that exists only for
/// the test (`10.254.x.1` here, `10.254.x.2` there). A server bound to `0.0.0.0` sees its
/// requests come from `clientAddress`, exactly as from a second machine on a LAN, and no
/// packet leaves this machine. Requests are sent with curl run inside the namespace.
///
/// Needs root and iproute2 (`ip netns`), as CI has; ``isAvailable`` says whether this machine
/// can make one, so tests can be skipped with a reason elsewhere.
final class IsolatedTestHost {
    /// The address of this machine as the isolated host reaches it (the server's side of the veth).
    let serverAddress: String
    /// The address requests come from.
    let clientAddress: String
    private let namespace: String
    private let hostLink: String

    static var isAvailable: Bool {
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/curl")
    }

    init() throws {
        let tag = String(getpid() % 100_000)
        let subnet = Int(getpid() % 250) + 1
        self.namespace = "hearth-e2e-\(tag)"
        self.hostLink = "he\(tag)a"
        let peerLink = "he\(tag)b"
        self.serverAddress = "10.254.\(subnet).1"
        self.clientAddress = "10.254.\(subnet).2"
        self.remove()
        do {
            try Self.ip(["netns", "add", self.namespace])
            try Self.ip(["link", "add", self.hostLink, "type", "veth", "peer", "name", peerLink])
            try Self.ip(["link", "set", peerLink, "netns", self.namespace])
            try Self.ip(["addr", "add", self.serverAddress + "/30", "dev", self.hostLink])
            try Self.ip(["link", "set", self.hostLink, "up"])
            try Self.ip(["netns", "exec", self.namespace, "ip", "addr", "add", self.clientAddress + "/30", "dev", peerLink])
            try Self.ip(["netns", "exec", self.namespace, "ip", "link", "set", peerLink, "up"])
        } catch {
            self.remove()
            throw error
        }
    }

    deinit { self.remove() }

    /// Sends one request from the isolated host to `serverAddress:port` and returns its status
    /// and body (headers are not kept).
    func request(_ method: String, _ path: String, port: Int, headers: [(String, String)] = [], body: String? = nil) throws
        -> RawHTTPResponse
    {
        let bodyFile = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-isolated-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: bodyFile) }
        var arguments = [
            "netns", "exec", self.namespace, "curl", "-s", "--max-time", "20", "-o", bodyFile, "-w", "%{http_code}", "-X", method,
        ]
        for (name, value) in headers { arguments += ["-H", "\(name): \(value)"] }
        if let body { arguments += ["--data-binary", body] }
        arguments.append("http://\(self.serverAddress):\(port)\(path)")
        let output = try Self.ip(arguments)
        guard let status = Int(output.trimmingCharacters(in: .whitespacesAndNewlines)), status > 0 else {
            throw RawHTTPError("curl from the isolated host got no response (\(output))")
        }
        let bytes = (try? Data(contentsOf: URL(fileURLWithPath: bodyFile))).map { [UInt8]($0) } ?? []
        return RawHTTPResponse(status: status, reason: "", headers: [], body: bytes)
    }

    private func remove() {
        _ = try? Self.ip(["link", "del", self.hostLink])
        _ = try? Self.ip(["netns", "del", self.namespace])
    }

    /// Runs `ip` with `arguments`; its standard output, or an error with its standard error.
    @discardableResult
    private static func ip(_ arguments: [String]) throws -> String {
        let run = try ToolRun.run("/usr/sbin/ip", arguments)
        guard run.status == 0 else {
            throw RawHTTPError("ip \(arguments.joined(separator: " ")) failed: \(run.stderr)")
        }
        return run.stdout
    }
}
