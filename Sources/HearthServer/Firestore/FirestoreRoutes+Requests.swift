import HearthHTTP

extension FirestoreRoutes {
    /// `GET /emulator/v1/requests`: the security-rules evaluations of both products that the
    /// log still holds (``RulesEvaluationLog``), as JSON; with `Accept: text/event-stream`,
    /// the same as a first `snapshot` event, then one `request` event per evaluation as it
    /// happens (preceded by a `rules` event when it was judged by rules not yet sent). A
    /// reader that falls ``RulesEvaluationLog/subscriberCapacity`` events behind gets an
    /// `error` event and the stream ends (reconnect for a fresh snapshot). An admin endpoint:
    /// it shows every caller's paths.
    func requestsFeed(_ request: Request) -> Response {
        let log = self.rules.evaluations
        guard Self.wantsEventStream(request) else { return .json(RulesEvaluationLog.json(log.snapshot())) }
        let headers: HTTPHeaders = [
            "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store", "X-Accel-Buffering": "no",
        ]
        return Response(
            status: .ok, headers: headers,
            body: .stream { writer in
                let (snapshot, events, key) = log.subscribe()
                defer { log.unsubscribe(key) }
                try await writer.write(ServerSentEvent(event: "snapshot", data: RulesEvaluationLog.json(snapshot)).encoded)
                while true {
                    switch await events.next() {
                    case .closed:
                        return
                    case .overflowed:
                        let message = #"{"error":{"code":429,"message":"This client fell more than 256 evaluations behind the Requests feed; reconnect to get a fresh snapshot.","status":"RESOURCE_EXHAUSTED"}}"#
                        try await writer.write(ServerSentEvent(event: "error", data: Array(message.utf8)).encoded)
                        return
                    case .element(let event):
                        let (name, data) = RulesEvaluationLog.json(event)
                        try await writer.write(ServerSentEvent(event: name, data: data).encoded)
                    }
                }
            })
    }
}
