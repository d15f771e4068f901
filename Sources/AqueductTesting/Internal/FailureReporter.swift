#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Records a test failure, or a note, with whichever test library is running the test.
///
/// Under Swift Testing a failure is an issue at the caller's source location and a note an
/// issue of severity `warning` there (reported, not failing); under XCTest (when no Swift
/// Testing test is running) a failure is an `XCTFail` at the caller's file and line and a note
/// a `file:line: note: …` line on standard output. With neither available, both go to
/// standard output.
enum FailureReporter {
    static func record(_ message: String, at site: CallSite) {
        if recordWithSwiftTesting(message, isFailure: true, at: site) { return }
        #if canImport(XCTest)
        XCTFail(message, file: site.filePath, line: site.line)
        #else
        print("\(site.fileID):\(site.line): error: \(message)")
        #endif
    }

    /// Reports what a non-exhaustive test store skipped: information, never a failure.
    static func note(_ message: String, at site: CallSite) {
        if recordWithSwiftTesting(message, isFailure: false, at: site) { return }
        print("\(site.filePath):\(site.line): note: \(message)")
    }

    /// Records an issue (an error, or a warning) when a Swift Testing test is running.
    ///
    /// - Returns: Whether it was recorded.
    private static func recordWithSwiftTesting(_ message: String, isFailure: Bool, at site: CallSite) -> Bool {
        #if canImport(Testing)
        guard Test.current != nil else { return false }
        Issue.record(
            Comment(rawValue: message),
            severity: isFailure ? .error : .warning,
            sourceLocation: SourceLocation(
                fileID: String(describing: site.fileID),
                filePath: String(describing: site.filePath),
                line: Int(site.line),
                column: Int(site.column)
            )
        )
        return true
        #else
        return false
        #endif
    }
}
