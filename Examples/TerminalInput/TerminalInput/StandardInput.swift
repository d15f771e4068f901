import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The lines typed on standard input, as an `AsyncStream`: the one line reader the example
/// terminal apps share.
///
/// A dedicated thread reads descriptor 0 with `read(2)`, so a blocking read never occupies a
/// thread of the cooperative pool, and the main actor stays free to process actions and the
/// results of effects while the reader waits for the next line. It never touches the C
/// library's `stdin` stream, so nothing else waits on that stream's lock.
///
/// Input is bounded: each byte is looked at once (``LineSplitter``), so a line costs time in
/// proportion to its length, and a line longer than `maximumLength` bytes is not kept — its
/// bytes are counted and dropped as they arrive, and the stream yields
/// ``Line/tooLong(byteCount:)`` in its place, for the app to say so.
///
/// ```swift
/// for await input in StandardInput.lines() {
///     guard case .text(let line) = input else { continue }
///     print("you typed \(line)")
/// }
/// ```
public enum StandardInput {
    /// The default longest line kept: 4 KiB, more than any command needs.
    public static let defaultMaximumLineLength = 4096

    /// One line of input.
    public enum Line: Sendable, Hashable {
        /// A line, without its line end (`\n` or `\r\n`); bytes that are not UTF-8 are replaced
        /// by U+FFFD.
        case text(String)
        /// A line longer than the limit, dropped; `byteCount` is its length in bytes, without
        /// its line end.
        case tooLong(byteCount: Int)
    }

    /// Starts reading standard input; the stream ends at the end of input (Ctrl-D, or a closed
    /// pipe).
    ///
    /// Call it once per process: the reader thread reads until the end of input, whether or not
    /// the stream is still iterated.
    ///
    /// - Parameter maximumLength: The longest line kept, in bytes.
    /// - Returns: The lines.
    /// - Complexity: O(*n*) in the number of bytes read; memory O(`maximumLength`) plus what the
    ///   consumer has not taken yet.
    public static func lines(maximumLength: Int = defaultMaximumLineLength) -> AsyncStream<Line> {
        let (stream, continuation) = AsyncStream.makeStream(of: Line.self)
        let reader = Thread {
            var splitter = LineSplitter(maximumLength: maximumLength)
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                splitter.feed(buffer[..<count]) { continuation.yield($0) }
            }
            splitter.finish { continuation.yield($0) }
            continuation.finish()
        }
        reader.name = "StandardInput"
        reader.start()
        return stream
    }
}
