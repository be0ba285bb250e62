import HearthCore

/// A complete HTTP request, with its body fully read.
///
/// The transport builds one per request once the body has arrived (bounded by
/// ``HTTPServerConfiguration/maxRequestBodySize``); route tests build them directly with
/// ``init(method:uri:headers:body:remoteAddress:)``, no sockets involved.
///
/// `path` and `pathSegments` stay percent-encoded on purpose: splitting must happen before
/// decoding so that an encoded `/` (`%2F`) inside a document ID stays within its segment.
/// The router decodes captured segments; see ``RouteParameters``.
public struct Request: Sendable {
    public var method: HTTPMethod
    /// The raw request target, exactly as sent (`/v1/a%2Fb?x=1`).
    public var uri: String
    /// The raw path: the request target without the query, still percent-encoded.
    public var path: String
    /// The raw path split on `/` after the leading `/`, still percent-encoded. Empty segments
    /// (from `//` or a trailing `/`) are kept as empty strings; `/` alone is `[""]`.
    public var pathSegments: [String]
    /// The decoded query parameters.
    public var query: URLQuery
    public var headers: HTTPHeaders
    /// The request body; empty when none was sent.
    public var body: [UInt8]
    /// The client's address; `nil` when unknown (for example, in tests).
    public var remoteAddress: RemoteAddress?

    /// Builds a request from its raw target, deriving ``path``, ``pathSegments`` and ``query``.
    ///
    /// An absolute-form target (`http://host/path`) is reduced to its path, as RFC 9112 §3.2.2
    /// requires servers to accept.
    public init(
        method: HTTPMethod,
        uri: String,
        headers: HTTPHeaders = [:],
        body: [UInt8] = [],
        remoteAddress: RemoteAddress? = nil
    ) {
        self.method = method
        self.uri = uri
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress

        // In an ASCII target (the usual one) a byte is a character, so `#` and `?` are found by
        // byte, without breaking graphemes; otherwise character by character.
        let ascii = uri.utf8.allSatisfy { $0 < 0x80 }
        var target = Substring(uri)
        if let fragment = ascii ? target.utf8.firstIndex(of: UInt8(ascii: "#")) : target.firstIndex(of: "#") {
            target = target[..<fragment]
        }
        let rawPath: Substring
        let rawQuery: Substring
        if let question = ascii ? target.utf8.firstIndex(of: UInt8(ascii: "?")) : target.firstIndex(of: "?") {
            rawPath = target[..<question]
            rawQuery = target[target.index(after: question)...]
        } else {
            rawPath = target
            rawQuery = ""
        }
        var path = rawPath
        if !path.hasPrefix("/"), let schemeEnd = path.firstRange(of: "://") {
            let afterAuthority = path[schemeEnd.upperBound...]
            path = afterAuthority.firstIndex(of: "/").map { afterAuthority[$0...] } ?? "/"
        }
        self.path = String(path)
        self.pathSegments = Request.splitPath(path)
        self.query = URLQuery(String(rawQuery))
    }

    /// Creates a request from every field as given, deriving nothing (for tests that need a
    /// combination the transport would not produce).
    public init(
        method: HTTPMethod,
        uri: String,
        path: String,
        pathSegments: [String],
        query: URLQuery,
        headers: HTTPHeaders,
        body: [UInt8],
        remoteAddress: RemoteAddress?
    ) {
        self.method = method
        self.uri = uri
        self.path = path
        self.pathSegments = pathSegments
        self.query = query
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
    }

    /// Splits a raw path on `/` after its leading `/`, keeping empty segments (on its bytes:
    /// ``Swift/StringProtocol/slashSeparated(omittingEmpty:)``). O(path length).
    static func splitPath(_ path: Substring) -> [String] {
        (path.hasPrefix("/") ? path.dropFirst() : path).slashSeparated()
    }
}

extension Request {
    /// ``pathSegments`` percent-decoded (`+` stays a plus, as in URL paths), or nil when an
    /// escape is malformed or decodes to invalid UTF-8. For services that route on the whole
    /// path themselves (the Realtime Database's `/<path>.json`). O(path length).
    public var decodedPathSegments: [String]? {
        var decoded: [String] = []
        decoded.reserveCapacity(self.pathSegments.count)
        for segment in self.pathSegments {
            guard case .success(let text) = PercentDecoding.decode(Substring(segment)) else { return nil }
            decoded.append(text)
        }
        return decoded
    }
}
