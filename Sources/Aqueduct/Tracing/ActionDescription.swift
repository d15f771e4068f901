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
