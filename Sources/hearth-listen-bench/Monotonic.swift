#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds on the monotonic clock, one system call (vDSO on Linux) and no allocation, so
/// taking a timestamp per read costs the measurement nothing noticeable.
enum Monotonic {
    static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    /// Sleeps until `deadline` (a `now()` value); returns at once if it has passed.
    static func sleep(until deadline: UInt64) {
        let current = now()
        guard deadline > current else { return }
        let wait = deadline - current
        var request = timespec(tv_sec: Int(wait / 1_000_000_000), tv_nsec: Int(wait % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
