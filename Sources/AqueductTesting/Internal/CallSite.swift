/// Where a test called a testing tool, so that a failure points at that line.
struct CallSite: Sendable {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt
}
