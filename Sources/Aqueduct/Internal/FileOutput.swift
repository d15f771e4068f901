#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file descriptor the package writes text to: standard output and standard error (the
/// logger's printers, the store's runaway-loop report), or a log file it opened (and closes
/// when the last printer using it goes away). The one writer of the core.
///
/// Writes go straight to the descriptor with `write(2)`, retrying partial and interrupted
/// (`EINTR`) writes. It never touches the C streams: the globals `stdout` and `stderr` are not
/// allowed under strict concurrency, and `fflush(nil)` would flush — and lock — every stream,
/// standard input included, so it blocks while another thread waits in `readLine()`. Text
/// that `print` left in the C library's buffer (standard output to a pipe or a file is
/// buffered) can therefore appear after text written here since.
internal final class FileOutput: Sendable {
    /// Why a file could not be opened: the `errno` value and its text.
    struct OpenFailure: Error {
        let code: Int32
        let reason: String
    }

    let descriptor: Int32
    private let ownsDescriptor: Bool

    static let standardOutput = FileOutput(descriptor: 1, ownsDescriptor: false)
    static let standardError = FileOutput(descriptor: 2, ownsDescriptor: false)

    private init(descriptor: Int32, ownsDescriptor: Bool) {
        self.descriptor = descriptor
        self.ownsDescriptor = ownsDescriptor
    }

    /// Opens `path` for appending, creating it (mode 0644) if it does not exist.
    static func appending(to path: String) throws(OpenFailure) -> FileOutput {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        if descriptor < 0 {
            let code = errno
            throw OpenFailure(code: code, reason: String(cString: strerror(code)))
        }
        return FileOutput(descriptor: descriptor, ownsDescriptor: true)
        #else
        throw OpenFailure(code: 0, reason: "files are not supported on this platform")
        #endif
    }

    /// Writes all of `text`, retrying partial and interrupted writes; gives up silently on an
    /// error (a full disk must not bring the app down through its logger).
    func write(_ text: String) {
        _ = writeAll(text)
    }

    /// Writes all of `text`, retrying partial and interrupted writes.
    ///
    /// - Returns: `nil` once everything is written, or why writing stopped (the `errno` text).
    func writeAll(_ text: String) -> String? {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard var pointer = bytes.baseAddress else { return nil }
            var remaining = bytes.count
            while remaining > 0 {
                let written = systemWrite(descriptor, pointer, remaining)
                if written < 0 {
                    let code = errno
                    if code == EINTR { continue }
                    return String(cString: strerror(code))
                }
                pointer += written
                remaining -= written
            }
            return nil
        }
        #else
        return "files are not supported on this platform"
        #endif
    }

    /// The size of the file in bytes (0 for what is not a regular file).
    var size: Int {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return 0 }
        return Int(status.st_size)
        #else
        return 0
        #endif
    }

    deinit {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        if ownsDescriptor { close(descriptor) }
        #endif
    }
}

#if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
private func systemWrite(_ descriptor: Int32, _ pointer: UnsafePointer<UInt8>, _ count: Int) -> Int {
    write(descriptor, pointer, count)
}
#endif
