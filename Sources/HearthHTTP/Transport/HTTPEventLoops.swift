import NIOCore
import NIOPosix
import Synchronization

/// The event-loop threads of a process, shared by all its ``HTTPServer``s (one group for the
/// whole process: the Firestore and Realtime Database ports, and whatever comes next, run on the
/// same threads instead of one set per port).
///
/// The owner shuts it down once, after every server using it has returned from
/// ``HTTPServer/run()``. Wraps NIO's group so that modules above HearthHTTP see no NIO type.
public final class HTTPEventLoops: Sendable {
    let group: MultiThreadedEventLoopGroup
    private let isShutDown = Mutex(false)

    /// Starts `threads` event-loop threads (at least one); nil starts one per core.
    public init(threads: Int? = nil) {
        self.group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, threads ?? System.coreCount))
    }

    /// Stops the threads; later calls do nothing. Servers still using them fail.
    public func shutdown() async {
        let first = self.isShutDown.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        try? await self.group.shutdownGracefully()
    }
}
