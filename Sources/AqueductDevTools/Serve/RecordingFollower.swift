import Aqueduct
import AqueductRecording

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Follows a recording file as an app writes it: reads it from the start, a chunk at a time,
/// then what is appended; notices when the file at the path is replaced by another (a rotation)
/// or cut shorter (a truncation) and starts again from the new file's beginning.
///
/// Memory is bounded whatever the file's size: one chunk and one line (at most
/// `maximumLineLength` bytes; a longer line is skipped with a warning, not held). Records are
/// handed out as they are read and not kept. A line is decoded once its newline has been
/// written, so a line the app is in the middle of writing waits for its end.
///
/// Each stream of the server has its own follower, so each page gets the whole recording from
/// its start, then what follows. Not `Sendable`: it belongs to the server's one thread.
struct RecordingFollower {
    /// What the follower read.
    enum Event: Equatable {
        /// A session begins; the text says which and when.
        case session(String)
        case record(ActionRecord)
        /// Actions the recorder dropped: the text says how many and why.
        case gap(String, droppedCount: Int)
        /// The file was replaced or truncated: what follows comes from the start of a new file.
        case reset(String)
        /// A line that was skipped, and why.
        case warning(String)
        /// Everything the file held when it was opened has been read (once per follower).
        case caughtUp
    }

    let path: String
    let maximumLineLength: Int
    static let chunkSize = 1 << 16

    private var descriptor: Int32 = -1
    private var device: UInt64 = 0
    private var inode: UInt64 = 0
    /// How many bytes of the open file have been read.
    private var offset = 0
    /// The line being read, since its last newline.
    private var line: [UInt8] = []
    /// The line being read is longer than the limit: its bytes are dropped until its newline.
    private var isSkippingLine = false
    private var lineNumber = 1
    private var sessionCount = 0
    private var isInSession = false
    private var lastSeq: Int?
    private var hasCaughtUp = false
    private var chunk = [UInt8](repeating: 0, count: chunkSize)

    init(path: String, maximumLineLength: Int) {
        self.path = path
        self.maximumLineLength = max(maximumLineLength, 1)
    }

    /// Closes the file.
    mutating func close() {
        if descriptor >= 0 { _ = systemClose(descriptor) }
        descriptor = -1
    }

    /// Reads what is next: up to one chunk of the file, or, at its end, checks whether the file
    /// was replaced or truncated.
    ///
    /// - Returns: What was read, and whether the follower is at the end of the file (call again
    ///   later, after the app had time to write).
    mutating func step() -> (events: [Event], isAtEnd: Bool) {
        var events: [Event] = []
        if descriptor < 0 {
            guard open() else {
                // Not there (yet, or while it is being replaced): nothing to read.
                if !hasCaughtUp {
                    hasCaughtUp = true
                    events.append(.caughtUp)
                }
                return (events, true)
            }
        }
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            offset += count
            chunk.withUnsafeBufferPointer { consume(UnsafeBufferPointer(rebasing: $0[..<count]), into: &events) }
            return (events, false)
        }
        if count < 0, errno == EINTR || errno == EAGAIN { return (events, false) }
        if count < 0 {
            events.append(.warning("Reading \(path) failed: \(String(cString: strerror(errno))). Reading it again."))
            restart(into: &events, because: nil)
            return (events, true)
        }
        // The end of the file as it is now.
        if !hasCaughtUp {
            hasCaughtUp = true
            events.append(.caughtUp)
        }
        var atPath = stat()
        if stat(path, &atPath) == 0 {
            if UInt64(truncatingIfNeeded: atPath.st_dev) != device || UInt64(truncatingIfNeeded: atPath.st_ino) != inode
            {
                restart(into: &events, because: "The recording was replaced by a new file: reading it from its start.")
                return (events, false)
            }
            var opened = stat()
            if fstat(descriptor, &opened) == 0, Int(opened.st_size) < offset {
                restart(into: &events, because: "The recording was truncated: reading it again from its start.")
                return (events, false)
            }
        }
        return (events, true)
    }

    private mutating func open() -> Bool {
        let opened = systemOpen(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard opened >= 0 else { return false }
        var status = stat()
        guard fstat(opened, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            _ = systemClose(opened)
            return false
        }
        descriptor = opened
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
        offset = 0
        return true
    }

    /// Closes the file and starts over: the next step opens what is at the path.
    private mutating func restart(into events: inout [Event], because reason: String?) {
        if !line.isEmpty && !isSkippingLine {
            events.append(.warning("line \(lineNumber): cut short (the file ended before its newline); skipped"))
        }
        close()
        line.removeAll(keepingCapacity: false)
        isSkippingLine = false
        lineNumber = 1
        isInSession = false
        lastSeq = nil
        if let reason { events.append(.reset(reason)) }
    }

    private mutating func consume(_ bytes: UnsafeBufferPointer<UInt8>, into events: inout [Event]) {
        guard let base = bytes.baseAddress else { return }
        var start = 0
        // `memchr`, not a generic search: the tool runs in debug builds (`swift run`).
        while start < bytes.count, let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start) {
            let newline = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            append(UnsafeBufferPointer(start: base + start, count: newline - start))
            endLine(into: &events)
            start = newline + 1
        }
        append(UnsafeBufferPointer(start: base + start, count: bytes.count - start))
    }

    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !isSkippingLine else { return }
        guard line.count + bytes.count <= maximumLineLength else {
            isSkippingLine = true
            line.removeAll(keepingCapacity: false)
            return
        }
        line.append(contentsOf: bytes)
    }

    private mutating func endLine(into events: inout [Event]) {
        defer {
            line.removeAll(keepingCapacity: line.count <= Self.chunkSize)
            isSkippingLine = false
            lineNumber += 1
        }
        if isSkippingLine {
            events.append(
                .warning("line \(lineNumber): longer than \(maximumLineLength) bytes (--max-line-bytes); skipped")
            )
            return
        }
        let decoded: ActionRecording
        do {
            decoded = try ActionRecording(jsonLines: line, maximumLineLength: maximumLineLength)
        } catch {
            events.append(.warning("line \(lineNumber): \(Self.reason(error)); skipped"))
            return
        }
        for warning in decoded.warnings {
            events.append(.warning("line \(lineNumber): \(warning.reason); skipped"))
        }
        guard let session = decoded.sessions.first else { return }  // a blank line
        if let start = session.start {
            sessionCount += 1
            isInSession = true
            lastSeq = nil
            let process = session.process.map { ", process \($0)" } ?? ""
            events.append(.session("Session \(sessionCount) · started \(ReportData.isoTime(start))\(process)"))
            return
        }
        beginSessionIfNeeded(into: &events)
        for gap in session.gaps {
            events.append(.gap(ReportData.gapText(gap), droppedCount: gap.droppedCount))
        }
        for record in session.records {
            if let lastSeq, record.seq <= lastSeq {
                events.append(
                    .warning("line \(lineNumber): seq \(record.seq) does not follow \(lastSeq) in its session; skipped")
                )
                continue
            }
            lastSeq = record.seq
            events.append(.record(record))
        }
    }

    /// Lines before any header are a session of their own, as the reader of a whole file says.
    private mutating func beginSessionIfNeeded(into events: inout [Event]) {
        guard !isInSession else { return }
        sessionCount += 1
        isInSession = true
        events.append(.session("Session \(sessionCount) · started before any session header"))
    }

    /// The reader's reason, without the line number it gives for a one-line text.
    private static func reason(_ error: ActionRecordingError) -> String {
        switch error {
        case .undecodableLine(_, let reason): reason
        case .seqNotIncreasing(_, let seq, let previous): "seq \(seq) does not follow \(previous)"
        case .lineTooLong(_, let limit): "longer than \(limit) bytes"
        case .cannotOpen, .readFailed: error.description
        }
    }
}

private func systemOpen(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
