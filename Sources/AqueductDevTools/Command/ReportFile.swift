#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the report: to a temporary file beside the destination, then renamed over it, so a
/// failure leaves no half-written report and an existing one is replaced whole.
enum ReportFile {
    /// Writes `bytes` to `path`, replacing what is there.
    ///
    /// - Throws: ``ExitStatus/cannotCreate`` when the file cannot be created (no such
    ///   directory, no permission, a directory at `path`), ``ExitStatus/ioError`` when writing
    ///   fails part way (a full disk).
    static func write(_ bytes: [UInt8], to path: String) throws(DevToolsError) {
        func failure(_ status: ExitStatus, _ code: Int32) -> DevToolsError {
            DevToolsError(
                status: status,
                message: "Cannot write the report \"\(path)\": \(String(cString: strerror(code)))."
            )
        }
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        var template = Array(((directory.isEmpty ? "/" : directory + "/") + ".aqueduct-report-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw failure(.cannotCreate, errno) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var isDone = false
        defer {
            if !isDone { unlink(temporary) }
        }
        if let code = bytes.withUnsafeBytes({ Descriptor.writeAll(descriptor, $0) }) {
            close(descriptor)
            throw failure(.ioError, code)
        }
        // mkstemp makes the file readable by its owner only; a report is an ordinary file.
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
        guard close(descriptor) == 0 else { throw failure(.ioError, errno) }
        guard rename(temporary, path) == 0 else { throw failure(.cannotCreate, errno) }
        isDone = true
    }

    /// `812 bytes`, `12.4 KB`, `3.1 MB`.
    static func describeSize(_ count: Int) -> String {
        if count < 1_000 { return "\(count) bytes" }
        let (value, unit) = count < 1_000_000 ? (Double(count) / 1_000, "KB") : (Double(count) / 1_000_000, "MB")
        return "\((value * 10).rounded() / 10) \(unit)"
    }
}
