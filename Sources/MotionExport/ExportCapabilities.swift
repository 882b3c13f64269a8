/// What each player carries of each document feature: the support matrix of docs/export.md §5.
///
/// Each row names a feature, a small document that uses it, the component the row is about, and
/// the method each export reports for it. The matrix in docs/export.md is printed from these rows
/// (a test keeps the two equal), and a test exports every row's document and checks that
/// the report says what the row says, so the table cannot drift from the exporters.
public struct ExportCapability: Hashable, Sendable {
    /// The feature, as authors name it.
    public var feature: String
    /// The ops of a document with one target `#card` (and `#badge`, `#child` where needed).
    public var ops: String
    /// The target whose report item the row is about.
    public var target: String
    /// The property path of that report item (`position.x`, `opacity`).
    public var property: String
    /// What the Lottie export reports.
    public var lottie: ExportMethod
    /// What the CSS and HTML exports report.
    public var css: ExportMethod
    /// How it is carried, in a few words.
    public var note: String

    /// The row's whole document.
    public var document: String {
        """
        motion: 1
        canvas: { size: [200, 200] }
        targets:
          card:
            layer: { position: [60, 60], size: [80, 40], backgroundColor: "#6200EE", borderColor: "#000000" }
            children:
              child: { layer: { position: [0, 20], size: [20, 20], backgroundColor: "#03DAC6" } }
          badge: { layer: { position: [100, 60], size: [40, 40], backgroundColor: "#FF0266", zPosition: -1 } }
        transactions:
          - at: 0
            ops:
        \(ops)
        inputs:
          - { id: swipe, kind: pan, target: "#card", at: 0.1, duration: 0.3, translation: [[0, 0], [40, 10], [80, 0]] }
          - { id: zoom, kind: pinch, target: "#card", at: 0.1, duration: 0.3, scale: [1, 1.5] }
          - { id: turn, kind: rotate, target: "#card", at: 0.1, duration: 0.3, angle: [0, 30] }
        """
    }

    /// One op line block: `add: TYPE` on `#card` with `parameters` (YAML flow keys).
    static func op(_ type: String, _ parameters: String, target: String = "#card") -> String {
        "      - { add: \(type), target: \"\(target)\"\(parameters.isEmpty ? "" : ", " + parameters) }"
    }

    /// The motion path the path rows use: two turns between (60, 60) and (160, 60).
    static let path = "path: [[60, 60], [[100, 20], [140, 100], [160, 60]]]"

    /// The rows, in the order docs/export.md lists them.
    public static let all: [ExportCapability] = [
        ExportCapability(
            feature: "tween, linear or cubic-bezier easing",
            ops: op("tween", "property: position.x, to: 120, duration: 0.5, easing: standard"),
            target: "card", property: "position.x", lottie: .exact, css: .exact,
            note: "the player's own cubic-bezier keyframes"),
        ExportCapability(
            feature: "keyframes with offsets and per-segment easings",
            ops: op("tween", "property: opacity, values: [0, 1, 0.5], offsets: [0, 0.3, 1], easing: [easeIn, easeOut], duration: 0.6"),
            target: "card", property: "opacity", lottie: .exact, css: .exact, note: "one keyframe per value"),
        ExportCapability(
            feature: "repeat and autoreverse", ops: op("tween", "property: rotation, to: 90, duration: 0.25, repeat: 2, autoreverse: true"),
            target: "card", property: "rotation", lottie: .exact, css: .exact,
            note: "CSS: `animation-iteration-count` (a repeat is two passes) and `alternate`; Lottie: passes unrolled"),
        ExportCapability(
            feature: "repeat forever", ops: op("tween", "property: rotation, to: 360, duration: 0.5, repeat: forever"),
            target: "card", property: "rotation", lottie: .exact, css: .exact,
            note:
                "CSS: `infinite`; Lottie: passes unrolled until `--duration` (default the timeline's end), "
                + "at most 100,000: X002 past them"),
        ExportCapability(
            feature: "a tween interrupted by a later one",
            ops: op("tween", "property: position.x, to: 120, duration: 1") + "\n"
                + "  - at: 0.4\n    ops:\n" + op("tween", "property: position.x, to: 20, duration: 0.3"),
            target: "card", property: "position.x", lottie: .exact, css: .exact,
            note: "the first curve is split exactly where the second takes over"),
        ExportCapability(
            feature: "motion path (`path:`)",
            ops: op("tween", "property: position, \(path), duration: 0.5, easing: standard"),
            target: "card", property: "position.x", lottie: .exact, css: .exact,
            note: "Lottie: spatial keyframes (`to`/`ti`), the easing cut where each segment starts; "
                + "CSS: `offset-path: path()` with `offset-distance` keyframes"),
        ExportCapability(
            feature: "motion path with `orient: true`",
            ops: op("tween", "property: position, \(path), duration: 0.5, orient: true"),
            target: "card", property: "rotation", lottie: .fitted, css: .exact,
            note: "CSS: `offset-rotate: auto`; Lottie: the rotation fitted (its `ao` differs between players)"),
        ExportCapability(
            feature: "motion path repeating",
            ops: op("tween", "property: position, \(path), duration: 0.25, repeat: 2, autoreverse: true"),
            target: "card", property: "position.y", lottie: .exact, css: .exact,
            note: "CSS: the player's own iteration; Lottie: whole passes unrolled, a backward one along the reversed segments"),
        ExportCapability(
            feature: "motion path eased beyond its ends",
            ops: op("tween", "property: position, \(path), duration: 0.5, easing: [0.3, -0.4, 0.7, 1.4]"),
            target: "card", property: "position.x", lottie: .fitted, css: .fitted,
            note: "past the ends along the end tangents, which players' paths do not do: fitted per coordinate"),
        ExportCapability(
            feature: "spring", ops: op("spring", "property: position.x, destination: 140"), target: "card", property: "position.x",
            lottie: .fitted, css: .fitted, note: "cubic segments within the error budget"),
        ExportCapability(
            feature: "anchoredSpring", ops: op("anchoredSpring", "anchor: [120, 100]"), target: "card", property: "position.y",
            lottie: .fitted, css: .fitted, note: "cubic segments within the error budget"),
        ExportCapability(
            feature: "friction", ops: op("draggable", "gesture: swipe") + "\n" + op("friction", "coefficient: 4"),
            target: "card", property: "position.x", lottie: .fitted, css: .fitted,
            note: "the timeline's sampled glide, fitted in far fewer keyframes"),
        ExportCapability(
            feature: "draggable (sampled gesture)", ops: op("draggable", "gesture: swipe"), target: "card", property: "position.x",
            lottie: .exact, css: .exact, note: "the input's samples, as linear keyframes"),
        ExportCapability(
            feature: "pinchable", ops: op("pinchable", "gesture: zoom"), target: "card", property: "scale.x", lottie: .exact,
            css: .exact, note: "the input's samples, as linear keyframes"),
        ExportCapability(
            feature: "rotatable", ops: op("rotatable", "gesture: turn"), target: "card", property: "rotation", lottie: .exact,
            css: .exact, note: "the input's samples, as linear keyframes"),
        ExportCapability(
            feature: "tossable", ops: op("tossable", "destination: [100, 120]"), target: "card", property: "position.x",
            lottie: .fitted, css: .fitted, note: "the drag is copied, the spring after release fitted"),
        ExportCapability(
            feature: "squashAndStretch",
            ops: op("spring", "property: position, destination: [140, 120]") + "\n" + op("squashAndStretch", ""),
            target: "card", property: "scale.x", lottie: .fitted, css: .fitted,
            note:
                "the timeline's per-frame `set` values fitted within the error budget at every frame (a jump between "
                + "two frames stays a jump); `--steps exact`: each held until the next frame, a hold keyframe and a "
                + "step per frame (large files)"),
        ExportCapability(
            feature: "link",
            ops: op("tween", "property: position.x, to: 160, duration: 0.4", target: "#badge") + "\n"
                + op("link", "property: opacity, source: { target: \"#badge\", property: position.x }, input: [100, 160], output: [1, 0.2]"),
            target: "card", property: "opacity", lottie: .fitted, css: .fitted,
            note: "as squashAndStretch: the per-frame values the link writes, fitted (a link switching source jumps); "
                + "`--steps exact`: steps"),
        ExportCapability(
            feature: "transitionTween", ops: op("transitionTween", "property: opacity, back: 0, fore: 1, window: 0.4"),
            target: "card", property: "opacity", lottie: .exact, css: .exact, note: "a tween"),
        ExportCapability(
            feature: "size, anchorPoint", ops: op("tween", "property: size, to: [120, 60], duration: 0.4"), target: "card",
            property: "size.width", lottie: .exact, css: .exact,
            note: "Lottie: the rectangle's size, the anchor (anchorPoint x size) and children's offsets follow"),
        ExportCapability(
            feature: "scale", ops: op("tween", "property: scale, to: 1.5, duration: 0.4"), target: "card", property: "scale.x",
            lottie: .exact, css: .exact, note: "Lottie: percent"),
        ExportCapability(
            feature: "opacity overshooting 0...1", ops: op("spring", "property: opacity, destination: 0.2, initialVelocity: -20"),
            target: "card", property: "opacity", lottie: .fitted, css: .fitted,
            note: "shown limited to 0...1, as the render server draws it"),
        ExportCapability(
            feature: "group opacity (a fading target with children)", ops: op("tween", "property: opacity, to: 0.4, duration: 0.4"),
            target: "card", property: "opacity", lottie: .exact, css: .exact,
            note: "Lottie: a precomposition of the subtree carries the opacity; CSS: `opacity` groups by itself"),
        ExportCapability(
            feature: "backgroundColor, borderColor", ops: op("tween", "property: backgroundColor, to: \"#FF0000\", duration: 0.4"),
            target: "card", property: "backgroundColor.r", lottie: .exact, css: .exact,
            note: "Lottie: fill colour and fill opacity; CSS: rgb() of the components"),
        ExportCapability(
            feature: "cornerRadius", ops: op("tween", "property: cornerRadius, to: 10, duration: 0.4"), target: "card",
            property: "cornerRadius", lottie: .exact, css: .exact, note: "limited to half the smaller side"),
        ExportCapability(
            feature: "borderWidth", ops: op("tween", "property: borderWidth, to: 4, duration: 0.4"), target: "card",
            property: "borderWidth", lottie: .exact, css: .approximated,
            note:
                "limited to half the smaller side; Lottie: a ring, the outline and the outline inset by the width; "
                + "CSS: browsers snap border widths to whole device pixels (1.5 px draws 1 px)"),
        ExportCapability(
            feature: "zPosition keeping the order", ops: op("tween", "property: zPosition, to: -0.5, duration: 0.4", target: "#badge"),
            target: "badge", property: "zPosition", lottie: .exact, css: .exact, note: "Lottie: the layer order; CSS: z-index"),
        ExportCapability(
            feature: "zPosition reordering siblings", ops: op("tween", "property: zPosition, to: 1, duration: 0.4", target: "#badge"),
            target: "badge", property: "zPosition", lottie: .dropped, css: .exact,
            note: "Lottie draws layers in a fixed order: X001"),
    ]

    /// The matrix as a Markdown table.
    public static var markdown: String {
        var text = "| feature | Lottie | CSS / HTML | how |\n|---|---|---|---|\n"
        for row in all {
            text += "| \(row.feature) | \(row.lottie.rawValue) | \(row.css.rawValue) | \(row.note) |\n"
        }
        return text
    }
}
