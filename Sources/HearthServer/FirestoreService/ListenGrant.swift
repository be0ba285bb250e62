import HearthFirestore

/// A listen the service has allowed: what it watches, who asked, and how to judge them again.
///
/// The transport holds it for the life of its stream: `subscribe` registers the target in the
/// store (the initial or resumed snapshot, then every change through the sink), and
/// `authorize(_:)` re-checks the rules on each delivery and after the rules change, since
/// access can be lost while a stream is open.
struct ListenGrant: Sendable {
    /// The call the listen was opened in (database, store, caller, rules then in force).
    let call: FirestoreCall
    let request: ListenRequest

    var target: ListenTarget { self.request.target }

    /// Registers the target and answers its first snapshot (the initial one, or what changed
    /// since the resume token) with the registration to cancel when the stream ends.
    /// - Parameter sink: gets every later event, under the store's lock (it must only enqueue).
    func subscribe(sink: @escaping @Sendable (ListenEvent) -> Bool) throws(FirestoreError) -> (first: ListenSnapshot, registration: ListenRegistration) {
        if let token = self.request.resumeToken {
            let (snapshot, registration) = try self.call.store.resume(self.target, after: token, sink: sink)
            return (snapshot, registration)
        }
        let (snapshot, registration) = try self.call.store.listen(self.target, sink: sink)
        return (snapshot, registration)
    }

    /// Throws PERMISSION_DENIED unless `call` (this grant's call, possibly judged by newer
    /// rules) may see the target: `get` on each document read now, or `list` as asked.
    func authorize(_ call: FirestoreCall) throws(FirestoreError) {
        switch self.request.access {
        case .get(let paths): try call.authorize(get: paths) { path in call.store.document(at: path) }
        case .listing(let listing): try call.authorize(list: listing)
        case .query(let query): try call.authorize(list: query)
        }
    }
}
