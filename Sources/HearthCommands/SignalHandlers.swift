import Dispatch
import Foundation

/// Turns SIGINT/SIGTERM into a callback instead of process death, so the server can drain.
///
/// The default dispositions are ignored first, then a dispatch source delivers each signal on a
/// background queue. Keep the value alive while serving; `cancel()` stops delivery.
struct SignalHandlers {
    private let sources: [any DispatchSourceSignal]

    init(signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        self.sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    func cancel() {
        for source in self.sources { source.cancel() }
    }
}
