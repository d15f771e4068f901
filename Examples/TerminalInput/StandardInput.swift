import Foundation

/// The lines typed on standard input, as an `AsyncStream`: the one line reader the example
/// terminal apps share.
///
/// A dedicated thread reads with `readLine()`, so a blocking read never occupies a thread of the
/// cooperative pool, and the main actor stays free to process actions and the results of effects
/// while the reader waits for the next line. (Aqueduct's printers write their own descriptor
/// only; anything that flushed every C stream — `fflush(nil)` — would wait for the lock of
/// `stdin`, which a blocked `readLine()` holds.)
///
/// ```swift
/// for await line in StandardInput.lines() {
///     print("you typed \(line)")
/// }
/// ```
public enum StandardInput {
    /// Starts reading standard input; the stream ends at the end of input (Ctrl-D, or a closed
    /// pipe).
    ///
    /// Call it once per process: the reader thread reads until the end of input, whether or not
    /// the stream is still iterated.
    ///
    /// - Returns: The lines, without their line ends (`\n` or `\r\n`).
    public static func lines() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        let reader = Thread {
            while let line = readLine(strippingNewline: true) {
                continuation.yield(line)
            }
            continuation.finish()
        }
        reader.name = "StandardInput"
        reader.start()
        return stream
    }
}
