import NIOCore
import NIOPosix
import Synchronization

/// The event-loop threads of a process, shared by all its ``HTTPServer``s (one group for the
/// whole process: the Firestore and Realtime Database ports, and whatever comes next, run on the
/// same threads instead of one set per port).
///
/// The threads start when the first server starts, not when this is made: a service that is
/// built but never started (`hearth import`, the fuzz harnesses, which build one per input)
/// costs no thread and no file descriptor. The owner shuts it down once, after every server
/// using it has returned from ``HTTPServer/run()``. Wraps NIO's group so that modules above
/// HearthHTTP see no NIO type.
public final class HTTPEventLoops: Sendable {
    private enum State {
        case idle
        case running(MultiThreadedEventLoopGroup)
        case shutDown
    }

    private let threads: Int
    private let state = Mutex(State.idle)

    /// Will run `threads` event-loop threads (at least one) once a server starts; nil, one per core.
    public init(threads: Int? = nil) {
        self.threads = max(1, threads ?? System.coreCount)
    }

    /// The group, started on first use.
    /// - Throws: `EventLoopError.shutdown` once ``shutdown()`` has run.
    var group: MultiThreadedEventLoopGroup {
        get throws {
            try self.state.withLock { state throws -> MultiThreadedEventLoopGroup in
                switch state {
                case .running(let group):
                    return group
                case .idle:
                    let group = MultiThreadedEventLoopGroup(numberOfThreads: self.threads)
                    state = .running(group)
                    return group
                case .shutDown:
                    throw EventLoopError.shutdown
                }
            }
        }
    }

    /// Stops the threads (if they ever started); later calls do nothing. Servers still using
    /// them fail.
    public func shutdown() async {
        let group = self.state.withLock { state -> MultiThreadedEventLoopGroup? in
            defer { state = .shutDown }
            if case .running(let group) = state { return group }
            return nil
        }
        try? await group?.shutdownGracefully()
    }
}
