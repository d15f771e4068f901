/// Number formatting without Foundation, so the benchmark process loads nothing it does not
/// measure.
enum Format {
    /// `x` with `digits` decimals: `number(21.349, digits: 1)` is `21.3`.
    static func number(_ x: Double, digits: Int) -> String {
        guard x.isFinite else { return "n/a" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(x) * scale).rounded()
        let whole = Int(scaled / scale)
        let fraction = Int(scaled - Double(whole) * scale)
        let sign = x < 0 && scaled != 0 ? "-" : ""
        guard digits > 0 else { return sign + String(whole) }
        let fractionText = String(fraction)
        let padding = String(repeating: "0", count: max(0, digits - fractionText.count))
        return sign + String(whole) + "." + padding + fractionText
    }

    /// Nanoseconds with one decimal, or two below 10 ns.
    static func nanoseconds(_ x: Double) -> String {
        number(x, digits: abs(x) < 10 ? 2 : 1)
    }

    /// A whole number with thousands separators: `46,948,356`.
    static func grouped(_ x: Double) -> String {
        guard x.isFinite else { return "n/a" }
        let digits = Array(String(Int(x.rounded())))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index).isMultiple(of: 3) { text.append(",") }
            text.append(digit)
        }
        return text
    }

    /// Allocations per action: `0` when none at all, otherwise four significant decimals.
    static func allocations(_ x: Double) -> String {
        guard x.isFinite else { return "n/a" }
        if x == 0 { return "0" }
        return x >= 1 ? number(x, digits: 2) : number(x, digits: 4)
    }

    /// A JSON number with `digits` decimals (three unless told), or `null` when not finite.
    static func json(_ x: Double, digits: Int = 3) -> String {
        x.isFinite ? number(x, digits: digits) : "null"
    }

    /// A JSON string literal.
    static func json(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }
}
