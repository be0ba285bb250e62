/// Firebase's push IDs (the keys POST creates), exactly as the JS SDK's `nextPushId`.
///
/// 20 characters of `-0-9A-Z_a-z` (ASCII order, so byte order is creation order): 8 for the
/// milliseconds since the epoch, most significant first, then 12 random ones. Within one
/// millisecond the previous random part is reused plus one (carrying leftward), so IDs from one
/// generator strictly increase (`rtdb.md` §7). Hearth additionally never lets the time go
/// backwards (it uses the larger of `now` and the last time), so IDs stay increasing across a
/// wall-clock step back. Keep one per store and call it under the write lock.
public struct PushIDGenerator: Sendable {
    static let alphabet = Array("-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz".utf8)

    private var lastTime: Int64 = -1
    private var lastRandom = [Int](repeating: 0, count: 12)
    private let random: @Sendable (Int) -> Int

    /// - Parameter random: returns a uniformly random integer in `0..<upperBound` (injectable
    ///   so tests can pin the random part).
    public init(random: @escaping @Sendable (_ upperBound: Int) -> Int = { Int.random(in: 0..<$0) }) {
        self.random = random
    }

    /// The next ID for a push at `now` (milliseconds since the epoch).
    public mutating func next(now: Int64) -> String {
        var time = max(now, 0, self.lastTime)
        if time == self.lastTime {
            var index = 11
            while index >= 0, self.lastRandom[index] == 63 {
                self.lastRandom[index] = 0
                index -= 1
            }
            if index >= 0 {
                self.lastRandom[index] += 1
            } else {
                time += 1  // all 72 bits used up within one millisecond: borrow the next one
            }
        } else {
            for index in 0..<12 { self.lastRandom[index] = self.random(64) }
        }
        self.lastTime = time
        var id = [UInt8](repeating: 0, count: 20)
        var remaining = time
        for index in stride(from: 7, through: 0, by: -1) {
            id[index] = Self.alphabet[Int(remaining % 64)]
            remaining /= 64
        }
        for index in 0..<12 { id[8 + index] = Self.alphabet[self.lastRandom[index]] }
        return String(decoding: id, as: UTF8.self)
    }
}
