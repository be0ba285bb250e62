import HearthTesting
import Testing

/// The body reproduction, scaled down: many connections each declaring a large body
/// and sending part of it took the server to 966 MiB. With a 16 MiB budget, one holds its
/// reservation and the rest are refused at once, so memory grows by about the budget.
@Suite struct RequestBodyMemoryTests {
    @Test func manyLargeBodiesAtOnceStayWithinTheBudget() throws {
        let server = try HearthProcess(["--request-body-budget", "16M"])
        let before = try #require(server.residentBytes(), "no /proc to measure")
        let part = [UInt8](repeating: 0x61, count: 4 * 1024 * 1024)
        var connections: [RawHTTPConnection] = []
        var statuses: [Int] = []
        for index in 0..<40 {
            let connection = try RawHTTPConnection(port: server.databasePort)
            try connection.send("PUT /upload\(index).json HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(10 * 1024 * 1024)\r\n\r\n\"")
            // The server may refuse and close before it has all of this: that is the point.
            try? connection.send(part)
            connections.append(connection)
        }
        let after = try #require(server.residentBytes())
        for connection in connections.dropFirst() {
            statuses.append((try? connection.readResponse().status) ?? 0)
        }
        #expect(statuses.filter { $0 == 503 }.count >= 38, "\(statuses)")
        #expect(after - before <= 48 * 1024 * 1024, "grew \((after - before) >> 20) MiB")
        for connection in connections { connection.close() }
    }
}
