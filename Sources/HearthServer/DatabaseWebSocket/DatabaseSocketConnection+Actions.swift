import HearthDatabase
import HearthHTTP
import HearthJSON
import Logging
import Synchronization

extension DatabaseSocketConnection {
    /// Carries out one request (`streams.md` §1.4); returns its reply, or what it waits for.
    func handle(_ action: DatabaseSocketRequest.Action, number: Int64, size: Int, session: StreamSession) -> DatabaseSocketReply {
        do {
            return try self.perform(action, number: number, size: size, session: session)
        } catch {
            return .now(DatabaseSocketEncoder.reply(number, error: error))
        }
    }

    /// The action's effect, and its reply. Writes are applied here, in arrival order, visible at
    /// once to every reader (REST, SSE, other connections); their `ok` waits for durability.
    private func perform(_ action: DatabaseSocketRequest.Action, number: Int64, size: Int, session: StreamSession) throws(DatabaseError)
        -> DatabaseSocketReply
    {
        let caller = self.state.withLock { $0.caller }
        switch action {
        case .listen(let target, let query):
            let warnings = try self.listen(target, query, session: session)
            let data: JSONValue = warnings.isEmpty ? [:] : ["w": .array(warnings.map { .string($0) })]
            return .now(DatabaseSocketEncoder.reply(number, status: DatabaseSocketStatus.ok, data: data))
        case .unlisten(let target):
            let key = ListenKey(path: target.path, tag: target.tag)
            if let listen = self.state.withLock({ $0.listens.removeValue(forKey: key) }) { session.remove(listen.id, with: nil) }
        case .get(let path, let query):
            let read = try self.service.read(DatabaseRead(namespace: self.namespace, path: path, query: query, format: .export), as: caller)
            return .now(DatabaseSocketEncoder.reply(number, status: DatabaseSocketStatus.ok, data: read.json))
        case .put(let path, let data, let hash):
            // The SDK hashes no data as "", REST's ETag for it is `null_etag`.
            let ifMatch = hash.map { $0.isEmpty ? DatabaseETag.null : $0 }
            let set = DatabaseSet(namespace: self.namespace, path: path, value: data, ifMatch: ifMatch)
            switch try self.service.apply(set, as: caller) {
            case .written(let result):
                return .durable(number: number, receipt: result.receipt)
            case .preconditionFailed:
                let explanation = "The value at \(path) changed since the transaction read it."
                return .now(DatabaseSocketEncoder.reply(number, status: DatabaseSocketStatus.dataStale, data: .string(explanation)))
            }
        case .merge(let path, let update):
            let result = try self.service.apply(DatabaseMerge(namespace: self.namespace, path: path, update: update), as: caller)
            return .durable(number: number, receipt: result.receipt)
        case .onDisconnectPut(let path, let data):
            try self.register(.set(path, data), bytes: size)
        case .onDisconnectMerge(let path, let update):
            try self.register(.merge(path, update), bytes: size)
        case .onDisconnectCancel(let path):
            self.state.withLock { $0.disconnect.cancel(at: path) }
        case .authenticate(let credential):
            let data = try self.authenticate(credential, session: session)
            return .now(DatabaseSocketEncoder.reply(number, status: DatabaseSocketStatus.ok, data: data))
        case .unauthenticate:
            self.changeCaller(to: .user(auth: nil, expires: nil), credential: nil, session: session)
        case .acknowledge:
            break
        case .unknown(let name):
            throw .badRequest("Unknown action '\(name)': this server speaks the Realtime Database protocol version 5.")
        }
        return .now(DatabaseSocketEncoder.reply(number, status: DatabaseSocketStatus.ok))
    }

    private func register(_ operation: DatabaseDisconnectOperations.Operation, bytes: Int) throws(DatabaseError) {
        let refusal = self.state.withLock { state -> DatabaseError? in
            do throws(DatabaseError) {
                try state.disconnect.add(operation, bytes: bytes)
                return nil
            } catch {
                return error
            }
        }
        if let refusal { throw refusal }
    }

    /// Starts (or replaces) a listen: its data is pushed now, before the caller replies `ok`.
    /// Returns the listen's warnings (`no_index` when the query's index is not in the rules).
    private func listen(_ target: DatabaseListenTarget, _ query: DatabaseQuery, session: StreamSession) throws(DatabaseError) -> [String] {
        let key = ListenKey(path: target.path, tag: target.tag)
        let refusal = self.state.withLock { state -> DatabaseError? in
            if let old = state.listens.removeValue(forKey: key) { session.remove(old.id, with: nil) }
            guard state.listens.count < Self.maxListens else {
                return .badRequest("Too many listens on one connection (at most \(Self.maxListens)); remove some first.")
            }
            state.nextID += 1
            do throws(DatabaseError) {
                let stream = try self.stream(target, query, as: state.caller, id: state.nextID, session: session)
                state.listens[key] = Listen(stream: stream, id: state.nextID, query: query)
                stream.start()
                return nil
            } catch {
                return error
            }
        }
        if let refusal { throw refusal }
        let ordered = query.index.map { if case .key = $0 { false } else if case .priority = $0 { false } else { true } } ?? false
        return ordered && self.service.lacksIndex(self.namespace, target.path, query) ? ["no_index"] : []
    }

    private func stream(_ target: DatabaseListenTarget, _ query: DatabaseQuery, as caller: DatabaseCaller, id: Int64, session: StreamSession)
        throws(DatabaseError) -> DatabaseStream
    {
        let subscribe = DatabaseSubscribe(namespace: self.namespace, path: target.path, query: query, format: .export)
        return try self.service.subscribe(subscribe, as: caller, in: session, tag: id, target: target)
    }

    /// `auth`/`gauth`: reads the credential as REST reads `?auth=` (owner from loopback, ID
    /// tokens unsigned or not, the emulator suite's mock tokens), then makes it the connection's.
    /// Returns the reply's data: the token's claims (`auth`) and when it expires (`expires`, seconds).
    private func authenticate(_ credential: String, session: StreamSession) throws(DatabaseError) -> JSONValue {
        let (caller, account) = try DatabaseRequest.credentials(
            self.request, ["auth": credential], identities: self.identities, now: WallClock.milliseconds(), carrier: .header)
        self.changeCaller(to: caller, credential: account, session: session)
        var data = JSONObject()
        if case .user(_, let claims)? = try? self.identities.identity(of: self.request, token: credential) {
            data.append(key: "auth", value: .object(claims))
        } else {
            data.append(key: "auth", value: .null)
        }
        if case .user(_, let expires?) = caller { data.append(key: "expires", value: .number(JSONNumber(expires / 1000))) }
        return .object(data)
    }

    /// Makes `caller` the connection's: every listen is subscribed again as it (its data pushed
    /// again; one it may not read is revoked with `c`), its expiry is watched, and `credential`
    /// (its ID token's user) is what ``refusal(in:)`` asks the account store about.
    /// - Parameter replacing: when set, the change happens only if the connection's caller is
    ///   still this one (an expiry or a revocation must not undo a newer `auth`); `announce`,
    ///   if any, is sent first, under the same lock. Returns whether the change happened.
    @discardableResult
    func changeCaller(
        to caller: DatabaseCaller, credential: AccountCredential?, session: StreamSession, replacing: DatabaseCaller? = nil,
        announce: SessionEvent? = nil
    ) -> Bool {
        self.state.withLock { state in
            if let replacing, state.caller != replacing { return false }
            if let announce { session.send(announce) }
            state.caller = caller
            state.credential = credential
            state.expiry?.cancel()
            state.expiry = nil
            if case .user(_, let expires?) = caller {
                state.expiry = Task { [weak self] in
                    try? await Task.sleep(for: .milliseconds(max(0, expires - WallClock.milliseconds())))
                    guard !Task.isCancelled else { return }
                    self?.revoke(caller, session: session, for: nil)
                }
            }
            for (key, listen) in state.listens.sorted(by: { $0.value.id < $1.value.id }) {
                state.nextID += 1
                guard let stream = try? self.stream(listen.stream.target, listen.query, as: caller, id: state.nextID, session: session) else {
                    state.listens[key] = nil
                    session.remove(listen.id, with: .cancel(listen.stream.target))
                    continue
                }
                state.listens[key] = Listen(stream: stream, id: state.nextID, query: listen.query)
                stream.start()
                session.remove(listen.id, with: nil)
            }
            return true
        }
    }

    /// The credential expired (`refusal` nil), or the account store refuses it now: `ac` tells
    /// the client (which drops it, refreshes it and reconnects), and the connection goes on
    /// unauthenticated, its listens re-checked as such (`c` for each it may no longer read).
    private func revoke(_ caller: DatabaseCaller, session: StreamSession, for refusal: IdentityError?) {
        let anonymous = DatabaseCaller.user(auth: nil, expires: nil)
        guard self.changeCaller(to: anonymous, credential: nil, session: session, replacing: caller, announce: .revoked(refusal)) else { return }
        self.logger.info(
            "\(refusal?.message ?? "An ID token expired.") A Realtime Database WebSocket (namespace \(self.namespace)) lost that credential; the client was told with ac.")
    }
}

extension DatabaseSocketConnection: SessionCredential {
    /// Asked by the connection's session at each re-check (an account's standing changed, the
    /// rules changed, a keep-alive): if the store refuses the connection's credential now, the
    /// connection loses it (`ac`, as on expiry) and goes on; the session never ends for it.
    func refusal(in session: StreamSession) -> IdentityError? {
        let (caller, credential) = self.state.withLock { ($0.caller, $0.credential) }
        if let refusal = credential?.refusal() { self.revoke(caller, session: session, for: refusal) }
        return nil
    }
}
