import Synchronization

extension AccountStore {
    /// Remembers an out-of-band code for `scope` until it is used (in memory only).
    public func issue(_ code: OOBCode, in scope: AuthScope) {
        self.state.withLock { $0.codes[scope, default: CodeBook()].add(code) }
    }

    /// The code, without using it up.
    public func oobCode(_ code: String, in scope: AuthScope) -> OOBCode? {
        self.state.withLock { $0.codes[scope]?.oobCode(code) }
    }

    /// Uses the code up: returns it and forgets it.
    public func redeem(oobCode code: String, in scope: AuthScope) -> OOBCode? {
        self.state.withLock { $0.codes[scope]?.removeOOBCode(code) }
    }

    /// Every waiting code of `scope`, oldest first.
    public func oobCodes(in scope: AuthScope) -> [OOBCode] {
        self.state.withLock { $0.codes[scope]?.allOOBCodes ?? [] }
    }

    /// Remembers an SMS code for `scope` until it is used (in memory only).
    public func issue(_ verification: PhoneVerification, in scope: AuthScope) {
        self.state.withLock { $0.codes[scope, default: CodeBook()].add(verification) }
    }

    public func verification(_ sessionInfo: String, in scope: AuthScope) -> PhoneVerification? {
        self.state.withLock { $0.codes[scope]?.verification(sessionInfo) }
    }

    public func redeem(verification sessionInfo: String, in scope: AuthScope) -> PhoneVerification? {
        self.state.withLock { $0.codes[scope]?.removeVerification(sessionInfo) }
    }

    public func verifications(in scope: AuthScope) -> [PhoneVerification] {
        self.state.withLock { $0.codes[scope]?.allVerifications ?? [] }
    }
}
