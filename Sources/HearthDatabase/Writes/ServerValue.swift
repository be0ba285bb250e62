/// A value the server fills in at write time (`rtdb.md` §3).
///
/// `{".sv": "timestamp"}` becomes the write's time in milliseconds since the epoch (the rules'
/// `now`); `{".sv": {"increment": d}}` becomes the current number plus `d`, or `d` when the
/// current value is absent or not a number (`ServerValue.increment` in the client SDKs).
public enum ServerValue: Sendable, Hashable {
    case timestamp
    case increment(DatabaseNumber)

    /// The resolved number given the write's time and the value currently stored there.
    public func resolve(now: Int64, current: DatabaseLeaf?) -> DatabaseNumber {
        switch self {
        case .timestamp:
            return .integer(now)
        case .increment(let delta):
            guard case .number(let number)? = current else { return delta }
            return number.adding(delta)
        }
    }
}
