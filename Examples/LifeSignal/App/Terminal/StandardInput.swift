import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The lines of standard input as an `AsyncStream`, read by a dedicated thread so that a
/// blocking read never occupies a thread of the cooperative pool.
///
/// It reads the descriptor with `read(2)`, not with `readLine()`: a thread blocked in
/// `readLine()` holds the lock of the C stream `stdin`, and any `fflush(nil)` in the process
/// (which flushes every stream) would wait for that lock until the next line of input.
public enum StandardInput {
    /// Starts reading standard input; the stream ends at the end of input.
    ///
    /// ```swift
    /// for await line in StandardInput.lines() { print(line) }
    /// ```
    ///
    /// - Returns: The lines, without their newlines (and without a trailing carriage return).
    public static func lines() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        let reader = Thread {
            var pending: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                pending.append(contentsOf: buffer[..<count])
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    continuation.yield(line(pending[..<newline]))
                    pending.removeSubrange(...newline)
                }
            }
            if !pending.isEmpty { continuation.yield(line(pending[...])) }
            continuation.finish()
        }
        reader.name = "LifeSignal stdin"
        reader.start()
        return stream
    }

    private static func line(_ bytes: ArraySlice<UInt8>) -> String {
        var bytes = bytes
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
