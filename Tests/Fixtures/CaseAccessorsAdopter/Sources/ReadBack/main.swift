import Aqueduct
import Shapes

// Reads every generated accessor back, with its type spelled out so a wrong type fails to compile.
func show<Value>(_ name: String, _ value: Value?) {
    print("\(name): \(value.map { String(describing: $0) } ?? "nil")")
}

let plain: Void? = Payloads.plain.plain
show("plain", plain)
show("plain from single", Payloads.single(1).plain)
let single: Int? = Payloads.single(1).single
show("single", single)
let labelled: Int? = Payloads.labelled(count: 2).labelled
show("labelled", labelled)
let pair: (id: Int, name: String)? = Payloads.pair(id: 3, name: "three").pair
show("pair", pair)
show("pair.name", pair?.name)
let mixed: (Int, name: String)? = Payloads.mixed(4, name: "four").mixed
show("mixed", mixed)
let defaults: (page: Int, note: String)? = Payloads.defaults().defaults
show("defaults", defaults)
let optional: String?? = Payloads.optional(nil).optional
print("optional: \(String(describing: optional))")
let generic: ([String: [Int]], Dictionary<String, Int>)? = Payloads.generic(["a": [1]]).generic
show("generic", generic.map { "\($0.0), \($0.1)" })
let closure: (@Sendable (Int) -> String)? = Payloads.closure { "closure \($0)" }.closure
show("closure", closure?(5))
struct Failure: Error, Sendable {}
let existential: (any Error & Sendable)? = Payloads.existential(Failure()).existential
show("existential", existential.map { "\(type(of: $0))" })
let tuple: (Int, Int)? = Payloads.tuple((6, 7)).tuple
show("tuple", tuple)
let keyword: Void? = Payloads.default.default
show("default", keyword)
let backticked: Int? = Payloads.class(8).class
show("class", backticked)
let recursive: Payloads? = Payloads.recursive(.plain).recursive
show("recursive", recursive?.plain)
show("decoys", Payloads.decoys.count)
let trailing: (first: Int, second: String)? = Payloads.trailingComma(first: 14, second: "fourteen").trailingComma
show("trailing comma", trailing)
show(
    "names",
    [
        CasePath(\Payloads.Cases.plain).description, CasePath(\Payloads.Cases.default).description,
        CasePath(\Payloads.Cases.class).description,
    ]
)

let packageLevel: String? = PackageLevel.off(reason: "off").off
show("package", packageLevel)
print(internalReadBack())
show("raw", Raw.second.second)
show("raw other", Raw.first.second)

show("always", Conditional.always.always)
let modern: Int? = Conditional.modern(9).modern
show("modern", modern)
show(
    "conditional names",
    [CasePath(\Conditional.Cases.always).description, CasePath(\Conditional.Cases.modern).description]
)

let body: Outer.Detail? = Outer.Body.value(.init(text: "body")).value
show("body", body?.text)
let opened: Outer.Detail? = Outer.Event.opened(.init(text: "opened")).opened
show("opened", opened?.text)
show("closed", Outer.Event.closed.closed)
let previous: (Outer.Event, [Outer.Detail])? = Outer.Event.previous(.closed, []).previous
show("previous", previous.map { "\($0.0), \($0.1.count)" })
let leaf: Int? = Tree.leaf(10).leaf
show("leaf", leaf)
let node: (Tree<Int>, Tree<Int>)? = Tree.node(.leaf(11), .leaf(12)).node
show("node", node.map { "\($0.0.leaf!), \($0.1.leaf!)" })
let visit: String? = Tree<String>.Step.visit("visited").visit
show("visit", visit)
let label: Tree<Int>.Label? = Tree<Int>.Step.labelled(.init(text: "label")).labelled
show("labelled", label?.text)

let finished: Int? = AppAction.sync(.finished(count: 13))[keyPath: \.sync?.finished]
show("sync?.finished", finished)
let syncFinished = CasePath(\AppAction.Cases.sync.finished)
show("\(syncFinished) extracts", syncFinished.extract(from: .sync(.finished(count: 15))))
show("\(syncFinished) embeds", syncFinished.embed(16))

// Names that mean something else after a `.`, through accessors and case paths.
// After a type name, Swift reads `.Type` and `.Protocol` as metatypes even in backticks: name
// those cases with the type from the context.
let typeCase: Reserved = .`Type`
show("Type", typeCase.`Type`)
let protocolCase: Reserved = .`Protocol`(17)
let protocolPayload: Int? = protocolCase.`Protocol`
show("Protocol", protocolPayload)
show("self", Reserved.`self`.`self`)
show("init", Reserved.`init`(name: "eighteen").`init`)
show("Self", Reserved.`Self`.`Self`)
let reservedPaths: [CaseKeyPath<Reserved, Void>] = [\.`Type`, \.`self`, \.`Self`]
show("reserved paths", reservedPaths.map { CasePath($0).description })
let protocolPath: CaseKeyPath<Reserved, Int> = \.`Protocol`
show("Protocol path", CasePath(protocolPath).embed(19))
show("init path", CasePath(\Reserved.Cases.`init`).extract(from: .`init`(name: "twenty")))
