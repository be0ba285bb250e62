#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A deliberately dumb HTTP/1.1 client over one POSIX TCP socket, for tests that need to put
/// exact bytes on the wire (pipelining, malformed requests, slow or stalled clients) and read
/// exactly what comes back.
///
/// Every read and write has a timeout (`SO_RCVTIMEO`/`SO_SNDTIMEO`), so a test can fail but
/// never hang. Not `Sendable`: it owns a file descriptor and a read buffer, and is meant to
/// be used from one task.
public final class RawHTTPConnection {
    private var descriptor: Int32
    /// Bytes received but not yet consumed by a parse.
    private var pending: [UInt8] = []
    private var pendingStart = 0

    /// Connects to `host:port` (an IPv4 or IPv6 literal, or `localhost`).
    ///
    /// - Parameters:
    ///   - timeout: the limit for each individual read or write.
    ///   - receiveBufferSize: a small value makes the client stop accepting data sooner
    ///     (useful to test a server's backpressure).
    public init(
        host: String = "127.0.0.1",
        port: Int,
        timeout: Duration = .seconds(10),
        receiveBufferSize: Int? = nil
    ) throws {
        let address = host == "localhost" ? "127.0.0.1" : host
        let isIPv6 = address.contains(":")
        #if canImport(Glibc)
        let streamType = Int32(SOCK_STREAM.rawValue)
        #else
        let streamType = SOCK_STREAM
        #endif
        let fd = socket(isIPv6 ? AF_INET6 : AF_INET, streamType, 0)
        guard fd >= 0 else { throw RawHTTPError("socket() failed: errno \(errno)") }
        self.descriptor = fd

        var tv = timeval(
            tv_sec: Int(timeout.components.seconds),
            tv_usec: Int(timeout.components.attoseconds / 1_000_000_000_000)
        )
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBufferSize.map(Int32.init) {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))

        let result: Int32
        if isIPv6 {
            var socketAddress = sockaddr_in6()
            socketAddress.sin6_family = sa_family_t(AF_INET6)
            socketAddress.sin6_port = in_port_t(UInt16(port).bigEndian)
            guard inet_pton(AF_INET6, address, &socketAddress.sin6_addr) == 1 else {
                closeSocket(fd)
                throw RawHTTPError("Not an IP address: \(host)")
            }
            result = withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var socketAddress = sockaddr_in()
            socketAddress.sin_family = sa_family_t(AF_INET)
            socketAddress.sin_port = in_port_t(UInt16(port).bigEndian)
            guard inet_pton(AF_INET, address, &socketAddress.sin_addr) == 1 else {
                closeSocket(fd)
                throw RawHTTPError("Not an IP address: \(host)")
            }
            result = withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard result == 0 else {
            let code = errno
            closeSocket(fd)
            self.descriptor = -1
            throw RawHTTPError("connect to \(host):\(port) failed: \(String(cString: strerror(code)))")
        }
    }

    deinit {
        self.close()
    }

    /// Sends all of `bytes`.
    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { buffer in
                sendBytes(self.descriptor, buffer.baseAddress, buffer.count)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw RawHTTPError("send failed: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    /// Sends the UTF-8 bytes of `string` (write `\r\n` line ends yourself).
    public func send(_ string: String) throws {
        try self.send(Array(string.utf8))
    }

    /// Reads one response: status line, headers, then the body framed by `Content-Length`,
    /// chunked encoding, or the end of the connection. Interim `1xx` responses are skipped.
    ///
    /// - Parameter forHead: the request was `HEAD`, so no body follows whatever the headers say.
    public func readResponse(forHead: Bool = false) throws -> RawHTTPResponse {
        while true {
            var response = try self.readResponseHead()
            let status = response.status
            if (100..<200).contains(status) && status != 101 { continue }
            if forHead || status == 204 || status == 304 { return response }
            if response.header("transfer-encoding")?.lowercased().contains("chunked") == true {
                response.body = try self.readChunkedBody()
                response.wasChunked = true
            } else if let length = response.header("content-length").flatMap({ Int($0) }) {
                response.body = try self.read(exactly: length)
            } else {
                response.body = try self.readUntilClose()
            }
            return response
        }
    }

    /// Reads one chunk of a chunked body whose head `readResponseHead()` returned; nil after
    /// the last chunk. For streams (server-sent events) read piece by piece.
    public func readChunk() throws -> [UInt8]? {
        let line = String(decoding: try self.readLine(), as: UTF8.self)
        let sizeText = line.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        guard let size = Int(sizeText.trimmingSpaces(), radix: 16) else { throw RawHTTPError("Malformed chunk size line: \(line)") }
        if size == 0 {
            while !(try self.readLine()).isEmpty {}
            return nil
        }
        let chunk = try self.read(exactly: size)
        guard try self.readLine().isEmpty else { throw RawHTTPError("Chunk not followed by CRLF") }
        return chunk
    }

    /// Reads a response's status line and headers only (the body is left unread).
    public func readResponseHead() throws -> RawHTTPResponse {
        do {
            let headBytes = try self.readHead()
            var lines = String(decoding: headBytes, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
            let statusLine = lines.removeFirst()
            let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count >= 2, let status = Int(parts[1]) else {
                throw RawHTTPError("Malformed status line: \(statusLine)")
            }
            var headers: [(String, String)] = []
            for line in lines where !line.isEmpty {
                guard let colon = line.firstIndex(of: ":") else { throw RawHTTPError("Malformed header: \(line)") }
                let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
                headers.append((String(line[..<colon]), String(value)))
            }
            return RawHTTPResponse(
                status: status,
                reason: parts.count > 2 ? String(parts[2]) : "",
                version: String(parts[0]),
                headers: headers,
                body: []
            )
        }
    }

    /// Reads until the server closes the connection; returns everything not yet consumed.
    /// A connection reset also counts as closed.
    public func readUntilClose() throws -> [UInt8] {
        while try self.fill() {}
        return self.take(self.pending.count - self.pendingStart)
    }

    /// Reads until at least `count` unconsumed bytes are available or the connection closes,
    /// then returns and consumes all available bytes (possibly more than `count`).
    public func read(atLeast count: Int) throws -> [UInt8] {
        while self.pending.count - self.pendingStart < count {
            guard try self.fill() else { break }
        }
        return self.take(self.pending.count - self.pendingStart)
    }

    /// Closes the socket; further calls do nothing.
    public func close() {
        if self.descriptor >= 0 {
            closeSocket(self.descriptor)
            self.descriptor = -1
        }
    }

    // MARK: - Buffering

    /// Reads once from the socket into `pending`. Returns `false` at end of stream.
    private func fill() throws -> Bool {
        guard self.descriptor >= 0 else { throw RawHTTPError("The connection is closed") }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(self.descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                if self.pendingStart > 0 && self.pendingStart == self.pending.count {
                    self.pending.removeAll(keepingCapacity: true)
                    self.pendingStart = 0
                }
                self.pending.append(contentsOf: chunk[0..<count])
                return true
            }
            if count == 0 { return false }
            switch errno {
            case EINTR: continue
            case ECONNRESET: return false
            case EAGAIN, EWOULDBLOCK: throw RawHTTPError("Timed out waiting for data from the server")
            default: throw RawHTTPError("recv failed: \(String(cString: strerror(errno)))")
            }
        }
    }

    private func take(_ count: Int) -> [UInt8] {
        let bytes = Array(self.pending[self.pendingStart..<(self.pendingStart + count)])
        self.pendingStart += count
        if self.pendingStart == self.pending.count {
            self.pending.removeAll(keepingCapacity: true)
            self.pendingStart = 0
        }
        return bytes
    }

    /// Reads exactly `count` bytes; throws if the connection closes first.
    public func read(exactly count: Int) throws -> [UInt8] {
        while self.pending.count - self.pendingStart < count {
            guard try self.fill() else {
                throw RawHTTPError("Connection closed after \(self.pending.count - self.pendingStart) of \(count) body bytes")
            }
        }
        return self.take(count)
    }

    /// Reads a line ending in CRLF and returns it without the CRLF.
    private func readLine() throws -> [UInt8] {
        var searchFrom = self.pendingStart
        while true {
            if let index = self.indexOfCRLF(from: searchFrom) {
                let line = self.take(index - self.pendingStart)
                _ = self.take(2)
                return line
            }
            searchFrom = max(self.pendingStart, self.pending.count - 1)
            guard try self.fill() else { throw RawHTTPError("Connection closed in the middle of a line") }
        }
    }

    /// Reads through the blank line that ends a response head; returns the head without it.
    private func readHead() throws -> [UInt8] {
        var searchFrom = self.pendingStart
        while true {
            var index = searchFrom
            while let crlf = self.indexOfCRLF(from: index) {
                if crlf + 3 < self.pending.count, self.pending[crlf + 2] == 13, self.pending[crlf + 3] == 10 {
                    let head = self.take(crlf - self.pendingStart)
                    _ = self.take(4)
                    return head
                }
                index = crlf + 1
            }
            searchFrom = max(self.pendingStart, self.pending.count - 3)
            guard try self.fill() else {
                throw RawHTTPError(
                    self.pending.count == self.pendingStart
                        ? "Connection closed before a response arrived"
                        : "Connection closed in the middle of a response head"
                )
            }
        }
    }

    private func indexOfCRLF(from start: Int) -> Int? {
        var index = start
        while index + 1 < self.pending.count {
            if self.pending[index] == 13 && self.pending[index + 1] == 10 { return index }
            index += 1
        }
        return nil
    }

    private func readChunkedBody() throws -> [UInt8] {
        var body: [UInt8] = []
        while let chunk = try self.readChunk() { body += chunk }
        return body
    }
}

/// `close(2)`, named apart from ``RawHTTPConnection/close()``.
private func closeSocket(_ descriptor: Int32) {
    #if canImport(Glibc)
    _ = Glibc.close(descriptor)
    #else
    _ = Darwin.close(descriptor)
    #endif
}

/// `send(2)` without raising `SIGPIPE` when the peer has gone.
private func sendBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
    #else
    var one: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
    return Darwin.send(descriptor, bytes, count, 0)
    #endif
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        String(self.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
