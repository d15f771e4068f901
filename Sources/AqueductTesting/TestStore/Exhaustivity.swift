/// How much a ``TestStore`` insists on: everything, or only what the test asserts.
///
/// ```swift
/// let store = TestStore(initialState: AppState(), reducer: appReducer, middleware: app)
/// store.exhaustivity = .off   // an integration test that checks a few things
/// ```
public enum Exhaustivity: Sendable, Hashable {
    /// Every state change must be asserted, every action the store receives from effects must
    /// be received with ``TestStore/receive(_:assert:fileID:filePath:line:column:)``, and no
    /// effect may still be running when the test ends. The default.
    case on

    /// Only what the test asserts is checked. A state assertion checks the fields it sets;
    /// `receive` skips actions until one matches; actions not received and effects still
    /// running at the end are ignored (and the effects cancelled).
    case off
}
