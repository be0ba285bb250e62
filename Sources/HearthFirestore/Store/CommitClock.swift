/// Hands out commit times: microsecond precision, strictly increasing per database.
///
/// Firestore stores times at microsecond precision and never lets `updateTime` go backwards,
/// even when the wall clock does (NTP steps, a VM resumed). Two commits in the same
/// microsecond get consecutive microseconds. Not thread-safe on its own: the store calls it
/// under its lock.
struct CommitClock: Sendable {
    private let now: @Sendable () -> Timestamp
    private var lastMicroseconds: Int64 = .min

    init(now: @escaping @Sendable () -> Timestamp) {
        self.now = now
    }

    mutating func next() -> Timestamp {
        let wall = self.now().microsecondsSinceEpoch
        let micros = wall > self.lastMicroseconds ? wall : self.lastMicroseconds + 1
        self.lastMicroseconds = micros
        return Timestamp(microsecondsSinceEpoch: micros)
    }

    /// A read time for a snapshot taken now: never before the last commit, and claimed, so
    /// that every later commit gets a strictly later time and stays invisible to this snapshot.
    mutating func readTime() -> Timestamp {
        let micros = max(self.now().microsecondsSinceEpoch, self.lastMicroseconds)
        self.lastMicroseconds = micros
        return Timestamp(microsecondsSinceEpoch: micros)
    }

    /// Moves the clock past `time` (the newest time in recovered data), so commits after a
    /// restart never reuse an earlier commit's time even if the wall clock went back.
    mutating func advance(past time: Timestamp) {
        self.lastMicroseconds = max(self.lastMicroseconds, time.microsecondsSinceEpoch)
    }

    /// The latest time a read may ask for, without claiming it.
    func latest() -> Timestamp {
        Timestamp(microsecondsSinceEpoch: max(self.now().microsecondsSinceEpoch, self.lastMicroseconds))
    }
}
