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
package final class FileOutput: Sendable {
    /// Why a file could not be opened: the `errno` value and its text, or why it was refused.
    package struct OpenFailure: Error {
        package let code: Int32
        package let reason: String
        /// The path names something a private file must not be (a link, a FIFO, a directory…):
        /// a mistake in the path rather than a file system that refused.
        package var isRefusal = false
    }

    package let descriptor: Int32
    private let ownsDescriptor: Bool

    package static let standardOutput = FileOutput(descriptor: 1, ownsDescriptor: false)
    package static let standardError = FileOutput(descriptor: 2, ownsDescriptor: false)

    private init(descriptor: Int32, ownsDescriptor: Bool) {
        self.descriptor = descriptor
        self.ownsDescriptor = ownsDescriptor
    }

    /// Opens `path` for appending, creating it (mode 0644) if it does not exist.
    package static func appending(to path: String) throws(OpenFailure) -> FileOutput {
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

    /// Opens `path` for appending as a private regular file — what a recording is: created with
    /// mode 0600 whatever the umask (an existing file is set to 0600 too), and refused when the
    /// path is a symbolic link (`O_NOFOLLOW`), a FIFO, a device, a socket or a directory, or a
    /// file with other hard links (another name for a file someone else may read). A FIFO is
    /// opened without blocking, so a path nobody reads from is refused at once instead of
    /// hanging. The file is opened for reading too, so that `refusal` can read what an
    /// existing file holds (``readPrefix(_:)``).
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - refusal: Called with a non-empty existing file once it is open, before its mode is
    ///     changed: why it must not be appended to, or `nil`. A refused file is left as it was.
    ///   - afterInspecting: Runs between the look at the path (`lstat`) and its opening: a test
    ///     hook, to change what the path names in that gap.
    package static func appendingPrivately(
        to path: String,
        refusal existingFileRefusal: (FileOutput) -> String? = { _ in nil },
        afterInspecting: () -> Void = {}
    ) throws(OpenFailure) -> FileOutput {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        func refusal(_ status: stat) -> String? {
            switch status.st_mode & S_IFMT {
            case S_IFREG:
                return status.st_nlink > 1
                    ? "it has \(status.st_nlink) hard links (another name for the same file)" : nil
            case S_IFLNK: return "it is a symbolic link"
            case S_IFIFO: return "it is a FIFO (a named pipe)"
            case S_IFDIR: return "it is a directory"
            case S_IFSOCK: return "it is a socket"
            default: return "it is a device"
            }
        }
        var status = stat()
        if lstat(path, &status) == 0, let reason = refusal(status) {
            throw OpenFailure(code: 0, reason: reason, isRefusal: true)
        }
        afterInspecting()
        let descriptor = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        if descriptor < 0 {
            let code = errno
            switch code {
            case ELOOP: throw OpenFailure(code: code, reason: "it is a symbolic link", isRefusal: true)
            case ENXIO: throw OpenFailure(code: code, reason: "it is a FIFO (a named pipe)", isRefusal: true)
            case EISDIR: throw OpenFailure(code: code, reason: "it is a directory", isRefusal: true)
            default: throw OpenFailure(code: code, reason: String(cString: strerror(code)))
            }
        }
        let output = FileOutput(descriptor: descriptor, ownsDescriptor: true)  // closes on a throw
        // What was opened, not what the path named a moment ago.
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            throw OpenFailure(code: code, reason: String(cString: strerror(code)))
        }
        if let reason = refusal(status) { throw OpenFailure(code: 0, reason: reason, isRefusal: true) }
        if status.st_size > 0, let reason = existingFileRefusal(output) {
            throw OpenFailure(code: 0, reason: reason, isRefusal: true)
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        guard fchmod(descriptor, 0o600) == 0 else {
            let code = errno
            throw OpenFailure(
                code: code,
                reason: "cannot make it private (mode 0600): \(String(cString: strerror(code)))"
            )
        }
        return output
        #else
        throw OpenFailure(code: 0, reason: "files are not supported on this platform")
        #endif
    }

    /// Writes all of `text`, retrying partial and interrupted writes; gives up silently on an
    /// error (a full disk must not bring the app down through its logger).
    package func write(_ text: String) {
        _ = writeAll(text)
    }

    /// Writes all of `text`, retrying partial and interrupted writes.
    ///
    /// - Returns: `nil` once everything is written, or why writing stopped (the `errno` text).
    package func writeAll(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0)) }
    }

    /// Writes all of `bytes`, retrying partial and interrupted writes.
    ///
    /// - Returns: `nil` once everything is written, or why writing stopped (the `errno` text).
    package func writeAll(_ bytes: UnsafeRawBufferPointer) -> String? {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        return Self.writeAll(to: descriptor, bytes).map { String(cString: strerror($0)) }
        #else
        return "files are not supported on this platform"
        #endif
    }

    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    /// Writes all of `bytes` to `descriptor`, retrying partial and interrupted writes: the
    /// package's one loop around `write(2)`.
    ///
    /// - Returns: `nil` once everything is written, or the `errno` of the write that failed.
    package static func writeAll(to descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        guard var pointer = bytes.baseAddress else { return nil }
        var remaining = bytes.count
        while remaining > 0 {
            let written = systemWrite(descriptor, pointer, remaining)
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                return code
            }
            pointer += written
            remaining -= written
        }
        return nil
    }

    /// Fills `buffer` from `descriptor` at `offset`, retrying partial and interrupted reads:
    /// the package's one loop around `pread(2)`.
    ///
    /// - Returns: How many bytes were read (fewer than `buffer.count` where the file ends), and
    ///   the `errno` of the read that failed, if one did.
    package static func readAll(
        from descriptor: Int32,
        into buffer: UnsafeMutableRawBufferPointer,
        at offset: Int
    ) -> (count: Int, error: Int32?) {
        guard let base = buffer.baseAddress else { return (0, nil) }
        var filled = 0
        while filled < buffer.count {
            let read = pread(descriptor, base + filled, buffer.count - filled, off_t(offset + filled))
            if read < 0 {
                let code = errno
                if code == EINTR { continue }
                return (filled, code)
            }
            if read == 0 { break }
            filled += read
        }
        return (filled, nil)
    }
    #endif

    /// Whether the file's last byte is a newline, or it is empty: where a new line may start.
    package var endsWithNewline: Bool {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        let size = self.size
        guard size > 0 else { return true }
        var last: UInt8 = 0
        return pread(descriptor, &last, 1, off_t(size - 1)) == 1 && last == UInt8(ascii: "\n")
        #else
        return true
        #endif
    }

    /// The file's first bytes, at most `count` of them (fewer when it is shorter, none when it
    /// cannot be read).
    package func readPrefix(_ count: Int) -> [UInt8] {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        var bytes = [UInt8](repeating: 0, count: count)
        let filled = bytes.withUnsafeMutableBytes { Self.readAll(from: descriptor, into: $0, at: 0).count }
        return Array(bytes.prefix(filled))
        #else
        return []
        #endif
    }

    /// Cuts the file back to `size` bytes: what a write that failed part way wrote is removed.
    ///
    /// - Returns: `nil` once done, or why it could not be (the `errno` text).
    package func truncate(to size: Int) -> String? {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        guard ftruncate(descriptor, off_t(size)) == 0 else { return String(cString: strerror(errno)) }
        return nil
        #else
        return "files are not supported on this platform"
        #endif
    }

    /// The size of the file in bytes (0 for what is not a regular file).
    package var size: Int {
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
private func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, pointer, count)
}
#endif
