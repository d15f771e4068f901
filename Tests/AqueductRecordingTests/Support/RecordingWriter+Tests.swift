import Aqueduct
import AqueductRecording

extension RecordingWriter {
    /// Waits until everything handed over is written, as long as that takes: the bound of a
    /// test is its time limit, not the ten seconds an app's exit grants (a debug build under
    /// load may build a large record for longer).
    ///
    /// - Returns: Whether everything was written.
    @discardableResult
    func flushAll() -> Bool {
        flush(timeout: .seconds(3_600))
    }
}
