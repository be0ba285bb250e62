/// The out-of-band and SMS codes of one scope, waiting to be used: in memory only, as in the
/// emulator (a restart forgets them; accounts are what is durable).
///
/// Bounded: at most ``capacity`` of each kind; issuing one more forgets the oldest, so a
/// client calling `sendOobCode` in a loop cannot grow the server without limit (each entry is
/// a few hundred bytes). Look-ups by code are O(1); listing is O(n) in issue order.
struct CodeBook: Sendable {
    static let capacity = 10_000

    private var oobCodes: [String: OOBCode] = [:]
    private var oobOrder: [String] = []
    private var verifications: [String: PhoneVerification] = [:]
    private var verificationOrder: [String] = []

    var allOOBCodes: [OOBCode] { self.oobOrder.compactMap { self.oobCodes[$0] } }
    var allVerifications: [PhoneVerification] { self.verificationOrder.compactMap { self.verifications[$0] } }

    mutating func add(_ code: OOBCode) {
        Self.add(code, key: code.code, to: &self.oobCodes, order: &self.oobOrder)
    }

    func oobCode(_ code: String) -> OOBCode? { self.oobCodes[code] }

    @discardableResult
    mutating func removeOOBCode(_ code: String) -> OOBCode? {
        guard let removed = self.oobCodes.removeValue(forKey: code) else { return nil }
        self.oobOrder.removeAll { $0 == code }
        return removed
    }

    mutating func add(_ verification: PhoneVerification) {
        Self.add(verification, key: verification.sessionInfo, to: &self.verifications, order: &self.verificationOrder)
    }

    func verification(_ sessionInfo: String) -> PhoneVerification? { self.verifications[sessionInfo] }

    @discardableResult
    mutating func removeVerification(_ sessionInfo: String) -> PhoneVerification? {
        guard let removed = self.verifications.removeValue(forKey: sessionInfo) else { return nil }
        self.verificationOrder.removeAll { $0 == sessionInfo }
        return removed
    }

    private static func add<Value>(_ value: Value, key: String, to entries: inout [String: Value], order: inout [String]) {
        if entries.updateValue(value, forKey: key) == nil { order.append(key) }
        if order.count > Self.capacity {
            let dropped = order.count - Self.capacity
            for old in order.prefix(dropped) { entries[old] = nil }
            order.removeFirst(dropped)
        }
    }
}
