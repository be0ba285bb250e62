#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A dedicated OS thread for the commit writer.
///
/// The writer blocks in `fsync` for every transaction; doing that on Swift's cooperative pool
/// would starve the pool's few threads (two on this machine) of work. A plain pthread costs one
/// 8 MiB (virtual) stack and no Foundation dependency.
///
/// Not `Sendable`: it is created and joined by whoever owns the store's lifecycle (under a mutex).
final class WriterThread {
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) {
            self.run = run
        }
    }

    private let thread: pthread_t
    private var joined = false

    /// Starts a thread that runs `body` once and then exits.
    init(_ body: @escaping @Sendable () -> Void) throws(StorageError) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let status = pthread_create(&thread, nil, { context in
            let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
            body.run()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            throw StorageError(
                .io, "Hearth storage could not start its writer thread: \(String(cString: strerror(status))).")
        }
        #if canImport(Glibc)
        self.thread = thread
        #else
        self.thread = thread!
        #endif
    }

    /// Waits for the thread to finish. Idempotent. Must not be called from the thread itself.
    func join() {
        guard !self.joined else { return }
        self.joined = true
        pthread_join(self.thread, nil)
    }
}
