#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Records a test failure with whichever test library is running the test.
///
/// Under Swift Testing the failure is an issue at the caller's source location; under XCTest
/// (when no Swift Testing test is running) an `XCTFail` at the caller's file and line. With
/// neither available, the message goes to standard output.
enum FailureReporter {
    static func record(_ message: String, at site: CallSite) {
        #if canImport(Testing)
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(
                    fileID: String(describing: site.fileID),
                    filePath: String(describing: site.filePath),
                    line: Int(site.line),
                    column: Int(site.column)
                )
            )
            return
        }
        #endif
        #if canImport(XCTest)
        XCTFail(message, file: site.filePath, line: site.line)
        #else
        print("\(site.fileID):\(site.line): error: \(message)")
        #endif
    }
}
