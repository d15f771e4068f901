// The example of the README's "Case accessors" and of the DocC article "Case accessors",
// compiled here. Its accessors are generated into SyncAction+CaseAccessors.swift, which the
// article quotes, and CaseAccessorSnippetTests reads them back.

import Aqueduct

enum SyncAction: CaseAccessible, Sendable, Equatable {
    case start  // var start: Void?
    case finished(count: Int)  // var finished: Int?
    case failed(code: Int, message: String)  // var failed: (code: Int, message: String)?
}
