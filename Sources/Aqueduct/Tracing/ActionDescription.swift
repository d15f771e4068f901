/// Turns an action into the short text logs and derived sources show:
/// `lifecycle(AppLifecycleAction.didBecomeActive)` rather than the module-qualified
/// `lifecycle(Lifecycle.AppLifecycleAction.didBecomeActive)` that `String(describing:)` prints.
///
/// ```swift
/// let description = ActionDescription.describe(AppAction.playback(.didStart))
/// #expect(description == "playback(PlaybackEvent.didStart)")
/// ```
///
/// Module names are recognised as the first part of a dotted name whose next part starts with
/// an upper-case letter (`Module.Type`); text inside string literals is left alone.
public enum ActionDescription {
    /// The description of a value with module qualifiers removed.
    ///
    /// - Parameter value: Any value, usually an action.
    /// - Returns: `String(describing: value)` without module prefixes.
    /// - Complexity: O(*n*) in the length of the description.
    public static func describe(_ value: some Any) -> String {
        stripModules(String(describing: value))
    }

    /// Removes module prefixes (`Module.Type` becomes `Type`) outside string literals.
    ///
    /// - Parameter text: A description as `String(describing:)` prints it.
    /// - Returns: The text without module prefixes.
    public static func stripModules(_ text: String) -> String {
        var text = text
        switch text.withUTF8(strippedASCII) {
        case .unchanged: return text
        case .stripped(let stripped): return stripped
        case .notASCII: return strippedByCharacter(text)
        }
    }

    private enum ASCIIResult {
        case unchanged
        case stripped(String)
        case notASCII
    }

    /// ``stripModules(_:)`` on ASCII text, byte by byte: the same steps as
    /// ``strippedByCharacter(_:)``, where a byte is a character (a `\r\n` pair is one character,
    /// but neither of its bytes is a letter, a digit, a dot or a quote, so the result is the
    /// same). Walking `Character`s costs a grapheme break and a Unicode property lookup each; a
    /// recorder describes every action, and every changed value of its state.
    private static func strippedASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> ASCIIResult {
        var hasDot = false
        for byte in utf8 {
            if byte >= 0x80 { return .notASCII }
            if byte == UInt8(ascii: ".") { hasDot = true }
        }
        // No dot, no module prefix.
        guard hasDot else { return .unchanged }
        func isLetter(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        }
        func isUppercase(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        func isIdentifier(_ byte: UInt8) -> Bool {
            isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
        }
        let count = utf8.count
        let stripped = String(unsafeUninitializedCapacity: count) { result in
            var length = 0
            func append(_ byte: UInt8) {
                result[length] = byte
                length += 1
            }
            var index = 0
            var inString = false
            while index < count {
                let byte = utf8[index]
                if inString {
                    append(byte)
                    if byte == UInt8(ascii: "\\"), index + 1 < count {
                        append(utf8[index + 1])
                        index += 2
                        continue
                    }
                    if byte == UInt8(ascii: "\"") { inString = false }
                    index += 1
                    continue
                }
                if byte == UInt8(ascii: "\"") {
                    inString = true
                    append(byte)
                    index += 1
                    continue
                }
                let startsIdentifier = isLetter(byte) || byte == UInt8(ascii: "_")
                let followsIdentifier = index > 0 && isIdentifier(utf8[index - 1])
                if startsIdentifier && !followsIdentifier {
                    var end = index
                    while end < count, isIdentifier(utf8[end]) { end += 1 }
                    let isModulePrefix =
                        end + 1 < count && utf8[end] == UInt8(ascii: ".") && isUppercase(utf8[end + 1])
                        && !(index > 0 && utf8[index - 1] == UInt8(ascii: "."))
                    if isModulePrefix {
                        index = end + 1
                        continue
                    }
                    while index < end {
                        append(utf8[index])
                        index += 1
                    }
                    continue
                }
                append(byte)
                index += 1
            }
            return length
        }
        return .stripped(stripped)
    }

    /// ``stripModules(_:)`` character by character, for text that is not all ASCII.
    static func strippedByCharacter(_ text: String) -> String {
        let characters = Array(text)
        var result = ""
        result.reserveCapacity(characters.count)
        var index = 0
        var inString = false
        while index < characters.count {
            let character = characters[index]
            if inString {
                result.append(character)
                if character == "\\", index + 1 < characters.count {
                    result.append(characters[index + 1])
                    index += 2
                    continue
                }
                if character == "\"" { inString = false }
                index += 1
                continue
            }
            if character == "\"" {
                inString = true
                result.append(character)
                index += 1
                continue
            }
            let startsIdentifier = character.isLetter || character == "_"
            let followsIdentifier = index > 0 && isIdentifierCharacter(characters[index - 1])
            if startsIdentifier && !followsIdentifier {
                var end = index
                while end < characters.count, isIdentifierCharacter(characters[end]) { end += 1 }
                let isModulePrefix =
                    end + 1 < characters.count && characters[end] == "."
                    && characters[end + 1].isUppercase
                    && !(index > 0 && characters[index - 1] == ".")
                if isModulePrefix {
                    index = end + 1
                    continue
                }
                result.append(contentsOf: characters[index..<end])
                index = end
                continue
            }
            result.append(character)
            index += 1
        }
        return result
    }

    private static func isIdentifierCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}
