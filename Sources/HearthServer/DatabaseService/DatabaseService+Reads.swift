import HearthDatabase

extension DatabaseService {
    /// The value at a location, or the query's result (`rtdb.md` §1, §1.5), once the rules let
    /// the caller read it with this query; with `--enforce-indexes`, a query ordered by a child
    /// or `$value` also needs its `.indexOn`.
    /// - Throws: 401 `Permission denied`; 400 `Index not defined`.
    func read(_ read: DatabaseRead, as caller: DatabaseCaller) throws(DatabaseError) -> DatabaseReadResult {
        let call = self.call(read.namespace, read.path, query: read.query, as: caller)
        try call.authorizeRead()
        if self.settings.enforcesIndexes { try call.requireIndex() }
        return DatabaseReadResult(value: call.store.get(read.path), query: read.query, format: read.format)
    }

    /// Opens a stream once the rules let the caller read the location (a denial is thrown, not
    /// streamed). The stream subscribes, takes its first value atomically with that and
    /// delivers each durable change (`DatabaseStream`; realtime sessions will make that
    /// delivery transport-free too).
    /// `credential` is asked again whenever an account's standing changes: refused, the stream
    /// ends with `auth_revoked` as on expiry.
    /// - Throws: 401 `Permission denied`.
    func subscribe(
        _ subscribe: DatabaseSubscribe, as caller: DatabaseCaller, credential: AccountCredential? = nil
    ) throws(DatabaseError) -> DatabaseStream {
        let call = self.call(subscribe.namespace, subscribe.path, query: subscribe.query, as: caller)
        try call.authorizeRead()
        return DatabaseStream(
            call: call, format: subscribe.format, registry: self.rules, settings: self.settings, streams: self.streams,
            fanout: self.fanout, credential: credential)
    }

    /// The namespaces in use with `current` (the asker's), sorted, as the emulator UI lists
    /// them; open to everyone, as in the emulator.
    func namespaceNames(including current: String) -> [String] {
        Set(self.namespaces.names).union([current]).sorted()
    }
}

extension DatabaseService {
    /// A listen for a connection holding many (the WebSocket protocol's `q`), once the rules
    /// let the caller read the location: held by `session` under `tag`, its events naming
    /// `target`. Not yet subscribed: `DatabaseStream.start` does that.
    /// - Throws: 401 `Permission denied`.
    func subscribe(
        _ subscribe: DatabaseSubscribe, as caller: DatabaseCaller, in session: StreamSession, tag: Int64, target: DatabaseListenTarget
    ) throws(DatabaseError) -> DatabaseStream {
        let call = self.call(subscribe.namespace, subscribe.path, query: subscribe.query, as: caller)
        try call.authorizeRead()
        return DatabaseStream(
            call: call, format: subscribe.format, registry: self.rules, settings: self.settings, fanout: self.fanout, session: session,
            tag: tag, target: target)
    }

    /// Whether a query on `path` orders by an index the rules do not declare (`.indexOn`):
    /// production then answers a listen with the `no_index` warning (the SDK logs it).
    func lacksIndex(_ namespace: String, _ path: DatabasePath, _ query: DatabaseQuery) -> Bool {
        (try? self.call(namespace, path, query: query, as: .admin).requireIndex()) == nil
    }
}
