import Synchronization

/// Recently decoded ID tokens, so a client sending the same token on every request pays the
/// base64 decode and JSON parse (they halved GetDocument throughput before) and the conversion
/// to `request.auth` once rather than per request. Bounded: when full it is emptied, which
/// costs one re-decode per token.
final class IdentityCache: Sendable {
    private let entries = Mutex<[String: Caller]>([:])
    private let capacity: Int

    init(capacity: Int = 1_024) {
        self.capacity = capacity
    }

    func caller(for token: String, decode: (String) throws(IdentityError) -> Identity) throws(IdentityError) -> Caller {
        if let known = self.entries.withLock({ $0[token] }) { return known }
        let caller = Caller(try decode(token))
        self.entries.withLock { entries in
            if entries.count >= self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[token] = caller
        }
        return caller
    }
}
