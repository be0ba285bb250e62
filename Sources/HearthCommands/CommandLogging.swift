import Logging

/// Logging for the one-shot commands (`export`, `import`): warnings and worse to standard error,
/// so their output is the result line and, on a terminal, the progress bar.
enum CommandLogging {
    static func logger() -> Logger {
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .warning
            return handler
        }
        return Logger(label: "hearth")
    }
}
