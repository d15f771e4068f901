import Aqueduct
import AqueductRecording

/// Why a command failed: the message printed after `error: ` and the exit status it ends with.
struct DevToolsError: Error, Sendable, CustomStringConvertible {
    let status: ExitStatus
    let message: String

    var description: String { message }

    static func usage(_ message: String) -> DevToolsError {
        DevToolsError(status: .usage, message: message + "\n" + DevToolsCommand.usageHint)
    }

    /// The recording could not be read: which file, and the reader's own words.
    static func reading(_ path: String, _ error: ActionRecordingError) -> DevToolsError {
        switch error {
        case .cannotOpen:
            DevToolsError(status: .noInput, message: error.description)
        case .readFailed:
            DevToolsError(status: .ioError, message: error.description)
        case .lineTooLong:
            DevToolsError(status: .dataError, message: "\(path): \(error) The limit is --max-line-bytes.")
        case .undecodableLine, .seqNotIncreasing:
            DevToolsError(status: .dataError, message: "\(path): \(error)")
        }
    }
}
