import HearthTesting

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the benchmark reads from the server besides its streams: resident memory from
/// `/proc/<pid>/status` (Linux), the open-stream count from the `listeners` endpoint, and the
/// seed write.
struct ServerProbe: Sendable {
    let port: Int
    let pid: Int32

    /// `VmRSS` in KiB; nil where `/proc` does not exist.
    func residentKiB() -> Int? {
        guard let file = fopen("/proc/\(self.pid)/status", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("VmRSS:") {
                return Int(text.dropFirst(6).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
            }
        }
        return nil
    }

    /// CPU time the server has used (user + system), in clock ticks (`sysconf(_SC_CLK_TCK)`),
    /// from `/proc/<pid>/stat`; nil where `/proc` does not exist.
    func cpuTicks() -> Int? {
        guard let file = fopen("/proc/\(self.pid)/stat", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 1024)
        guard fgets(&line, Int32(line.count), file) != nil else { return nil }
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // Fields after the command name (which is in parentheses and may hold spaces).
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    /// Sends one whole request (the benchmark's seed) and checks it succeeded.
    func send(_ request: String) throws {
        let connection = try RawHTTPConnection(port: self.port)
        try connection.send(request)
        let response = try connection.readResponse()
        guard response.status == 200 else { throw RawHTTPError("seeding the listened data: HTTP \(response.status)") }
    }

    /// Open listen streams of `project`, as the server counts them.
    func openStreams(project: String) throws -> Int {
        let response = try HTTPTestClient.request("GET", "/emulator/v1/projects/\(project)/listeners", port: self.port)
        let text = String(decoding: response.body, as: UTF8.self)
        let key = #""streams":"#
        guard let part = text.split(separator: ",").first(where: { $0.contains(key) }) else {
            throw RawHTTPError("unexpected listeners answer: \(text)")
        }
        return Int(part.split(separator: ":").last?.filter(\.isNumber) ?? "") ?? -1
    }
}
