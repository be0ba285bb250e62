import Foundation
import HearthHTTP
import Testing

/// HTTPS (and HTTP/2 over TLS, by ALPN) on a server's own port, with a self-signed certificate
/// made for the test by openssl; clear errors for files that cannot be used.
@Suite(.enabled(if: TLSMaterial.toolsInstalled, "needs /usr/bin/openssl and /usr/bin/curl"))
struct TLSServerTests {
    /// By default ALPN offers HTTP/1.1 only, so a client that would prefer HTTP/2 (curl,
    /// browsers) is served by the HTTP responder as without TLS.
    @Test func servesHTTPS() async throws {
        let material = try TLSMaterial.shared.get()
        let credentials = try TLSCredentials(certificateFile: material.certificate, keyFile: material.key)
        let server = try await TestServer.start({ $0.tls = credentials }, responder: echoResponder)
        let http1 = try await onThread { try TLSMaterial.curl(["--http1.1", "https://127.0.0.1:\(server.port)/over-tls"]) }
        #expect(http1.hasPrefix("1.1 200 GET /over-tls|"))
        let preferring2 = try await onThread { try TLSMaterial.curl(["--http2", "https://127.0.0.1:\(server.port)/still-1.1"]) }
        #expect(preferring2.hasPrefix("1.1 200 GET /still-1.1|"))
        try await server.stop()
    }

    /// With ``HTTPServerConfiguration/offersHTTP2OverTLS``, ALPN negotiates `h2` and streams go to
    /// the HTTP/2 responder.
    @Test func servesHTTP2OverTLSWhenOffered() async throws {
        let material = try TLSMaterial.shared.get()
        let credentials = try TLSCredentials(certificateFile: material.certificate, keyFile: material.key)
        let server = try await TestServer.start(
            {
                $0.tls = credentials
                $0.offersHTTP2OverTLS = true
            }, responder: echoResponder)
        let http2 = try await onThread { try TLSMaterial.curl(["--http2", "https://127.0.0.1:\(server.port)/over-h2"]) }
        #expect(http2.hasPrefix("2 404 Nothing is served over HTTP/2 at /over-h2"))
        let http1 = try await onThread { try TLSMaterial.curl(["--http1.1", "https://127.0.0.1:\(server.port)/over-tls"]) }
        #expect(http1.hasPrefix("1.1 200 GET /over-tls|"))
        try await server.stop()
    }

    @Test func aMissingFileIsNamed() throws {
        let material = try TLSMaterial.shared.get()
        #expect {
            try TLSCredentials(certificateFile: material.directory + "/missing.pem", keyFile: material.key)
        } throws: { error in
            "\(error)".contains("Cannot read the TLS certificate file \(material.directory)/missing.pem: No such file or directory")
        }
    }

    @Test func aFileThatIsNotPEMIsNamed() throws {
        let material = try TLSMaterial.shared.get()
        #expect {
            try TLSCredentials(certificateFile: material.key + ".txt", keyFile: material.key)
        } throws: { error in
            "\(error)".contains("\(material.key).txt holds no PEM certificate")
        }
    }

    @Test func aKeyOfAnotherCertificateIsRefused() throws {
        let material = try TLSMaterial.shared.get()
        #expect {
            try TLSCredentials(certificateFile: material.certificate, keyFile: material.otherKey)
        } throws: { error in
            "\(error)".contains("The private key in \(material.otherKey) does not belong to the certificate in \(material.certificate)")
        }
    }
}
