import Aqueduct

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a recording file in chunks with `read(2)`, so that a line can be bounded before it is
/// held whole.
internal enum RecordingFile {
    static let chunkSize = 1 << 16

    /// Calls `body` with each chunk of the file at `path`, in order; a chunk is valid during the
    /// call only.
    static func forEachChunk(
        of path: String,
        _ body: (UnsafeBufferPointer<UInt8>) throws(ActionRecordingError) -> Void
    ) throws(ActionRecordingError) {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw .cannotOpen(path: path, reason: "it is a directory")
        }
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .readFailed(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { return }
            try buffer.withUnsafeBufferPointer { chunk throws(ActionRecordingError) in
                try body(UnsafeBufferPointer(rebasing: chunk[..<count]))
            }
        }
        #else
        throw .cannotOpen(path: path, reason: "files are not supported on this platform")
        #endif
    }
}

#if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
private func systemRead(_ descriptor: Int32, _ pointer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, pointer, count)
}
#endif
