import Aqueduct
import AqueductRecording

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How much of a recording `report` reads, so that its memory is bounded whatever the file's
/// size: the whole file when it is at most `--max-bytes`, else only its last `--last` lines,
/// found by reading the file backwards a chunk at a time (the lines before them are never
/// read).
///
/// A report holds every record it shows, and a browser opens the whole page at once: a
/// recording larger than the limit is refused with what to do instead, rather than read into
/// memory for a page no browser would show.
enum RecordingWindow {
    /// The largest recording read whole by default: 256 MB, about 500,000 actions of a
    /// typical app (the tool then holds about 1.5 bytes of memory a byte of recording).
    static let defaultMaximumBytes = 256_000_000
    static let chunkSize = 1 << 16

    /// The bytes of the recording's last `lineCount` lines (all of it when it has fewer), at
    /// most `maximumBytes`.
    ///
    /// - Returns: The bytes, and the offset in the file they start at (0: the whole file).
    /// - Throws: When the file cannot be opened or read, or the lines are more than
    ///   `maximumBytes` bytes.
    static func lastLines(
        _ lineCount: Int,
        of path: String,
        maximumBytes: Int
    ) throws(DevToolsError) -> (bytes: [UInt8], offset: Int) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw cannotOpen(path, errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw cannotOpen(path, errno) }
        let size = Int(status.st_size)
        // Backwards from the end: the start of the last `lineCount` lines is just after the
        // `lineCount`th newline before the end (a newline that ends the file ends the last line).
        var start = 0
        var newlines = 0
        var position = size
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        search: while position > 0 {
            let length = min(chunkSize, position)
            position -= length
            try readFully(descriptor, into: &chunk, count: length, at: position, path: path)
            for index in stride(from: length - 1, through: 0, by: -1) where chunk[index] == UInt8(ascii: "\n") {
                if position + index == size - 1 { continue }
                newlines += 1
                if newlines == lineCount {
                    start = position + index + 1
                    break search
                }
            }
            if size - position > maximumBytes { break }
        }
        guard size - start <= maximumBytes else {
            throw DevToolsError(
                status: .dataError,
                message: "\(path): its last \(ReportData.grouped(lineCount)) lines are more than "
                    + "\(ReportFile.describeSize(maximumBytes)), the most a report reads (--max-bytes). "
                    + "Ask for fewer with --last."
            )
        }
        var bytes = [UInt8](repeating: 0, count: size - start)
        try readFully(descriptor, into: &bytes, count: bytes.count, at: start, path: path)
        return (bytes, start)
    }

    /// The file's size in bytes, or `nil` when it cannot be read (the reader then says why).
    static func size(of path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    private static func readFully(
        _ descriptor: Int32,
        into buffer: inout [UInt8],
        count: Int,
        at offset: Int,
        path: String
    ) throws(DevToolsError) {
        let (read, error) = buffer.withUnsafeMutableBytes {
            FileOutput.readAll(
                from: descriptor,
                into: UnsafeMutableRawBufferPointer(rebasing: $0[..<count]),
                at: offset
            )
        }
        if let error {
            throw DevToolsError.reading(path, .readFailed(path: path, reason: String(cString: strerror(error))))
        }
        guard read == count else {
            throw DevToolsError.reading(
                path,
                .readFailed(path: path, reason: "the file became shorter while it was read")
            )
        }
    }

    private static func cannotOpen(_ path: String, _ code: Int32) -> DevToolsError {
        DevToolsError.reading(path, .cannotOpen(path: path, reason: String(cString: strerror(code))))
    }
}
