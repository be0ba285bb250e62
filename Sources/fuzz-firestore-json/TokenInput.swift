import HearthCore
import HearthHTTP

/// The harness's two token modes: the input's body becomes a page token or a resume token
/// instead of a request body, so the fuzzer mutates what the decoders see.
///
/// `TOKEN <ListDocuments suffix>`: the body, URL-safe base64 encoded (as the server writes
/// `nextPageToken`), is appended as `pageToken=`; the decoder then checks it against the
/// request's collection and order before the store uses it. `RESUME <anything>`: the body is
/// the `Last-Event-ID` of a listen on `cities`, with the control characters an HTTP parser
/// would refuse dropped.
enum TokenInput {
    static let listenBody = Array(#"{"structuredQuery":{"from":[{"collectionId":"cities"}],"orderBy":[{"field":{"fieldPath":"population"}}]}}"#.utf8)

    /// The request the harness sends for a split input.
    static func request(_ input: (HTTPMethod, String, [UInt8])) -> (HTTPMethod, String, [UInt8]) {
        let (method, suffix, body) = input
        switch method.rawValue {
        case "TOKEN":
            let separator = suffix.contains("?") ? "&" : "?"
            return (.get, suffix + separator + "pageToken=" + Base64Codec.encodeURLSafe(body), [])
        case "RESUME":
            return (.post, ":listen", Self.listenBody)
        default:
            return input
        }
    }

    /// The `Last-Event-ID` a `RESUME` input carries; nil for every other input.
    static func resumeToken(_ input: (HTTPMethod, String, [UInt8])) -> String? {
        guard input.0.rawValue == "RESUME" else { return nil }
        return String(decoding: input.2.filter { $0 >= 0x20 && $0 != 0x7F }, as: UTF8.self)
    }
}
