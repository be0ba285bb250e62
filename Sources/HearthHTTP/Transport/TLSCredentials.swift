import NIOSSL

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A certificate and its private key, loaded and checked once at start-up, for serving HTTPS
/// (and HTTP/2 over TLS) on a server's own port (``HTTPServerConfiguration/tls``).
///
/// For testing from another device on the LAN, not for production: any certificate the files
/// hold is served, self-signed included. Which protocol a connection speaks is still told from
/// its first bytes, as without TLS; ALPN offers `http/1.1` only, or `h2` first when
/// ``HTTPServerConfiguration/offersHTTP2OverTLS`` says the HTTP/2 responder serves everything.
public struct TLSCredentials: Sendable {
    /// ALPN `http/1.1`: browsers and curl speak HTTP/1.1, served as without TLS.
    let http1Context: NIOSSLContext
    /// ALPN `h2`, then `http/1.1`.
    let http2Context: NIOSSLContext

    /// Loads a PEM certificate (chain) and its PEM private key.
    /// - Throws: ``TLSCredentialsError`` naming the file that cannot be read or parsed, or both
    ///   files when the key does not belong to the certificate.
    public init(certificateFile: String, keyFile: String) throws(TLSCredentialsError) {
        try Self.checkReadable(certificateFile, role: "certificate")
        try Self.checkReadable(keyFile, role: "private key")
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMFile(certificateFile)
        } catch {
            throw TLSCredentialsError("\(certificateFile) holds no PEM certificate (\(error)); give a file with a -----BEGIN CERTIFICATE----- block.")
        }
        guard !chain.isEmpty else {
            throw TLSCredentialsError("\(certificateFile) holds no PEM certificate; give a file with a -----BEGIN CERTIFICATE----- block.")
        }
        let key: NIOSSLPrivateKey
        do {
            key = try NIOSSLPrivateKey(file: keyFile, format: .pem)
        } catch {
            throw TLSCredentialsError("\(keyFile) holds no unencrypted PEM private key (\(error)); give a file with a -----BEGIN PRIVATE KEY----- block.")
        }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        do {
            configuration.applicationProtocols = ["http/1.1"]
            self.http1Context = try NIOSSLContext(configuration: configuration)
            configuration.applicationProtocols = ["h2", "http/1.1"]
            self.http2Context = try NIOSSLContext(configuration: configuration)
        } catch {
            throw TLSCredentialsError(
                "The private key in \(keyFile) does not belong to the certificate in \(certificateFile) (\(error)); give the key the certificate was made for.")
        }
    }

    private static func checkReadable(_ path: String, role: String) throws(TLSCredentialsError) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw TLSCredentialsError("Cannot read the TLS \(role) file \(path): \(reason).")
        }
        close(descriptor)
    }
}
