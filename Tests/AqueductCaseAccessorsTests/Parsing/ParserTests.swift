import Testing

@testable import AqueductCaseAccessorsCore

@Suite struct ParserTests {
    @Test func branchesOfOneBlockAreExclusiveAndSequentialBlocksAreNot() {
        let linux = ConditionFrame(block: 0, clauses: ["os(Linux)"])
        let other = ConditionFrame(block: 0, clauses: ["os(Linux)", nil])
        let debug = ConditionFrame(block: 1, clauses: ["DEBUG"])
        #expect(ConditionFrame.areExclusive([linux], [other]))
        #expect(ConditionFrame.areExclusive([other], [linux]))
        #expect(!ConditionFrame.areExclusive([linux], [debug]))
        #expect(!ConditionFrame.areExclusive([], [linux]))
        #expect(!ConditionFrame.areExclusive([linux, debug], [linux]))
        #expect(ConditionFrame.areExclusive([linux, debug], [other, debug]))
    }

    @Test func casesKeepTheirConditionsAndTheEnumItsOwn() throws {
        let result = Parser.parse(
            """
            #if DEBUG
            enum A: CaseAccessible {
                case always
                #if os(Linux)
                case linux
                #else
                case other(Int)
                #endif
            }
            #endif
            """
        )
        #expect(result.diagnostics.isEmpty)
        let declaration = try #require(result.declarations.enums.first)
        #expect(declaration.conditions.map(\.clauses) == [["DEBUG"]])
        #expect(declaration.cases.map(\.name) == ["always", "linux", "other"])
        #expect(declaration.cases.map { $0.conditions.count } == [1, 2, 2])
        #expect(declaration.cases[2].conditions.last?.clauses == ["os(Linux)", nil])
    }

    @Test func topLevelCodeAndContextualKeywordsAreNotDeclarations() {
        let result = Parser.parse(
            """
            let package = Package(name: "x")
            let actor = Worker()
            actor.run()
            switch value { case .a: break; default: break }
            if case .a = value { print("case b(Int)") }
            final class Cache { class func make() -> Cache { Cache() } }
            enum A: CaseAccessible { case a }
            """
        )
        #expect(result.diagnostics.isEmpty)
        #expect(result.declarations.enums.map(\.qualifiedName) == ["A"])
        #expect(result.declarations.enums.first?.cases.map(\.name) == ["a"])
    }

    @Test func aHandWrittenPropertyInAnExclusiveBranchIsNoCollision() {
        let result = Parser.parse(
            """
            enum A: CaseAccessible {
                #if os(Linux)
                case a
                #else
                var a: Void? { nil }
                #endif
            }
            """
        )
        #expect(result.diagnostics.isEmpty)
    }

    @Test func namesFromEnclosingTypesAreQualifiedAndTheEnumsOwnAreNot() throws {
        let result = Parser.parse(
            """
            struct Outer {
                struct Detail {}
                typealias ID = Int
                enum Event: CaseAccessible {
                    case detail(Detail, [ID: Detail.Kind], Outer)
                    case own(Detail)
                    case labelled(Detail: Int)
                    struct Detail {}
                }
            }
            """
        )
        let cases = try #require(result.declarations.enums.first?.cases)
        #expect(cases[0].payload?.map(\.type) == ["Detail", "[Outer.ID: Detail.Kind]", "Outer"])
        #expect(cases[1].payload?.map(\.type) == ["Detail"])
        #expect(cases[2].payload?.map(\.label) == ["Detail"])
    }
}
