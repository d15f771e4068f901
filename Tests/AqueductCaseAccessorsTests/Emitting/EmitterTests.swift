import Testing

@testable import AqueductCaseAccessorsCore

@Suite struct EmitterTests {
    private func imports(_ source: String, module: String?) throws -> [String] {
        let result = Parser.parse(source)
        try #require(result.diagnostics.isEmpty)
        return Emitter.emit(result.declarations, sourceName: "A.swift", module: module)
            .split(separator: "\n").filter { $0.contains("import ") }.map(String.init)
    }

    @Test func theGeneratedFileIsNamedAfterItsSource() {
        #expect(Emitter.generatedName(forSource: "AppAction.swift") == "AppAction+CaseAccessors.swift")
        #expect(Emitter.generatedName(forSource: "App.Action.swift") == "App.Action+CaseAccessors.swift")
    }

    @Test func theSourcesImportsAreRepeatedWithAqueductFirstUnlessAlreadyThere() throws {
        #expect(
            try imports("import CheckIn\nenum A: CaseAccessible { case a(CheckIn) }", module: "App")
                == ["import Aqueduct", "import CheckIn"]
        )
        #expect(
            try imports("@preconcurrency import Aqueduct\nenum A: CaseAccessible { case a }", module: "App")
                == ["@preconcurrency import Aqueduct"]
        )
        #expect(try imports("enum A: CaseAccessible { case a }", module: "Aqueduct").isEmpty)
        #expect(
            try imports(
                "#if canImport(Aqueduct)\nimport Aqueduct\n#endif\nenum A: CaseAccessible { case a }",
                module: nil
            )
                == ["import Aqueduct", "import Aqueduct"]
        )
    }

    @Test func anEnumWithoutCasesStillConforms() throws {
        let result = Parser.parse("public enum Empty: CaseAccessible {}")
        let text = Emitter.emit(result.declarations, sourceName: "Empty.swift", module: nil)
        #expect(text.contains("extension Empty {"))
        #expect(text.contains("    public struct AllCasePaths: Sendable {}"))
        #expect(text.contains("    public static var allCasePaths: AllCasePaths { AllCasePaths() }"))
        #expect(!text.contains(" public var "))
    }

    /// `Type` and `Protocol` are names a case may have without backticks, but after a `.` they
    /// mean a metatype: the generated code backticks them.
    @Test(arguments: ["Type", "Protocol"])
    func aBareCaseNameThatMeansSomethingElseAfterADotIsBackticked(name: String) throws {
        let result = Parser.parse("enum A: CaseAccessible { case \(name)(Int) }")
        try #require(result.diagnostics.isEmpty)
        let text = Emitter.emit(result.declarations, sourceName: "A.swift", module: nil)
        #expect(Emitter.spelled(name) == "`\(name)`")
        #expect(text.contains("    var `\(name)`: Int? {"))
        #expect(text.contains("if case .`\(name)`(let value) = self"))
        #expect(text.contains("embed: { .`\(name)`($0) }"))
        #expect(!text.contains(".\(name)("))
    }

    @Test func casesWithAvailabilityHaveItOnTheirAccessorAndCasePath() throws {
        let result = Parser.parse(
            """
            enum A: CaseAccessible {
                case a
                @available(*, deprecated)
                case b
            }
            """
        )
        let text = Emitter.emit(result.declarations, sourceName: "A.swift", module: nil)
        #expect(text.contains("    @available(*, deprecated)\n    var b: Void? {"))
        #expect(text.contains("        @available(*, deprecated)\n        var b: CasePath<A, Void> {"))
        #expect(!text.contains("@available(*, deprecated)\n        var a"))
    }
}
