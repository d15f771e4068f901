/// Declarations grouped back into the `#if` blocks they came from, so generated code repeats
/// the same conditions in the same order.
///
/// Branches after the last one that holds anything are left out; earlier empty branches stay,
/// because dropping `#if A` from `#if A … #elseif B` would change when `B`'s code compiles.
enum ConditionalTree<Element> {
    /// An element outside any further block.
    case element(Element)
    /// A block: each branch's condition (`nil` for `#else`) and what it holds.
    case block([(condition: String?, nodes: [ConditionalTree])])

    /// Groups `items`, in source order, by their frames below `depth`.
    ///
    /// - Parameters:
    ///   - items: Each element with its `#if` frames, outermost first.
    ///   - depth: How many frames are already accounted for by the caller.
    /// - Returns: The tree, in source order.
    static func build(_ items: [(element: Element, frames: [ConditionFrame])], depth: Int = 0) -> [ConditionalTree] {
        var nodes: [ConditionalTree] = []
        var position = 0
        while position < items.count {
            let item = items[position]
            guard item.frames.count > depth else {
                nodes.append(.element(item.element))
                position += 1
                continue
            }
            let block = item.frames[depth].block
            var end = position
            while end < items.count, items[end].frames.count > depth, items[end].frames[depth].block == block {
                end += 1
            }
            let group = items[position..<end]
            let clauses = group.map { $0.frames[depth].clauses }.max { $0.count < $1.count } ?? []
            var branches: [[(element: Element, frames: [ConditionFrame])]] = Array(repeating: [], count: clauses.count)
            for member in group { branches[member.frames[depth].branch].append(member) }
            nodes.append(
                .block(clauses.indices.map { (condition: clauses[$0], nodes: build(branches[$0], depth: depth + 1)) })
            )
            position = end
        }
        return nodes
    }

    /// The lines of `nodes`, each element rendered by `render`, with `#if` directives at
    /// `indent` and, when `spaced`, a blank line between neighbouring elements.
    static func lines(
        _ nodes: [ConditionalTree],
        indent: String,
        spaced: Bool,
        render: (Element) -> [String]
    ) -> [String] {
        var lines: [String] = []
        for node in nodes {
            if spaced && !lines.isEmpty { lines.append("") }
            switch node {
            case .element(let element):
                lines += render(element)
            case .block(let branches):
                for (offset, branch) in branches.enumerated() {
                    switch (offset, branch.condition) {
                    case (0, let condition):
                        lines.append("\(indent)#if \(condition ?? "true")")
                    case (_, let condition?):
                        lines.append("\(indent)#elseif \(condition)")
                    case (_, nil):
                        lines.append("\(indent)#else")
                    }
                    lines += Self.lines(branch.nodes, indent: indent, spaced: spaced, render: render)
                }
                lines.append("\(indent)#endif")
            }
        }
        return lines
    }
}
