import HearthJSON

/// The JSON of the Requests feed (`GET /emulator/v1/requests`, documented in openapi.yaml).
extension RulesEvaluationLog {
    /// `{"rules":[source…],"requests":[evaluation…]}`, oldest evaluation first.
    static func json(_ snapshot: Snapshot) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 4096)
        writer.beginObject()
        writer.key("rules")
        writer.beginArray()
        for source in snapshot.sources { Self.write(source, to: &writer) }
        writer.endArray()
        writer.key("requests")
        writer.beginArray()
        for evaluation in snapshot.evaluations { Self.write(evaluation, to: &writer) }
        writer.endArray()
        writer.endObject()
        return writer.takeBytes()
    }

    /// One event of the live feed: a source (`rules`) or an evaluation (`request`).
    static func json(_ event: Event) -> (name: String, data: [UInt8]) {
        var writer = JSONWriter(reservingCapacity: 1024)
        switch event {
        case .rules(let source):
            Self.write(source, to: &writer)
            return ("rules", writer.takeBytes())
        case .evaluation(let evaluation):
            Self.write(evaluation, to: &writer)
            return ("request", writer.takeBytes())
        }
    }

    /// `{"id","origin","source"}`
    static func write(_ source: RulesSource, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("id")
        writer.integer(source.id)
        writer.key("origin")
        writer.string(source.origin)
        writer.key("source")
        writer.string(source.text)
        writer.endObject()
    }

    /// `{"id","time","product","method","path","scope","caller","outcome","explanation","rules","lines":[{"line","column","outcome","detail"}]}`;
    /// `time` in microseconds since the epoch, `rules` the id of its source.
    static func write(_ evaluation: RulesEvaluation, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("id")
        writer.integer(evaluation.id)
        writer.key("time")
        writer.integer(evaluation.time)
        for (key, value) in [
            ("product", evaluation.product.rawValue), ("method", evaluation.method), ("path", evaluation.path),
            ("scope", evaluation.scope), ("caller", evaluation.caller), ("outcome", evaluation.outcome.rawValue),
            ("explanation", evaluation.explanation),
        ] {
            writer.key(key)
            writer.string(value)
        }
        writer.key("rules")
        writer.integer(evaluation.rules.id)
        writer.key("lines")
        writer.beginArray()
        for line in evaluation.lines {
            writer.beginObject()
            writer.key("line")
            writer.integer(Int64(line.line))
            writer.key("column")
            writer.integer(Int64(line.column))
            writer.key("outcome")
            writer.string(line.outcome.rawValue)
            writer.key("detail")
            writer.string(line.detail)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }
}
