import AqueductCaseAccessorsTestSupport
import Foundation
import Testing

@testable import AqueductCaseAccessorsCore

@Suite struct CommandTests {
    @Test func usageMistakesExitWithTwoAndSayWhat() {
        let none = CommandResult.run([])
        #expect(none.status == 2)
        #expect(none.errors.first == "error: no source paths given")
        let unknown = CommandResult.run(["--write", "."])
        #expect(unknown.status == 2)
        #expect(unknown.errors.first == "error: unknown option --write")
        let missing = CommandResult.run(["/no/such/place"])
        #expect(missing.errors.first == "error: no such file or directory: /no/such/place")
        #expect(CommandResult.run(["--help"]).status == 0)
    }

    @Test func theArgumentsFileGivesEachModuleItsFiles() throws {
        let directory = try TemporaryDirectory()
        let core = try directory.write("Core/Marker.swift", "public enum CoreAction: CaseAccessible { case a }")
        let app = try directory.write("App/AppAction.swift", "enum AppAction: CaseAccessible { case b }")
        let arguments = try directory.write(
            "arguments.txt",
            ["--module", "Aqueduct", core, "--module", "App", app].joined(separator: "\n")
        )
        #expect(CommandResult.run(["--arguments-file", arguments]).status == 0)
        #expect(directory.read("Core/Marker+CaseAccessors.swift")?.contains("import Aqueduct") == false)
        #expect(directory.read("App/AppAction+CaseAccessors.swift")?.contains("import Aqueduct") == true)
    }

    @Test func aFailedCheckTellsTheCommandItWasGiven() throws {
        let directory = try TemporaryDirectory()
        try directory.write("Sources/A.swift", "enum A: CaseAccessible { case a }")
        let command = "swift package --package-path Examples --allow-writing-to-package-directory case-accessors"
        let named = CommandResult.run(["--check", "--write-command", command, directory.url.path])
        #expect(named.status == 1)
        #expect(named.errors.last == "error: 1 generated file missing or out of date; run `\(command)`")
        let unnamed = CommandResult.run(["--check", directory.url.path])
        #expect(unnamed.errors.last == "error: 1 generated file missing or out of date; run `\(Command.writeCommand)`")
        #expect(CommandResult.run(["--write-command"]).errors.first == "error: --write-command needs the command")
        #expect(!directory.exists("Sources/A+CaseAccessors.swift"))
    }

    @Test func directoriesAreSearchedWithoutBuildAndHiddenFolders() throws {
        let directory = try TemporaryDirectory()
        try directory.write("Sources/A.swift", "enum A: CaseAccessible { case a }")
        try directory.write(".build/checkouts/B.swift", "enum B: CaseAccessible { case b }")
        try directory.write(".hidden/C.swift", "enum C: CaseAccessible { case c }")
        #expect(CommandResult.run([directory.url.path]).status == 0)
        #expect(directory.exists("Sources/A+CaseAccessors.swift"))
        #expect(!directory.exists(".build/checkouts/B+CaseAccessors.swift"))
        #expect(!directory.exists(".hidden/C+CaseAccessors.swift"))
    }
}
