#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a read of `hearth.sqlite-wal` finds, frame by frame, before SQLite opens the store.
///
/// Why: when SQLite opens a database after a crash it replays the WAL's valid prefix, up to the
/// last commit frame before the first frame that is not valid, and silently ignores the rest (and
/// a later write overwrites it). That is right for a torn tail, the transaction a crash
/// interrupted, but it also silently drops acknowledged transactions when a frame in the middle
/// was damaged. This scan tells the two apart.
///
/// Format (SQLite's "WAL-mode File Format"): a 32-byte header (magic `0x377f0682`/`0x377f0683`
/// choosing little- or big-endian checksum words, version 3007000, page size, checkpoint
/// sequence, salt-1, salt-2, and a checksum of the first 24 bytes), then frames of a 24-byte
/// header (page number, database size in pages for a commit frame else 0, salt-1, salt-2, and a
/// checksum continuing the previous frame's over the header's first 8 bytes and the page) and
/// one page. A frame is valid when its salts match the header and its checksum matches.
///
/// A frame after the first invalid one is *intact* when its salts match the header and its
/// checksum matches, continuing from the checksum stored in the frame before it: SQLite wrote it
/// as part of the same log, after the break. Intact commit frames after a break mean committed
/// transactions that SQLite would drop.
///
/// Cost: one sequential read of the file, one frame in memory at a time (O(page size) memory),
/// and a checksum pass over it: about 10 ms per 10 MB.
struct WriteAheadLogScan: Sendable, Equatable {
    /// The file's size in bytes (0 if it does not exist).
    var fileSize = 0
    /// `false` if the file has 32 bytes or more but its header is not a valid WAL header (SQLite
    /// then ignores the whole file).
    var headerIsValid = true
    /// Whole frames in the file.
    var frames = 0
    /// Frames SQLite replays: the valid prefix up to its last commit frame.
    var replayedFrames = 0
    /// Commit frames (transactions) among the replayed frames.
    var replayedCommits = 0
    /// The 1-based number of the first frame that is not valid, or nil if every whole frame is.
    var firstInvalidFrame: Int?
    /// Whether the first invalid frame's own header (its salts and database size) says it was a
    /// commit frame: then the break is inside a transaction that had been committed.
    var brokenFrameIsCommit = false
    /// Intact commit frames after the first invalid frame.
    var intactCommitsAfterBreak = 0

    /// Whether the file holds transactions SQLite would replay.
    var hasCommits: Bool { self.replayedCommits > 0 }

    /// Whether transactions that had been committed, and so acknowledged, lie after a damaged
    /// frame, where SQLite would silently drop them.
    ///
    /// Only one transaction can be in flight when a process dies (each `COMMIT` fsyncs the WAL
    /// before the next one starts), so one intact commit frame after a break that sits inside that
    /// last transaction is a torn tail after a power loss, not damage. Two or more, or a break on
    /// a frame that was itself a commit frame, are damage.
    var losesCommittedTransactions: Bool {
        guard self.firstInvalidFrame != nil else { return false }
        return self.intactCommitsAfterBreak >= 2 || (self.intactCommitsAfterBreak >= 1 && self.brokenFrameIsCommit)
    }

    /// Scans the WAL at `path`; an absent file scans as empty.
    /// - Throws: `.io` if the file exists but cannot be read.
    static func scan(_ path: String) throws(StorageError) -> WriteAheadLogScan {
        var scan = WriteAheadLogScan()
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return scan }
            throw FileHeaderReading.readError("write-ahead log", path)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileHeaderReading.readError("write-ahead log", path) }
        scan.fileSize = Int(info.st_size)
        guard scan.fileSize >= 32 else { return scan }
        var header = [UInt8](repeating: 0, count: 32)
        guard try Self.read(descriptor, into: &header, at: 0, path: path) else { return scan }
        let magic = FileHeaderReading.bigEndian(header, 0)
        let pageSize = Int(FileHeaderReading.bigEndian(header, 8))
        let bigEndianChecksums = magic == 0x377f_0683
        guard magic == 0x377f_0682 || bigEndianChecksums, FileHeaderReading.bigEndian(header, 4) == 3_007_000,
            pageSize >= 512, pageSize <= 65_536, pageSize & (pageSize - 1) == 0
        else {
            scan.headerIsValid = false
            return scan
        }
        var checksum = WriteAheadLogChecksum(bigEndian: bigEndianChecksums)
        checksum.add(header[0..<24])
        guard checksum.s0 == FileHeaderReading.bigEndian(header, 24), checksum.s1 == FileHeaderReading.bigEndian(header, 28) else {
            scan.headerIsValid = false
            return scan
        }
        let salts = (FileHeaderReading.bigEndian(header, 16), FileHeaderReading.bigEndian(header, 20))
        let frameSize = 24 + pageSize
        scan.frames = (scan.fileSize - 32) / frameSize
        var frame = [UInt8](repeating: 0, count: frameSize)
        // The checksum the next frame continues from: the computed one while the chain is
        // valid, then the one stored in the frame before (to judge frames after a break).
        var running = (checksum.s0, checksum.s1)
        for index in 0..<scan.frames {
            guard try Self.read(descriptor, into: &frame, at: 32 + index * frameSize, path: path) else { break }
            var frameChecksum = WriteAheadLogChecksum(bigEndian: bigEndianChecksums, s0: running.0, s1: running.1)
            frameChecksum.add(frame[0..<8])
            frameChecksum.add(frame[24..<frameSize])
            let stored = (FileHeaderReading.bigEndian(frame, 16), FileHeaderReading.bigEndian(frame, 20))
            let saltsMatch = FileHeaderReading.bigEndian(frame, 8) == salts.0 && FileHeaderReading.bigEndian(frame, 12) == salts.1
            let intact = saltsMatch && FileHeaderReading.bigEndian(frame, 0) != 0
                && frameChecksum.s0 == stored.0 && frameChecksum.s1 == stored.1
            let isCommit = FileHeaderReading.bigEndian(frame, 4) != 0
            if scan.firstInvalidFrame == nil {
                if intact {
                    if isCommit {
                        scan.replayedFrames = index + 1
                        scan.replayedCommits += 1
                    }
                } else {
                    scan.firstInvalidFrame = index + 1
                    scan.brokenFrameIsCommit = saltsMatch && isCommit
                }
            } else if intact && isCommit {
                scan.intactCommitsAfterBreak += 1
            }
            running = scan.firstInvalidFrame == nil ? (frameChecksum.s0, frameChecksum.s1) : stored
        }
        if scan.firstInvalidFrame == nil && (scan.fileSize - 32) % frameSize != 0 {
            // A partial frame at the end: a write the crash cut short.
            scan.firstInvalidFrame = scan.frames + 1
        }
        return scan
    }

    /// Reads exactly `buffer.count` bytes at `offset`; `false` at end of file.
    private static func read(_ descriptor: Int32, into buffer: inout [UInt8], at offset: Int, path: String) throws(StorageError) -> Bool {
        var done = 0
        while done < buffer.count {
            let count = buffer.withUnsafeMutableBytes { bytes in
                pread(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileHeaderReading.readError("write-ahead log", path)
            }
            if count == 0 { return false }
            done += count
        }
        return true
    }
}
