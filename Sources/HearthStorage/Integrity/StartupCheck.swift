import Logging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The checks `DurableStore` runs on a data directory before its write connection opens, so that
/// damage that would lose acknowledged transactions stops start-up instead of being replayed away.
///
/// SQLite's own recovery is silent by design: it replays the WAL's valid prefix, starts an empty
/// store over a 0-byte main file (deleting the WAL beside it), and the next write or checkpoint
/// overwrites what it did not replay. Each check below catches one way that loses acknowledged
/// data:
/// 1. The main file is missing or empty while the WAL holds committed transactions, or while
///    ``CommitRecord`` says transactions were committed here.
/// 2. The main file is not a SQLite file, or is shorter than its header says (and no WAL
///    transaction would supply the missing pages).
/// 3. The WAL has a damaged frame followed by intact committed transactions (``WriteAheadLogScan``).
/// 4. After SQLite's recovery (on a read-only connection, which neither writes nor checkpoints),
///    the database holds fewer transactions than ``CommitRecord`` counted: a deleted, truncated
///    or damaged WAL.
///
/// On any of them Hearth refuses to start, names the file and what is wrong, leaves the main file
/// and the WAL untouched, and copies the WAL aside (`hearth.sqlite-wal.damaged-<UTC time>`), so
/// that even starting with `--accept-data-loss` (which logs the same message and goes on) keeps
/// the evidence.
///
/// Cost: reading the WAL once (about 10 ms per 10 MB) and one read-only query; nothing when the
/// directory is new.
enum StartupCheck {
    /// The files of one data directory.
    struct Files: Sendable {
        let database: String
        var writeAheadLog: String { self.database + "-wal" }
        var commitRecord: String
    }

    /// Runs checks 1 to 3 (files only, before SQLite opens anything).
    /// - Throws: `.corrupt` naming the damage unless `acceptingDataLoss`; `.io` if a file cannot be read.
    static func beforeOpening(_ files: Files, acceptingDataLoss: Bool, logger: Logger) throws(StorageError) {
        let main = try DatabaseFileState.read(files.database)
        let log = try WriteAheadLogScan.scan(files.writeAheadLog)
        let record = CommitRecord.read(files.commitRecord)
        if record == .unreadable {
            logger.warning(
                "The commit record is unreadable; start-up cannot check that no acknowledged transaction is missing",
                metadata: ["file": "\(files.commitRecord)"])
        }
        var problem: String?
        switch main {
        case .missing, .empty:
            let state = main == .missing ? "is missing" : "is empty (0 bytes)"
            if log.hasCommits {
                problem = "The data file \(files.database) \(state) but its write-ahead log \(files.writeAheadLog) holds "
                    + "\(log.replayedCommits) committed transaction(s): the data file was truncated or deleted, and "
                    + "SQLite would start an empty store and delete the log."
            } else if case .count(let count) = record, count > 0 {
                problem = "The data file \(files.database) \(state) but \(files.commitRecord) records \(count) committed "
                    + "transaction(s) in this directory: the data file was truncated or deleted (if you removed it on "
                    + "purpose to start empty, remove \(files.commitRecord) too)."
            } else if main == .empty {
                logger.warning("The data file is empty; starting with an empty store", metadata: ["file": "\(files.database)"])
            }
        case .notADatabase(let size):
            problem = "The data file \(files.database) is not a database: its \(size) byte(s) do not start with "
                + "SQLite's header (it was overwritten or is not Hearth's)."
        case .truncated(let size, let expected) where !log.hasCommits:
            problem = "The data file \(files.database) is truncated: its header counts \(expected) bytes of pages but "
                + "the file has \(size)."
        case .truncated, .present:
            break
        }
        if problem == nil, log.losesCommittedTransactions, let frame = log.firstInvalidFrame {
            problem = "The write-ahead log \(files.writeAheadLog) is damaged at frame \(frame) of \(log.frames), and "
                + "\(log.intactCommitsAfterBreak) committed transaction(s) after that frame would be silently dropped "
                + "(SQLite replays only the \(log.replayedCommits) before it)."
        }
        if problem == nil, !log.headerIsValid {
            logger.warning(
                "The write-ahead log's header is not valid, so SQLite will ignore the log; the commit count decides whether anything is missing",
                metadata: ["file": "\(files.writeAheadLog)", "bytes": "\(log.fileSize)"])
        }
        if let problem {
            try self.refuse(problem, files, logSize: log.fileSize, acceptingDataLoss: acceptingDataLoss, logger: logger)
        }
    }

    /// Runs check 4: SQLite's recovery, on a read-only connection, must find every transaction
    /// ``CommitRecord`` counted. Skipped when there is no record or no data file.
    /// - Throws: `.corrupt` naming what is missing unless `acceptingDataLoss`.
    static func afterRecovery(_ files: Files, acceptingDataLoss: Bool, logger: Logger) throws(StorageError) {
        guard case .count(let acknowledged) = CommitRecord.read(files.commitRecord), acknowledged > 0,
            case .present = try DatabaseFileState.read(files.database)
        else { return }
        // Taken before SQLite looks: a read-only connection creates an empty WAL where none was.
        let logSize = DataDirectory.fileSize(files.writeAheadLog)
        defer {
            if logSize == nil && DataDirectory.fileSize(files.writeAheadLog) == 0 {
                unlink(files.writeAheadLog)
            }
        }
        let found: UInt64
        do throws(SQLiteError) {
            let connection = try SQLiteConnection.readOnly(path: files.database)
            defer { connection.close() }
            try connection.execute("PRAGMA busy_timeout = 5000")
            let tables = try connection.textRows("SELECT name FROM sqlite_schema WHERE type = 'table' AND name = 'meta'")
            found = tables.isEmpty
                ? 0 : try connection.textRows("SELECT value FROM meta WHERE key = 'commits'").first.flatMap { UInt64($0) } ?? 0
        } catch {
            throw StorageError(error, while: "counting the committed transactions (read-only)")
        }
        guard found < acknowledged else { return }
        let logState = logSize == nil ? " (it is missing)" : logSize == 0 ? " (it is empty)" : ""
        try self.refuse(
            "The data in \(files.database) ends at transaction \(found), but \(acknowledged) were acknowledged "
                + "(\(files.commitRecord)): the last \(acknowledged - found) are missing, because the write-ahead log "
                + "\(files.writeAheadLog)\(logState) was deleted, truncated or damaged after the server stopped.",
            files, logSize: logSize ?? 0, acceptingDataLoss: acceptingDataLoss, logger: logger)
    }

    /// Copies the WAL aside and throws (or, when accepting the loss, logs) the refusal.
    private static func refuse(
        _ problem: String, _ files: Files, logSize: Int, acceptingDataLoss: Bool, logger: Logger
    ) throws(StorageError) {
        var copy: String?
        if logSize > 0 {
            copy = try DamagedLogCopy.make(of: files.writeAheadLog)
        }
        let kept = copy.map { " A copy of the write-ahead log is at \($0)." } ?? ""
        if acceptingDataLoss {
            logger.error(
                "\(problem)\(kept) Starting anyway (--accept-data-loss) with what SQLite can read; the transactions named above are lost.")
            return
        }
        throw StorageError(
            .corrupt,
            "\(problem) Starting would lose acknowledged writes, so Hearth has not started, and has not modified "
                + "or deleted it (\(files.database), \(files.writeAheadLog)).\(kept) Restore the data directory from a "
                + "backup, or import your last export (`hearth import`) into a new --data directory; or start with "
                + "--accept-data-loss to keep what SQLite can read and lose the rest.")
    }
}
