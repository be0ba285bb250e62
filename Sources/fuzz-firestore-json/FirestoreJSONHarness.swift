import HearthFuzzing
import HearthHTTP
import HearthJSON

/// Fuzzes request bodies: HearthJSON's parser and writer, and every Firestore wire decoder
/// behind the routes (documents and values, writes and transforms, structured and aggregation
/// queries, cursors, masks, transactions, listen targets), then the store operations they
/// drive.
///
/// An input is a first line naming the call and the body after it, so the corpus is readable
/// and the fuzzer mutates mostly JSON:
///
///     POST :runQuery
///     {"structuredQuery": {"from": [{"collectionId": "cities"}]}}
///
/// The first line is `METHOD SUFFIX`, where the suffix is appended to
/// `/v1/projects/fuzz/databases/(default)/documents` (`/cities/SF`, `:commit`, `/cities?pageSize=1`);
/// an input without a newline is a `PATCH /cities/SF` body. Each input runs on a fresh
/// in-memory server holding a few seed documents (``FirestoreSeed``).
///
/// Two pseudo-methods feed the rest of the input to a token decoder instead of a body
/// (``TokenInput``): `TOKEN /cities?orderBy=population` sends it, URL-safe base64 encoded, as
/// the `pageToken` of that ListDocuments (so the fuzzer mutates the decoded JSON array of path
/// and values, not base64 text), and `RESUME :listen` sends it as the `Last-Event-ID` of an
/// SSE listen on the cities collection. Structured-query cursors are plain bodies.
///
/// Oracles: no crash or hang; every response is a valid HTTP status with a JSON (or `Ok`)
/// body; and the JSON round trip — whatever the parser accepts, the writer writes back as text
/// that parses to the same value and is written identically again.
@main
enum FirestoreJSONHarness {
    static let root = "/v1/projects/fuzz/databases/(default)/documents"

    static func main() {
        FuzzDriver.main(fuzzFirestoreJSONTestOneInput)
    }

    static func run(_ bytes: [UInt8]) async {
        let (method, suffix, body) = TokenInput.request(Self.split(bytes))
        Self.checkRoundTrip(body)
        let service = FuzzService()
        await FirestoreSeed.write(into: service, root: Self.root)
        // `:listen` and listening GETs answer with server-sent events only when asked to.
        var headers: HTTPHeaders = suffix.hasSuffix(":listen") ? ["Accept": "text/event-stream"] : [:]
        if let resume = TokenInput.resumeToken(Self.split(bytes)) { headers.add(name: "Last-Event-ID", value: resume) }
        let response = await service.respond(method, Self.root + suffix, headers: headers, body: body)
        switch response.body {
        case .stream(let produce), .eventStream(let produce): try? await produce(DiscardingBodyWriter())
        default: break
        }
        precondition((200...599).contains(response.status.code), "status \(response.status.code)")
        if FuzzDriver.isVerbose, case .bytes(let bytes) = response.body {
            print(method, suffix, response.status.code, String(decoding: bytes.prefix(300), as: UTF8.self))
        }
        if response.status.code >= 400, case .bytes(let bytes) = response.body {
            precondition((try? JSONParser.parse(bytes))?.objectValue?["error"] != nil, "error body is not Google's shape")
        }
    }

    /// `(method, URL suffix, body)` from an input.
    static func split(_ bytes: [UInt8]) -> (HTTPMethod, String, [UInt8]) {
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else {
            return (.patch, "/cities/SF", bytes)
        }
        let line = String(decoding: bytes[..<newline], as: UTF8.self)
        let body = Array(bytes[(newline + 1)...])
        let parts = line.split(separator: " ", maxSplits: 1)
        let method = HTTPMethod(rawValue: parts.first.map(String.init) ?? "POST")
        let suffix = parts.count > 1 ? String(parts[1]) : ""
        return (method, suffix, body)
    }

    /// parse → write → parse is the identity, and writing is stable.
    static func checkRoundTrip(_ body: [UInt8]) {
        guard let value = try? JSONParser.parse(body) else { return }
        let written = value.serialized()
        guard let reparsed = try? JSONParser.parse(written) else {
            preconditionFailure("written JSON does not parse: \(String(decoding: written, as: UTF8.self))")
        }
        precondition(reparsed == value, "round trip changed the value")
        precondition(reparsed.serialized() == written, "writing is not stable")
        precondition((try? JSONParser.parse(value.serialized(pretty: true))) == value, "pretty output differs")
    }
}

/// libFuzzer's entry point: a request line and a body.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzFirestoreJSONTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    BlockingTask.run { await FirestoreJSONHarness.run(bytes) }
    return 0
}
