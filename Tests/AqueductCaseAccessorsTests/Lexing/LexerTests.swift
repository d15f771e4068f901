import Testing

@testable import AqueductCaseAccessorsCore

@Suite struct LexerTests {
    private func words(_ source: String) throws -> [String] {
        try Lexer.tokenize(source).filter { $0.kind == .identifier }.map(\.text)
    }

    @Test func commentsOfEveryKindAreSkipped() throws {
        let source = """
            a // case line(Int)
            /// case doc(Int)
            /* case block(Int) /* case nested(Int) */ case stillComment */ b
            /** case blockDoc */ c
            """
        #expect(try words(source) == ["a", "b", "c"])
    }

    @Test func aStringIsOneTokenWhateverItHolds() throws {
        let sources = [
            #""case fake(Int), with a comma""#,
            #""escaped \" quote and \\ backslash""#,
            #""\(f("(", ")")) and \(g("\(h(")"))"))""#,
            ##"#"raw "quotes" \(not) interpolation"#"##,
            ##"#"raw \#("interpolated \(")") ")"#"##,
            "\"\"\"\n    case multiline(Int) \"quoted\" { \n    \"\"\"",
            "#\"\"\"\n    \"\"\" is not the end\n    \"\"\"#",
        ]
        for source in sources {
            let tokens = try Lexer.tokenize(source)
            #expect(tokens.map(\.kind) == [.string], "\(source)")
            #expect(tokens.first?.text == source)
        }
    }

    @Test func regularExpressionsAreOneTokenAndDivisionIsNot() throws {
        #expect(try Lexer.tokenize(#"let r = #/case "(\d+)/#"#).map(\.kind).last == .regex)
        #expect(try Lexer.tokenize(#"let r = /case "x/"#).map(\.kind).last == .regex)
        #expect(try Lexer.tokenize("let q = a / b / c").filter { $0.text == "/" }.count == 2)
        #expect(try Lexer.tokenize("f(x / 2, y / 3)").contains { $0.kind == .regex } == false)
    }

    @Test func numbersAttributesDirectivesAndNames() throws {
        let tokens = try Lexer.tokenize("1_000.5e-3 0x1p+4 1...5 @available(*) #if `default` $0")
        #expect(
            tokens.map(\.text) == [
                "1_000.5e-3", "0x1p+4", "1", ".", ".", ".", "5", "@available", "(", "*", ")", "#if", "`default`", "$0",
            ]
        )
        #expect(tokens.map(\.kind).prefix(3) == [.number, .number, .number])
        #expect(tokens[7].kind == .attribute)
        #expect(tokens[11].kind == .pound)
        #expect(tokens[12].kind == .identifier)
    }

    @Test func operatorsAreSingleCharacters() throws {
        let tokens = try Lexer.tokenize("Array<Array<Int>>? () -> Void")
        #expect(tokens.map(\.text) == ["Array", "<", "Array", "<", "Int", ">", ">", "?", "(", ")", "-", ">", "Void"])
        #expect(tokens[11].spaceBefore == false)
        #expect(tokens[10].spaceBefore == true)
    }

    @Test func linesAreCountedThroughStringsAndComments() throws {
        let source = "a\n/* one\ntwo */ b\n\"\"\"\nthree\n\"\"\" c\nd"
        let tokens = try Lexer.tokenize(source)
        #expect(tokens.map(\.line) == [1, 3, 4, 6, 7])
        #expect(tokens.map(\.newlineBefore) == [true, true, true, false, true])
    }

    @Test func aLineContinuationInAMultilineStringKeepsLaterLinesCounted() throws {
        // Line 2 ends with `\` (the string goes on without a line break), line 3 with `\` and a
        // space; a diagnostic on line 7 must still say line 7.
        let source =
            "let s = \"\"\"\n    one \\\n    two \\ \n    three\n    \"\"\"\nenum E: CaseAccessible {\n    case a(Int!)\n}"
        let tokens = try Lexer.tokenize(source)
        #expect(tokens.first { $0.text == "enum" }?.line == 6)
        let result = Parser.parse(source)
        #expect(result.diagnostics.map(\.line) == [7])
    }

    @Test(arguments: [
        ("\n\"never closed", 2, "unterminated string literal"),
        ("a\n\n/* /* */", 3, "unterminated block comment `/*`"),
        ("#\"raw\"", 1, "unterminated string literal"),
        ("\"\\(f(x)", 1, "unterminated string interpolation"),
        ("x\n`name", 2, "unterminated backticked name"),
        ("#/regex", 1, "unterminated regular expression literal"),
    ])
    func unterminatedLiteralsAreReportedWhereTheyStart(source: String, line: Int, message: String) {
        #expect(throws: Diagnostic(line: line, message: message)) { try Lexer.tokenize(source) }
    }
}
