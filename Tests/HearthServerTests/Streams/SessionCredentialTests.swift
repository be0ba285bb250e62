import HearthAuth
import HearthDatabase
import HearthHTTP
import Testing

@testable import HearthServer

/// A user disabled, or whose tokens are revoked, in the Auth emulator's store loses the
/// realtime sessions it opened before (issue 17), without sockets: the store tells its
/// observers, the registry pushes a re-check to every session, the session asks its
/// credential again and ends as on expiry (each transport's encoder then says why).
@Suite struct SessionCredentialTests {
    let store = AccountStore(now: { 1_700_000_000_000 })
    let scope = try! AuthScope(project: "demo-p")

    /// Alice, with an ID token issued at 1,700,000,000 s, in a session of the encoder's
    /// dialect whose registry hears the store; the session's body runs on `writer`.
    func openSession(encoder: any SessionEncoder, writer: SessionWriter) throws -> (StreamSession, Task<Void, any Error>) {
        _ = try self.store.write(self.scope) { (t: inout AccountTransaction) throws(AuthError) in
            var alice = AuthUser(localID: "alice", createdAt: 1)
            alice.validSince = 1_699_999_999
            try t.create(alice)
        }
        let accounts = AuthAccounts(store: self.store)
        let streams = OpenStreams<StreamSession.Item>(keepAlive: .seconds(3600), keepAliveItem: .keepAlive, recheckItem: .recheck) {
            accounts.observe($0)
        }
        let provider = IdentityProvider(accounts: accounts)
        let caller = try provider.caller(
            presenting: IdentityProviderTests.jwt(#"{"iat":1700000000,"sub":"alice","aud":"demo-p"}"#), from: .local, now: 0)
        let session = StreamSession(
            scope: "demo-p", encoder: encoder, streams: streams, capacity: 16, bufferedBytes: 1 << 20,
            credential: provider.credential(of: caller))
        session.add(ScriptedSubscription(), id: 0)
        let response = session.response(headers: [:], opening: Array("first\n\n".utf8))
        guard case .eventStream(let produce) = response.body else { throw SessionCredentialTestError.notAnEventStream }
        return (session, Task { try await produce(writer) })
    }

    enum SessionCredentialTestError: Error { case notAnEventStream }

    @Test func disablingTheUserEndsItsOpenStreamWithAuthRevoked() async throws {
        let writer = SessionWriter()
        let (session, body) = try self.openSession(encoder: SSEEncoder(.database(.normal)), writer: writer)
        #expect(await eventually { writer.text == "first\n\n" })
        _ = try self.store.write(self.scope) { (t: inout AccountTransaction) throws(AuthError) in try t.update("alice") { $0.disabled = true } }
        try await body.value
        #expect(session.hasEnded)
        #expect(writer.text == "first\n\nevent: auth_revoked\ndata: credential is no longer valid\n\n")
    }

    @Test func revokingTheTokensEndsAFirestoreStreamWithUnauthenticated() async throws {
        let writer = SessionWriter()
        let (session, body) = try self.openSession(encoder: SSEEncoder(.firestore), writer: writer)
        #expect(await eventually { writer.text == "first\n\n" })
        // firebase-admin's revoke_refresh_tokens: validSince = now, after the token's iat.
        _ = try self.store.write(self.scope) { (t: inout AccountTransaction) throws(AuthError) in
            try t.update("alice") { $0.validSince = 1_700_000_001 }
        }
        try await body.value
        #expect(session.hasEnded)
        #expect(writer.text.hasPrefix("first\n\nevent: error\ndata: {"))
        #expect(writer.text.contains("UNAUTHENTICATED"))
        #expect(writer.text.contains("The ID token of user 'alice' was revoked"))
    }
}
