import HearthHTTP
import Testing

@testable import HearthServer

/// The admin endpoints' gate: only this machine (unless allowed), no other site's pages, and
/// no `POST` a page could send without a preflight; local tools pass as they are.
@Suite struct AdminAccessTests {
    private func request(
        _ method: HTTPMethod, from ip: String = "127.0.0.1", origin: String? = nil, contentType: String? = nil
    ) -> Request {
        var headers: HTTPHeaders = [:]
        if let origin { headers.add(name: "Origin", value: origin) }
        if let contentType { headers.add(name: "Content-Type", value: contentType) }
        return Request(
            method: method, uri: "/emulator/v1/projects/demo:export", headers: headers, body: Array("{}".utf8),
            remoteAddress: RemoteAddress(ip: ip, port: 40_000))
    }

    private func refusal(_ access: AdminAccess, _ request: Request) -> AdminRefusal? {
        do {
            try access.admit(request)
            return nil
        } catch {
            return error
        }
    }

    @Test func localToolsPass() {
        let access = AdminAccess()
        #expect(self.refusal(access, self.request(.post, contentType: "application/json")) == nil)
        #expect(self.refusal(access, self.request(.post, from: "::1", contentType: "application/json; charset=utf-8")) == nil)
        // PUT and DELETE cannot be sent cross-site without a preflight: any body type, or none.
        #expect(self.refusal(access, self.request(.put, contentType: "text/plain;charset=UTF-8")) == nil)
        #expect(self.refusal(access, self.request(.delete)) == nil)
        // A page on this machine (the emulator UI, a dev server).
        #expect(self.refusal(access, self.request(.post, origin: "http://127.0.0.1:4000", contentType: "application/json")) == nil)
        #expect(self.refusal(access, Request(method: .delete, uri: "/x")) == nil, "no peer known: in-process, local")
    }

    @Test func otherMachinesAreRefusedUnlessAllowed() throws {
        let refusal = try #require(self.refusal(AdminAccess(), self.request(.delete, from: "192.0.2.7")))
        #expect(refusal.kind == .remotePeer)
        #expect(refusal.httpStatus == 403)
        #expect(refusal.message.contains("192.0.2.7") && refusal.message.contains("--allow-remote-owner"))
        #expect(self.refusal(AdminAccess(allowsRemotePeers: true), self.request(.delete, from: "192.0.2.7")) == nil)
    }

    @Test(arguments: ["https://evil.example", "null", "http://localhost.evil.example", "http://192.0.2.7:4000"])
    func pagesOfOtherSitesAreRefused(origin: String) throws {
        for method in [HTTPMethod.post, .put, .delete, .get] {
            let refusal = try #require(self.refusal(AdminAccess(), self.request(method, origin: origin, contentType: "application/json")))
            #expect(refusal.kind == .foreignOrigin)
            #expect(refusal.httpStatus == 403)
            #expect(refusal.message.contains("Origin: \(origin)"))
        }
        let listed = AdminAccess(trustedOrigins: TrustedOrigins(additional: ["http://192.0.2.7:4000"]))
        #expect(self.refusal(listed, self.request(.post, origin: "http://192.0.2.7:4000", contentType: "application/json")) == nil)
    }

    /// What a page can `POST` anywhere without the browser asking first, and curl's `-d` default.
    @Test(arguments: [
        nil, "text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
        "application/jsonp", "json", "/json", "text/json5",
    ] as [String?])
    func postsThatAreNotJSONAreRefused(contentType: String?) throws {
        let refusal = try #require(self.refusal(AdminAccess(), self.request(.post, contentType: contentType)))
        #expect(refusal.kind == .notJSON)
        #expect(refusal.httpStatus == 415)
        #expect(refusal.message.contains("Content-Type: application/json"))
    }

    @Test(arguments: ["application/json", "Application/JSON", "application/json; charset=utf-8", " application/json ", "application/merge-patch+json"])
    func jsonTypesAreAccepted(contentType: String) {
        #expect(AdminAccess.isJSON(contentType))
    }
}
