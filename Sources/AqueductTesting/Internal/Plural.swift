/// "1 action", "2 actions": a count and a regular English noun, for failure messages.
func plural(_ count: Int, _ noun: String) -> String {
    count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
}
