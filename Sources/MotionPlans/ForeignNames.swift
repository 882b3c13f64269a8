import MotionCore

/// Names that other animation systems use for what motionc calls otherwise (CSS, UIKit, SwiftUI,
/// Android), and the help that points a new user at motionc's spelling.
enum ForeignNames {
    /// Property names from CSS transforms, UIKit, SwiftUI and Android, with motionc's path.
    static let properties: [String: String] = [
        "translateX": "position.x", "translateY": "position.y", "translate": "position", "translationX": "position.x",
        "translationY": "position.y", "x": "position.x", "y": "position.y", "offset": "position", "center": "position",
        "rotate": "rotation", "rotationZ": "rotation", "angle": "rotation", "alpha": "opacity", "scaleX": "scale.x",
        "scaleY": "scale.y", "width": "size.width", "height": "size.height", "background": "backgroundColor",
        "backgroundColour": "backgroundColor", "borderRadius": "cornerRadius", "zIndex": "zPosition",
    ]

    /// Help for a property name another system uses: `use position.y (...)`, or nil.
    static func propertyHelp(_ name: String) -> String? {
        guard let ours = properties[name] else { return nil }
        guard ours.hasPrefix("position") else { return "use `\(ours)`: motionc names properties as Core Animation does" }
        return "use `\(ours)`: motionc moves layers by their position and names properties as Core Animation does"
    }

    /// Help for a property path an intention cannot animate because motionc does not know it:
    /// another system's name; for `size.w`, the components `size` has (and the one that starts
    /// so); else the nearest path an intention can animate (never `shape`, which is set once).
    static func unknownPathHelp(_ text: String) -> String? {
        if let help = propertyHelp(text) { return help }
        if let dot = text.firstIndex(of: "."), let property = LayerProperty(rawValue: String(text[..<dot])) {
            let names = property.kind.componentNames
            guard !names.isEmpty else {
                return "did you mean \"\(property.rawValue)\"? `\(property.rawValue)` is one number, with no components"
            }
            let asked = text[text.index(after: dot)...]
            let paths = names.map { "`\(property.rawValue).\($0)`" }
            let listed = paths.dropLast().joined(separator: ", ") + " and " + (paths.last ?? "")
            guard let near = names.first(where: { !asked.isEmpty && $0.hasPrefix(asked) }) else {
                return "`\(property.rawValue)` has the components \(listed)"
            }
            return "did you mean \"\(property.rawValue).\(near)\"? `\(property.rawValue)` has the components \(listed)"
        }
        return DecodingContext.didYouMean(text, PropertyPath.all.filter(\.property.isAnimatable).map(\.description))
    }

    /// A draggable's `axis` as other systems name it (`x`, `horizontal`...), with motionc's word.
    static let axes: [String: String] = ["x": "horizontal", "y": "vertical", "xy": "both", "free": "both", "all": "both"]

    /// Help for a choice written as another system writes it (`axis: x`), or nil.
    static func choiceHelp(key: String, _ text: String) -> String? {
        guard key == "axis", let ours = axes[text.lowercased()] else { return nil }
        return "did you mean \"\(ours)\"?"
    }

    /// Spring keys from SwiftUI (`response`, `dampingRatio`, `dampingFraction`, `bounce`) that
    /// motionc does not take.
    static let swiftUISpringKeys: Set<String> = ["response", "dampingRatio", "dampingFraction", "bounce", "blendDuration"]

    /// Help for a SwiftUI spring key: the forms motionc takes, and the conversion, with numbers
    /// when `response` and a damping ratio are both given.
    static func springHelp(response: Double?, dampingRatio: Double?) -> String {
        var feel = ""
        if let r = response, let z = dampingRatio, r > 0, r.isFinite, z > 0, z.isFinite {
            // Springs by feel (docs/format.md §7.5): the response is the duration; the ratio is
            // 1 - bounce up to 1, 1 / (1 + bounce) above.
            let bounce = z <= 1 ? 1 - z : 1 / z - 1
            feel = "write `duration: \(rounded(r))` and `bounce: \(rounded(bounce))`, as SwiftUI's .spring(duration:bounce:); or "
        }
        var text =
            feel + "motionc springs take `stiffness`, `damping` and `mass` (m x'' = -stiffness (x - d) - damping x'); "
            + "from SwiftUI's response r and damping ratio z: stiffness = (2 pi / r)^2 m, damping = 4 pi z m / r"
        if let r = response, let z = dampingRatio, r > 0, r.isFinite, z.isFinite {
            let stiffness = (2 * Double.pi / r) * (2 * Double.pi / r)
            let damping = 4 * Double.pi * z / r
            text += "; here (mass 1): `stiffness: \(rounded(stiffness))`, `damping: \(rounded(damping))`"
        }
        return text
    }

    /// `x` with 4 significant decimals at most.
    static func rounded(_ x: Double) -> String {
        let value = (x * 100).rounded() / 100
        return DecodingContext.format(value)
    }

    /// Help for a repeat written another way (`infinite`, `infinity`, `loop`...), or nil.
    static func repeatHelp(_ text: String) -> String? {
        if ["infinite", "infinity", "indefinite", "indefinitely", "loop", "always", "true", "-1"].contains(text.lowercased()) {
            return "write `repeat: forever` for a tween that never stops"
        }
        // A misspelt `forever` (`forver`), or one in capitals (`Forever`).
        if text != "forever", text.lowercased() == "forever" { return "did you mean \"forever\"? (in lower case)" }
        return DecodingContext.didYouMean(text, ["forever"])
    }

    /// CSS timing-function names and their motionc names.
    static let cssEasings: [String: String] = [
        "ease": "default", "ease-in": "easeIn", "ease-out": "easeOut", "ease-in-out": "easeInOut",
    ]

    /// Help for an easing written as CSS writes it: `cubic-bezier(a, b, c, d)` becomes the list
    /// `[a, b, c, d]`; `ease-in-out` becomes `easeInOut`; nil for anything else.
    static func easingHelp(_ text: String) -> String? {
        if let ours = cssEasings[text] { return "write `\(ours)` (CSS's \(text))" }
        let lower = text.lowercased().filter { !$0.isWhitespace }
        for prefix in ["cubic-bezier(", "cubicbezier(", "bezier("] where lower.hasPrefix(prefix) && lower.hasSuffix(")") {
            let inner = lower.dropFirst(prefix.count).dropLast()
            let numbers = inner.split(separator: ",").map { Double($0) }
            guard numbers.count == 4, numbers.allSatisfy({ $0 != nil }) else {
                return "write the curve as a list of four numbers: `[x1, y1, x2, y2]`"
            }
            return "write the curve as a list: `[\(numbers.compactMap { $0 }.map(DecodingContext.format).joined(separator: ", "))]`"
        }
        return nil
    }
}
