import ArgumentParser
import Logging

/// `--log-level`: swift-log's levels by name.
enum LogLevel: String, CaseIterable, ExpressibleByArgument, Sendable {
    case trace, debug, info, notice, warning, error, critical

    var level: Logger.Level { Logger.Level(rawValue: self.rawValue) ?? .info }
}
