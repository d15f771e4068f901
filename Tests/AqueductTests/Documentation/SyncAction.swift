// The example of the README's "Case paths" and of the DocC article "Case accessors",
// compiled here. Its case paths and accessors are generated into SyncAction+CaseAccessors.swift,
// which the article quotes, and CaseAccessorSnippetTests reads them back.

import Aqueduct

enum SyncAction: CaseAccessible, Sendable, Equatable {
    case start  // \.start, a CasePath<SyncAction, Void>; var start: Void?
    case finished(count: Int)  // \.finished, a CasePath<SyncAction, Int>; var finished: Int?
    case failed(code: Int, message: String)  // \.failed: (code: Int, message: String)
}
