import Dispatch
import Synchronization

/// Runs async code to completion from libFuzzer's synchronous callback.
///
/// libFuzzer calls the harness on the main thread, outside any task; the harness blocks that
/// thread until a task on Swift's global executor has finished. Never call it from async code.
public enum BlockingTask {
    public static func run<Result: Sendable>(_ operation: @escaping @Sendable () async -> Result) -> Result {
        let result = Mutex<Result?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let value = await operation()
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return result.withLock { $0! }
    }
}
