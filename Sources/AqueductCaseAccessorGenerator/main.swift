import AqueductCaseAccessorsCore
import Foundation

// The executable behind `swift package case-accessors`; what it does is in
// AqueductCaseAccessorsCore, where the tests reach it.
let status = Command.run(
    Array(CommandLine.arguments.dropFirst()),
    output: { print($0) },
    errors: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
)
exit(status)
