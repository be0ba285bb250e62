#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Logging

/// Progress of a long export or import: a one-line bar redrawn with `\r` when standard error is
/// a terminal, otherwise an info log every 100,000 documents (so a log file stays readable).
///
/// Cost: O(1) per document; the bar is redrawn at most every 1,000 documents.
struct ExportProgress {
    let verb: String
    let total: Int
    let interactive: Bool
    let logger: Logger
    private(set) var done = 0

    /// - Parameter interactive: draw a bar; pass `isatty(2) != 0` for a command run by a person.
    init(verb: String, total: Int, interactive: Bool, logger: Logger) {
        self.verb = verb
        self.total = total
        self.interactive = interactive
        self.logger = logger
    }

    /// True when standard error is a terminal.
    static var standardErrorIsTerminal: Bool { isatty(2) != 0 }

    mutating func advance() {
        self.done += 1
        if self.interactive {
            if self.done % 1_000 == 0 { self.draw() }
        } else if self.done % 100_000 == 0 {
            self.logger.info("\(self.verb) \(self.done) of \(self.total) documents…")
        }
    }

    /// Draws the final state and ends the bar's line.
    func finish() {
        guard self.interactive, self.total > 0 else { return }
        self.draw()
        Self.writeToStandardError("\n")
    }

    /// Unbuffered, straight to file descriptor 2 (C's `stderr` global is not concurrency-safe).
    private static func writeToStandardError(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    }

    private func draw() {
        let fraction = self.total > 0 ? min(1, Double(self.done) / Double(self.total)) : 1
        let width = 30
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        Self.writeToStandardError("\r\(self.verb) [\(bar)] \(self.done)/\(self.total) documents")
    }
}
