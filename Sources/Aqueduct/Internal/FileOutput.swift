#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file descriptor the logger writes to: standard output, standard error, or a log file it
/// opened (and closes when the last printer using it goes away).
///
/// Writes go straight to the descriptor with `write(2)`, never through the C globals `stdout`
/// and `stderr`, which strict concurrency does not allow. Before writing to standard output or
/// standard error it flushes the C streams (`fflush(nil)`), so text the app printed with
/// `print` before an entry is not overtaken by it.
internal final class FileOutput: Sendable {
    /// Why a file could not be opened: the `errno` value and its text.
    struct OpenFailure: Error {
        let code: Int32
        let reason: String
    }

    let descriptor: Int32
    private let ownsDescriptor: Bool
    private let flushesStdio: Bool

    static let standardOutput = FileOutput(descriptor: 1, ownsDescriptor: false, flushesStdio: true)
    static let standardError = FileOutput(descriptor: 2, ownsDescriptor: false, flushesStdio: true)

    private init(descriptor: Int32, ownsDescriptor: Bool, flushesStdio: Bool) {
        self.descriptor = descriptor
        self.ownsDescriptor = ownsDescriptor
        self.flushesStdio = flushesStdio
    }

    /// Opens `path` for appending, creating it (mode 0644) if it does not exist.
    static func appending(to path: String) throws(OpenFailure) -> FileOutput {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        if descriptor < 0 {
            let code = errno
            throw OpenFailure(code: code, reason: String(cString: strerror(code)))
        }
        return FileOutput(descriptor: descriptor, ownsDescriptor: true, flushesStdio: false)
        #else
        throw OpenFailure(code: 0, reason: "files are not supported on this platform")
        #endif
    }

    /// Writes all of `text`, retrying partial and interrupted writes; gives up silently on an
    /// error (a full disk must not bring the app down through its logger).
    func write(_ text: String) {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        if flushesStdio { fflush(nil) }
        var text = text
        text.withUTF8 { bytes in
            guard var pointer = bytes.baseAddress else { return }
            var remaining = bytes.count
            while remaining > 0 {
                let written = systemWrite(descriptor, pointer, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                pointer += written
                remaining -= written
            }
        }
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
