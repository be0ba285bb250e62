import HearthFirestore
import HearthJSON

/// The JSON arrays of Firestore's server-streaming reads (runQuery, runAggregationQuery,
/// batchGet), which REST clients require to be well-formed arrays (reference §1.2).
///
/// Shared shape: an optional leading `{"transaction"}` element when the call began one, then
/// one element per result, each carrying `readTime`.
struct ReadResponseCodec {
    let database: DatabaseID
    private var writer = JSONWriter(reservingCapacity: 1024)

    init(database: DatabaseID, transaction: TransactionID?) {
        self.database = database
        self.writer.beginArray()
        if let transaction {
            self.writer.beginObject()
            self.writer.key("transaction")
            self.writer.string(ConsistencyCodec.encode(transaction))
            self.writer.endObject()
        }
    }

    /// RunQuery: `skippedResults` on the first element; a lone `{"readTime"}` when empty;
    /// Query Explain's metrics on the last, or alone when the query was only planned.
    mutating func append(_ result: QueryResult, projection: [FieldPath]?, explain: ExplainMetrics? = nil) {
        if let explain, explain.isPlanOnly { return self.planOnly(explain) }
        let readTime = result.readTime.rfc3339
        let database = self.database
        if result.documents.isEmpty {
            self.element(readTime: readTime, skipped: result.skipped, explain: explain) { _ in }
        }
        for (index, document) in result.documents.enumerated() {
            let last = index == result.documents.count - 1
            self.element(readTime: readTime, skipped: index == 0 ? result.skipped : 0, explain: last ? explain : nil) { writer in
                writer.key("document")
                DocumentCodec.encode(document, in: database, mask: projection, into: &writer)
            }
        }
    }

    /// RunAggregationQuery: `{"result":{"aggregateFields":{alias: Value}},"readTime"}`, with
    /// Query Explain's metrics; only the metrics when the query was only planned.
    mutating func append(_ aggregates: [(alias: String, value: FirestoreValue)], readTime: Timestamp, explain: ExplainMetrics? = nil) {
        if let explain, explain.isPlanOnly { return self.planOnly(explain) }
        self.element(readTime: readTime.rfc3339, skipped: 0, explain: explain) { writer in
            writer.key("result")
            writer.beginObject()
            writer.key("aggregateFields")
            writer.beginObject()
            for (alias, value) in aggregates {
                writer.key(alias)
                FirestoreValueCodec.encode(value, into: &writer)
            }
            writer.endObject()
            writer.endObject()
        }
    }

    /// BatchGet: `{"found": Document}` or `{"missing": name}`.
    mutating func append(_ document: Document?, path: DocumentPath, readTime: Timestamp, mask: [FieldPath]?) {
        let database = self.database
        self.element(readTime: readTime.rfc3339, skipped: 0) { writer in
            if let document {
                writer.key("found")
                DocumentCodec.encode(document, in: database, mask: mask, into: &writer)
            } else {
                writer.key("missing")
                writer.string(DocumentName(database: database, path: path).description)
            }
        }
    }

    /// The finished array.
    mutating func finish() -> [UInt8] {
        self.writer.endArray()
        return self.writer.bytes
    }

    /// Query Explain without `analyze`: one element, the plan (nothing was read).
    private mutating func planOnly(_ explain: ExplainMetrics) {
        self.writer.beginObject()
        self.writer.key("explainMetrics")
        ExplainCodec.encode(explain, into: &self.writer)
        self.writer.endObject()
    }

    private mutating func element(readTime: String, skipped: Int, explain: ExplainMetrics? = nil, _ body: (inout JSONWriter) -> Void) {
        self.writer.beginObject()
        body(&self.writer)
        if let explain {
            self.writer.key("explainMetrics")
            ExplainCodec.encode(explain, into: &self.writer)
        }
        self.writer.key("readTime")
        self.writer.string(readTime)
        if skipped > 0 {
            self.writer.key("skippedResults")
            self.writer.integer(Int64(skipped))
        }
        self.writer.endObject()
    }
}
