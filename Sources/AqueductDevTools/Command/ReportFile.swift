import Aqueduct

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the report: to a temporary file beside the destination, then renamed over it, so a
/// failure leaves no half-written report and an existing one is replaced whole.
///
/// A report holds everything its recording holds, so it is private like the recording: mode
/// 0600 whatever the umask. It replaces a regular file only: a symbolic link, a FIFO, a device
/// or a socket at the path is refused rather than replaced, and so is the recording itself.
enum ReportFile {
    /// Writes `bytes` to `path`, replacing what is there.
    ///
    /// - Parameters:
    ///   - bytes: The report.
    ///   - path: Where it goes.
    ///   - recording: The recording it was made from, which it must not replace.
    ///   - what: What the file is, for the messages: "report", "test", "slice".
    /// - Throws: ``ExitStatus/usage`` when `path` is the recording; ``ExitStatus/cannotCreate``
    ///   when the file cannot be created (no such directory, no permission, a directory, link,
    ///   FIFO or device at `path`), ``ExitStatus/ioError`` when writing fails part way (a full
    ///   disk).
    static func write(
        _ bytes: [UInt8],
        to path: String,
        notReplacing recording: String,
        what: String = "report"
    ) throws(DevToolsError) {
        func failure(_ status: ExitStatus, _ code: Int32) -> DevToolsError {
            DevToolsError(
                status: status,
                message: "Cannot write the \(what) \"\(path)\": \(String(cString: strerror(code)))."
            )
        }
        try checkDestination(path, recording: recording, what: what)
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        var template = Array(((directory.isEmpty ? "/" : directory + "/") + ".aqueduct-report-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw failure(.cannotCreate, errno) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var isDone = false
        defer {
            if !isDone { unlink(temporary) }
        }
        if let code = bytes.withUnsafeBytes({ FileOutput.writeAll(to: descriptor, $0) }) {
            close(descriptor)
            throw failure(.ioError, code)
        }
        // Private, like the recording it shows: mkstemp's 0600 is cut by the umask, so set it.
        guard fchmod(descriptor, 0o600) == 0 else {
            let code = errno
            close(descriptor)
            throw failure(.cannotCreate, code)
        }
        guard close(descriptor) == 0 else { throw failure(.ioError, errno) }
        guard rename(temporary, path) == 0 else { throw failure(.cannotCreate, errno) }
        isDone = true
    }

    /// Refuses a destination that is not a regular file to replace, or is the recording.
    private static func checkDestination(_ path: String, recording: String, what: String) throws(DevToolsError) {
        var target = stat()
        guard lstat(path, &target) == 0 else { return }  // nothing there yet
        var source = stat()
        if stat(recording, &source) == 0, source.st_dev == target.st_dev, source.st_ino == target.st_ino {
            throw .usage("--output \(path) is the recording itself; the \(what) would replace it.")
        }
        let kind: String
        switch target.st_mode & S_IFMT {
        case S_IFREG, S_IFDIR: return  // replaced; a directory fails to be, with its own message
        case S_IFLNK: kind = "a symbolic link"
        case S_IFIFO: kind = "a FIFO (a named pipe)"
        case S_IFSOCK: kind = "a socket"
        default: kind = "a device"
        }
        throw DevToolsError(
            status: .cannotCreate,
            message: "Will not write the \(what) \"\(path)\": it is \(kind). Choose a regular file, or a new one."
        )
    }

    /// `812 bytes`, `12.4 KB`, `3.1 MB`.
    static func describeSize(_ count: Int) -> String {
        if count < 1_000 { return "\(count) bytes" }
        let (value, unit) = count < 1_000_000 ? (Double(count) / 1_000, "KB") : (Double(count) / 1_000_000, "MB")
        return "\((value * 10).rounded() / 10) \(unit)"
    }
}
