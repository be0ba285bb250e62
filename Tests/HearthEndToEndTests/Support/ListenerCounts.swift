import Foundation
import HearthTesting

/// What `GET /emulator/v1/projects/{p}/listeners` reports: open listen streams (the HTTP
/// side's registry), listeners registered in the stores, and the distinct targets they share.
struct ListenerCounts: Equatable, CustomStringConvertible {
    var streams: Int
    var listeners: Int
    var targets: Int

    var description: String { "streams \(self.streams), listeners \(self.listeners), targets \(self.targets)" }
}

extension HearthProcess {
    /// Opens a listen stream (`Accept: text/event-stream`) and reads the response head.
    func listen(
        _ method: String, _ path: String, body: String? = nil, headers: [String] = [], receiveBufferSize: Int? = nil
    ) throws -> EventStreamReader {
        var request = "\(method) \(path) HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n"
        for header in headers { request += header + "\r\n" }
        if let body { request += "Content-Length: \(body.utf8.count)\r\n\r\n\(body)" } else { request += "\r\n" }
        return try EventStreamReader(port: self.port, request: request, receiveBufferSize: receiveBufferSize)
    }

    /// The server's listener bookkeeping for `project`.
    func listenerCounts(project: String = "p") throws -> ListenerCounts {
        let response = try self.request("GET", "/emulator/v1/projects/\(project)/listeners")
        let json = try response.json
        guard response.status == 200, let streams = json["streams"] as? Int, let listeners = json["listeners"] as? Int,
            let targets = json["targets"] as? Int
        else { throw HearthProcessError(message: "bad listeners answer: \(response.status) \(response.bodyText)") }
        return ListenerCounts(streams: streams, listeners: listeners, targets: targets)
    }

    /// Polls the counts until `condition` holds and returns them; throws, with the last counts,
    /// if it does not within `timeout` (a deadline for a broken server, not a measured time).
    /// The short pause only paces the polling so it does not starve the server it watches.
    @discardableResult
    func waitForListenerCounts(
        project: String = "p", timeout: Duration = .seconds(30), _ what: String, until condition: (ListenerCounts) -> Bool
    ) throws -> ListenerCounts {
        let deadline = ContinuousClock.now + timeout
        while true {
            let counts = try self.listenerCounts(project: project)
            if condition(counts) { return counts }
            guard ContinuousClock.now < deadline else {
                throw HearthProcessError(message: "\(what): not within \(timeout); last seen \(counts)")
            }
            usleep(2_000)
        }
    }
}
