/// HTTP that does not parse, or asks for more than the server accepts: answered by the
/// transport before any route, still with Google's error body, and the connection closed.
extension BadInput {
    static let path = documentsURL("bad", "c/d")

    static let malformedFraming: [BadInput] = [
        .raw("not an HTTP request", "NOT AN HTTP REQUEST\r\n\r\n"),
        .raw("unsupported HTTP version", "GET / HTTP/3.0\r\nHost: localhost\r\n\r\n", contains: "version"),
        .raw("space inside the request target", "GET /v1/projects/bad/data bases HTTP/1.1\r\nHost: localhost\r\n\r\n"),
        .raw("header without a colon", "GET / HTTP/1.1\r\nHost x\r\n\r\n", contains: "header"),
        .raw("NUL in a header value", "GET / HTTP/1.1\r\nHost: x\u{0}y\r\n\r\n", contains: "header"),
        .raw("obsolete header folding", "GET / HTTP/1.1\r\nHost: localhost\r\nX-A: a\r\n b\r\n\r\n", contains: "header"),
        // The whole preface is served as HTTP/2 with prior knowledge since issue 14 (TransportTests).
        .raw("broken HTTP/2 preface", "PRI * HTTP/2.0\r\n\r\nXX\r\n\r\n", contains: "HTTP/2 connection preface"),
        .raw("Content-Length that is not a number", "PATCH \(path) HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n{}", contains: "Content-Length is not a decimal number"),
        .raw("negative Content-Length", "PATCH \(path) HTTP/1.1\r\nHost: localhost\r\nContent-Length: -1\r\n\r\n{}", contains: "Content-Length is not a decimal number"),
        .raw("two different Content-Lengths", "PATCH \(path) HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
             contains: "more than one Content-Length"),
        .raw("Content-Length and chunked together",
             "PATCH \(path) HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
             contains: "both Transfer-Encoding and Content-Length"),
        .raw("chunked and Content-Length together",
             "PATCH \(path) HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
             contains: "both Transfer-Encoding and Content-Length"),
        .raw("unsupported transfer coding", "PATCH \(path) HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: gzip\r\n\r\n{}",
             contains: "Transfer-Encoding does not end in chunked"),
        .raw("chunk size that is not hexadecimal", "PATCH \(path) HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n", contains: "chunk"),
        .raw("chunk size that overflows", "PATCH \(path) HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFF\r\n{}\r\n0\r\n\r\n", contains: "chunk"),
        .raw("URL over 64 KiB", "GET /\(String(repeating: "a", count: 70_000)) HTTP/1.1\r\nHost: localhost\r\n\r\n",
             status: 431, errorStatus: "RESOURCE_EXHAUSTED", contains: "64 KiB"),
        .raw("headers over 64 KiB", "GET / HTTP/1.1\r\nHost: localhost\r\n" + (0..<1_000).map { "X-\($0): \(String(repeating: "v", count: 100))\r\n" }.joined() + "\r\n",
             status: 431, errorStatus: "RESOURCE_EXHAUSTED", contains: "64 KiB"),
        .raw("Content-Length over 10 MiB", "PATCH \(path) HTTP/1.1\r\nHost: localhost\r\nContent-Length: 10485761\r\n\r\n{",
             status: 413, errorStatus: "RESOURCE_EXHAUSTED", contains: "10 MiB"),
    ]
}
