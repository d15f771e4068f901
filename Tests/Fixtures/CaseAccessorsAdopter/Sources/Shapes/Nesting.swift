import Aqueduct

/// The outer type of nested enums.
public struct Outer: Sendable {
    /// Declared in the type's body.
    public enum Body: CaseAccessible, Sendable {
        case value(Outer.Detail)
    }

    /// A type the nested enum's payload names without qualification.
    public struct Detail: Sendable, Equatable {
        public let text: String

        public init(text: String) {
            self.text = text
        }
    }
}

extension Outer {
    /// Declared in an extension of the outer type.
    /// Its payloads name `Detail` and `Event` unqualified, as the enum's body may.
    public enum Event: CaseAccessible, Sendable {
        case opened(Detail)
        case closed
        indirect case previous(Event, [Detail])
    }
}

/// A generic enum, and an enum nested in a generic type.
public indirect enum Tree<Value: Sendable>: CaseAccessible, Sendable {
    case leaf(Value)
    case node(Tree, Tree)

    /// A type beside `Step` in the generic enum.
    public struct Label: Sendable {
        public let text: String

        public init(text: String) {
            self.text = text
        }
    }

    /// Nested in a generic enum: its payloads use the outer generic parameter and `Label`.
    public enum Step: CaseAccessible, Sendable {
        case visit(Value)
        case labelled(Label)
        case skip
    }
}

/// The actions of an app: a case path through two enums reads `\.sync.finished`.
public enum AppAction: CaseAccessible, Sendable {
    case sync(SyncAction)
    case quit
}

/// The sync feature's actions.
public enum SyncAction: CaseAccessible, Sendable {
    case start
    case finished(count: Int)
}
