import AqueductCaseAccessorsTestSupport
import Foundation
import Testing

@testable import AqueductCaseAccessorsCore

/// The generator on real files: what it writes, removes, refuses, and what `--check` reports.
@Suite struct PlanTests {
    static let action = """
        import Aqueduct

        enum SyncAction: CaseAccessible {
            case start
            case finished(count: Int)
        }
        """

    @Test func writesTheMissingFileBesideItsSourceThenFindsItUpToDate() throws {
        let directory = try TemporaryDirectory()
        try directory.write("Sources/Sync/SyncAction.swift", Self.action)
        let first = CommandResult.run(["--module", "Sync", directory.path("Sources")])
        #expect(first.status == 0)
        let generated = try #require(directory.read("Sources/Sync/SyncAction+CaseAccessors.swift"))
        #expect(generated.hasPrefix(Emitter.headerPrefix + " from SyncAction.swift"))
        #expect(generated.contains("    var finished: Int? {"))
        let check = CommandResult.run(["--check", "--module", "Sync", directory.path("Sources")])
        #expect(check.status == 0)
        #expect(check.output == ["Case accessors are up to date (1 generated file, 2 source files read)."])
    }

    @Test func checkFailsAfterACaseIsAddedAndWritesNothing() throws {
        let directory = try TemporaryDirectory()
        try directory.write("SyncAction.swift", Self.action)
        #expect(CommandResult.run([directory.url.path]).status == 0)
        let before = try #require(directory.read("SyncAction+CaseAccessors.swift"))
        try directory.write(
            "SyncAction.swift",
            Self.action.replacing("case start", with: "case start\n    case cancelled")
        )
        let check = CommandResult.run(["--check", directory.url.path])
        #expect(check.status == 1)
        #expect(
            check.errors.first?.hasSuffix(
                "SyncAction+CaseAccessors.swift:1: error: out of date: "
                    + directory.path("SyncAction.swift") + ": case SyncAction.cancelled is new"
            ) == true
        )
        #expect(
            check.errors.last?.contains("run `swift package --allow-writing-to-package-directory case-accessors`")
                == true
        )
        #expect(directory.read("SyncAction+CaseAccessors.swift") == before)
        #expect(CommandResult.run([directory.url.path]).status == 0)
        #expect(directory.read("SyncAction+CaseAccessors.swift")?.contains("    var cancelled: Void? {") == true)
    }

    @Test func checkNamesEachCaseThatWasAddedChangedOrRemoved() throws {
        let directory = try TemporaryDirectory()
        try directory.write("SyncAction.swift", Self.action)
        #expect(CommandResult.run([directory.url.path]).status == 0)
        try directory.write(
            "SyncAction.swift",
            Self.action
                .replacing("case start", with: "case cancelled")
                .replacing("case finished(count: Int)", with: "case finished(count: Int, total: Int)")
        )
        let check = CommandResult.run(["--check", directory.url.path])
        #expect(check.status == 1)
        #expect(
            check.errors.first == directory.path("SyncAction+CaseAccessors.swift") + ":1: error: out of date: "
                + directory.path("SyncAction.swift")
                + ": case SyncAction.cancelled is new; case SyncAction.finished changed; case SyncAction.start is gone"
        )
    }

    @Test func checkSaysWhenNoCaseDiffers() throws {
        let directory = try TemporaryDirectory()
        try directory.write("SyncAction.swift", Self.action)
        #expect(CommandResult.run([directory.url.path]).status == 0)
        try directory.write("SyncAction.swift", "import Foundation\n" + Self.action)
        let check = CommandResult.run(["--check", directory.url.path])
        #expect(
            check.errors.first?.hasSuffix(
                "SyncAction.swift: generates something else (its imports, or the generator's format, changed)"
            ) == true
        )
    }

    @Test func aFileThatOnlyStartsWithTheHeaderIsASourceAndIsNeverRemoved() throws {
        // Named like a source, not `+CaseAccessors.swift`: the generator did not write it,
        // whatever its first line says (a generator that trusted the header removed such a file as stale).
        let directory = try TemporaryDirectory()
        let notes = Emitter.headerPrefix + " — notes copied from a generated file.\nlet copied = 1\n"
        try directory.write("Sources/Shapes/Notes.swift", notes)
        try directory.write("Sources/Shapes/SyncAction.swift", Self.action)
        #expect(
            CommandResult.run(["--check", directory.path("Sources")]).errors.contains { $0.contains("Notes") } == false
        )
        let run = CommandResult.run([directory.path("Sources")])
        #expect(run.status == 0)
        #expect(directory.read("Sources/Shapes/Notes.swift") == notes)
        #expect(directory.exists("Sources/Shapes/SyncAction+CaseAccessors.swift"))
    }

    @Test func checkNamesAMissingFile() throws {
        let directory = try TemporaryDirectory()
        try directory.write("SyncAction.swift", Self.action)
        let check = CommandResult.run(["--check", directory.url.path])
        #expect(check.status == 1)
        #expect(
            check.errors.first == directory.path("SyncAction+CaseAccessors.swift")
                + ":1: error: missing: " + directory.path("SyncAction.swift") + " declares CaseAccessible enums"
        )
        #expect(!directory.exists("SyncAction+CaseAccessors.swift"))
    }

    @Test func aGeneratedFileWhoseSourceNoLongerOptsInOrIsGoneIsRemoved() throws {
        let directory = try TemporaryDirectory()
        try directory.write("SyncAction.swift", Self.action)
        try directory.write("Renamed.swift", Self.action.replacing("SyncAction", with: "RenamedAction"))
        #expect(CommandResult.run([directory.url.path]).status == 0)
        try directory.write("SyncAction.swift", "enum SyncAction { case start }")
        try FileManager.default.moveItem(atPath: directory.path("Renamed.swift"), toPath: directory.path("Moved.swift"))
        let check = CommandResult.run(["--check", directory.url.path])
        #expect(check.status == 1)
        #expect(
            check.errors.prefix(3).sorted() == [
                directory.path("Moved+CaseAccessors.swift") + ":1: error: missing: "
                    + directory.path("Moved.swift") + " declares CaseAccessible enums",
                directory.path("Renamed+CaseAccessors.swift") + ":1: error: stale: "
                    + directory.path("Renamed.swift") + " does not exist",
                directory.path("SyncAction+CaseAccessors.swift") + ":1: error: stale: "
                    + directory.path("SyncAction.swift") + " declares no CaseAccessible enum",
            ]
        )
        #expect(CommandResult.run([directory.url.path]).status == 0)
        #expect(!directory.exists("SyncAction+CaseAccessors.swift"))
        #expect(!directory.exists("Renamed+CaseAccessors.swift"))
        #expect(directory.exists("Moved+CaseAccessors.swift"))
    }

    @Test func aFileTheGeneratorDidNotWriteIsNeverOverwrittenNorRemoved() throws {
        let directory = try TemporaryDirectory()
        try directory.write("SyncAction.swift", Self.action)
        let handWritten = "extension SyncAction { var start: Void? { nil } }\n"
        try directory.write("SyncAction+CaseAccessors.swift", handWritten)
        try directory.write("Other+CaseAccessors.swift", handWritten)
        let result = CommandResult.run([directory.url.path])
        #expect(result.status == 2)
        #expect(
            result.errors.first == directory.path("SyncAction+CaseAccessors.swift")
                + ":1: error: this file was not written by case-accessors, but the accessors of "
                + directory.path("SyncAction.swift") + " go here; rename it"
        )
        #expect(directory.read("SyncAction+CaseAccessors.swift") == handWritten)
        #expect(directory.read("Other+CaseAccessors.swift") == handWritten)
    }

    @Test func aProblemInOneFileMeansNothingIsWrittenAnywhere() throws {
        let directory = try TemporaryDirectory()
        try directory.write("SyncAction.swift", Self.action)
        try directory.write("Broken.swift", "enum Broken: CaseAccessible { case a() }")
        let result = CommandResult.run([directory.url.path])
        #expect(result.status == 2)
        #expect(
            result.errors.first == directory.path("Broken.swift")
                + ":1: error: case a() has an empty payload `()`; write `case a` without parentheses"
        )
        #expect(result.errors.last == "error: case accessors cannot be generated: 1 problem above; nothing was written")
        #expect(!directory.exists("SyncAction+CaseAccessors.swift"))
    }

    @Test func anUpToDateFileIsNotRewritten() throws {
        let directory = try TemporaryDirectory()
        try directory.write("SyncAction.swift", Self.action)
        #expect(CommandResult.run([directory.url.path]).status == 0)
        let path = directory.path("SyncAction+CaseAccessors.swift")
        let old = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
        #expect(CommandResult.run([directory.url.path]).status == 0)
        let date = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        #expect(date == old)
    }

    @Test func aFileThatCannotBeWrittenIsReportedWithTheFlagThatAllowsIt() throws {
        let directory = try TemporaryDirectory()
        try directory.write("SyncAction.swift", Self.action)
        // A directory where the file goes makes the write fail, as the plugin sandbox does for a
        // package directory it was not allowed to write (and unlike permissions, also for root).
        try FileManager.default.createDirectory(
            atPath: directory.path("SyncAction+CaseAccessors.swift"),
            withIntermediateDirectories: false
        )
        let result = CommandResult.run([directory.path("SyncAction.swift")])
        #expect(result.status == 2)
        let message = try #require(result.errors.first)
        #expect(message.hasPrefix(directory.path("SyncAction+CaseAccessors.swift") + ":1: error: cannot write"))
        #expect(message.hasSuffix("`swift package --allow-writing-to-package-directory case-accessors`"))
    }
}
