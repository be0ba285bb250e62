#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Plain threads for the benchmark's writers (commit writers, the loopback floor's socket
/// writers): each keeps its own schedule with blocking sleeps and system calls, which must not
/// occupy Swift concurrency's few pool threads nor wait behind them.
enum BenchThreads {
    /// Runs each body on a thread of its own and returns when all have returned.
    static func runAll(_ bodies: [@Sendable () -> Void]) {
        final class Box: Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        var threads: [pthread_t] = []
        for body in bodies {
            var thread = pthread_t()
            pthread_create(&thread, nil, { argument in
                Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue().body()
                return nil
            }, Unmanaged.passRetained(Box(body)).toOpaque())
            threads.append(thread)
        }
        for thread in threads { pthread_join(thread, nil) }
    }
}
