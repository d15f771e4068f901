import Aqueduct

// Actions whose case paths are generated (NamedCaseFixtures+CaseAccessors.swift): failure
// messages name them as written, `\.sync.finished`.

/// An app's actions: one case per feature.
enum NamedAppAction: CaseAccessible, Sendable, Equatable {
    case sync(NamedSyncAction)
    case settings(NamedSettingsAction)
    case quit
}

/// A feature's actions.
enum NamedSyncAction: CaseAccessible, Sendable, Equatable {
    case start
    case finished(count: Int)
    case failed(String)
}

/// A feature that embeds another one's actions, for paths three accessors deep.
enum NamedSettingsAction: CaseAccessible, Sendable, Equatable {
    case toggled(Bool)
    case resync(NamedSyncAction)
}
