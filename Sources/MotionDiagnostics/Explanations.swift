/// What a diagnostic code means, why it matters, and a document that triggers it with its fix.
///
/// `motionc explain CODE` prints ``DiagnosticCode/explainText()``; SARIF carries the same text as
/// each rule's help.
public struct DiagnosticExplanation: Hashable, Sendable {
    /// What the rule checks, in one or two sentences.
    public var summary: String
    /// Why it matters to a motion designer or app engineer.
    public var rationale: String
    /// A small motion document that triggers the diagnostic.
    public var failingExample: String
    /// The same document, fixed.
    public var fixedExample: String

    /// Creates an explanation.
    public init(summary: String, rationale: String, failingExample: String, fixedExample: String) {
        self.summary = summary
        self.rationale = rationale
        self.failingExample = failingExample
        self.fixedExample = fixedExample
    }
}

extension DiagnosticCode {
    /// The explanation of this code: summary, rationale, a failing example and its fix.
    public var explanation: DiagnosticExplanation {
        let (summary, rationale, failing, fixed) = Self.explanationParts(self)
        return DiagnosticExplanation(
            summary: summary, rationale: rationale, failingExample: failing, fixedExample: fixed)
    }

    /// The text `motionc explain CODE` prints: title, severity, summary, rationale and both examples.
    ///
    /// ```
    /// N004 (warning): remove of a name the target does not hold
    ///
    /// <summary>
    ///
    /// Why it matters: <rationale>
    ///
    /// This document triggers N004:
    ///
    ///     <failing example, indented by 4>
    ///
    /// Fixed:
    ///
    ///     <fixed example, indented by 4>
    /// ```
    public func explainText() -> String {
        let explanation = explanation
        return """
            \(rawValue) (\(severity.rawValue)): \(title)

            \(explanation.summary)

            Why it matters: \(explanation.rationale)

            This document triggers \(rawValue):

            \(Self.indented(explanation.failingExample))

            Fixed:

            \(Self.indented(explanation.fixedExample))

            """
    }

    /// The explanation as Markdown, with the examples in fenced YAML blocks (SARIF rule help).
    public func explainMarkdown() -> String {
        let explanation = explanation
        return """
            **\(rawValue)** (\(severity.rawValue)): \(title)

            \(explanation.summary)

            Why it matters: \(explanation.rationale)

            This document triggers \(rawValue):

            ```yaml
            \(explanation.failingExample)
            ```

            Fixed:

            ```yaml
            \(explanation.fixedExample)
            ```

            """
    }

    private static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "    " + $0 }
            .joined(separator: "\n")
    }

    /// A document with one card and one transaction whose ops are `ops` (indented by 6).
    private static func cardDocument(_ ops: String, targets: String = "  card: { type: Card }") -> String {
        """
        motion: 1
        targets:
        \(targets)
        transactions:
          - ops:
        \(ops)
        """
    }

    /// The standard fade-in tween on #card, as ops lines (items indented by 6, keys by 8).
    private static let fadeIn = """
              - add: tween
                target: "#card"
                property: opacity
                from: 0
                to: 1
                duration: 300ms
        """

    private static func explanationParts(_ code: DiagnosticCode) -> (String, String, String, String) {
        switch code {
        case .Y001:
            return (
                "The file is not valid YAML. The message is libyaml's own, at the position where it stopped reading.",
                "Nothing else can be checked until the file parses. The position is where the parser gave up; "
                    + "the mistake is often just before it, such as an unclosed bracket or quote.",
                """
                motion: 1
                targets:
                  card: { type: Card, layer: { size: [280, 160 } }
                """,
                """
                motion: 1
                targets:
                  card: { type: Card, layer: { size: [280, 160] } }
                """
            )
        case .Y002:
            return (
                "A mapping has the same key twice. The note points at the first one.",
                "YAML parsers disagree on which of the two wins, so the value you see in the file may not be "
                    + "the one motionc or another tool uses. Keep exactly one.",
                cardDocument(fadeIn + "\n        duration: 500ms"),
                cardDocument(
                    fadeIn.replacing("duration: 300ms", with: "duration: 500ms"))
            )
        case .Y003:
            return (
                "Expanding aliases (`*name`) would produce more nodes than the limit (10,000 by default).",
                "Each alias copies its anchor's node; aliases of aliases multiply, so a few lines can expand "
                    + "to millions of values (the \"billion laughs\" attack) and stall a CI job or an editor.",
                """
                motion: 1
                l1: &l1 [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
                l2: &l2 [*l1, *l1, *l1, *l1, *l1, *l1, *l1, *l1, *l1, *l1]
                l3: &l3 [*l2, *l2, *l2, *l2, *l2, *l2, *l2, *l2, *l2, *l2]
                l4: &l4 [*l3, *l3, *l3, *l3, *l3, *l3, *l3, *l3, *l3, *l3]
                l5: [*l4, *l4, *l4, *l4, *l4, *l4, *l4, *l4, *l4, *l4]   # 100,000 values
                """,
                """
                motion: 1
                targets:
                  a: { layer: &tile { size: [80, 80], cornerRadius: 8 } }
                  b: { layer: { <<: *tile, position: [100, 0] } }
                """
            )
        case .Y004:
            let depth = 257
            return (
                "Collections are nested deeper than the limit (256 levels by default).",
                "No motion document needs that depth; such input is usually generated by mistake or crafted "
                    + "to exhaust the parser's stack.",
                cardDocument(
                    fadeIn.replacing(
                        "to: 1",
                        with: "to: " + String(repeating: "[", count: depth) + "1"
                            + String(repeating: "]", count: depth))),
                cardDocument(fadeIn)
            )
        case .Y005:
            return (
                "The file is larger than the limit (64 MiB by default) or is not valid UTF-8.",
                "Motion documents are UTF-8 text; a file in another encoding (Latin-1, UTF-16) or a binary "
                    + "file saved with a .yaml name would be misread. Re-save the file as UTF-8.",
                """
                # saved as Latin-1: the "é" below is the single byte 0xE9
                motion: 1
                name: café-expand
                """,
                """
                # saved as UTF-8: the "é" below is the two bytes 0xC3 0xA9
                motion: 1
                name: café-expand
                """
            )
        case .Y006:
            return (
                "The file holds more than one YAML document (separated by `---`).",
                "A motion file is one document; a second one would be silently ignored by tools that read "
                    + "only the first. Put each document in its own file.",
                """
                motion: 1
                name: card-expand
                ---
                motion: 1
                name: card-collapse
                """,
                """
                motion: 1
                name: card-expand
                """
            )
        case .D001:
            return (
                "The top-level `motion:` key, the format version, is missing or is not 1.",
                "The version says which rules the document follows. Without it, or with a version this "
                    + "motionc does not know, every later check could be wrong.",
                """
                name: card-expand
                targets:
                  card: { type: Card }
                """,
                """
                motion: 1
                name: card-expand
                targets:
                  card: { type: Card }
                """
            )
        case .D002:
            return (
                "A mapping has a key the format does not define at that place. Help suggests the closest known key.",
                "A misspelt key is otherwise ignored: `duraton: 2s` would leave the tween at its default "
                    + "duration with no sign why.",
                cardDocument(fadeIn.replacing("duration:", with: "duraton:")),
                cardDocument(fadeIn)
            )
        case .D003:
            return (
                "A value has the wrong type for its place (expected ..., found ...), such as a word where a "
                    + "number is needed.",
                "Every value's meaning comes from its place in the schema; a value of another type cannot "
                    + "be animated or timed.",
                cardDocument(fadeIn.replacing("from: 0", with: "from: transparent")),
                cardDocument(fadeIn)
            )
        case .D004:
            return (
                "A required key is missing, such as `target` on an op or `motion` at the top.",
                "Without it the op cannot be compiled: an `add` without `target` has nothing to move.",
                cardDocument(
                    """
                          - add: tween
                            property: opacity
                            to: 1
                            duration: 300ms
                    """),
                cardDocument(fadeIn)
            )
        case .D005:
            return (
                "A number is not finite (`.nan`, `.inf`) or is outside its range: a negative duration, an "
                    + "opacity value outside 0..1, a negative delay.",
                "Such values have no sensible motion: the render server would draw nothing, or forever.",
                cardDocument(fadeIn.replacing("to: 1", with: "to: 1.5")),
                cardDocument(fadeIn)
            )
        case .D006:
            return (
                "A target id is invalid, or is used twice in the target tree (the note points at the first). "
                    + "Ids are letters, digits, `_` and `-`, and are unique across the whole tree, children included.",
                "`#id` selects exactly one target; with two targets of one id, motion meant for one would "
                    + "move both. An id with other characters could not be written in a selector.",
                """
                motion: 1
                targets:
                  card:
                    children:
                      photo: { type: Photo }
                  photo: { type: Photo }
                """,
                """
                motion: 1
                targets:
                  card:
                    children:
                      photo: { type: Photo }
                  banner: { type: Photo }
                """
            )
        case .D007:
            return (
                "A transaction's `at` is earlier than the previous transaction's.",
                "Transactions commit in order on the runtime clock; one listed later but timed earlier "
                    + "would have to commit before the ones above it. List them in time order.",
                """
                motion: 1
                targets:
                  card: { type: Card }
                transactions:
                  - at: 1
                    ops: [{ add: tween, target: "#card", property: opacity, to: 0, duration: 300ms }]
                  - at: 0.5
                    ops: [{ add: tween, target: "#card", property: scale, to: 1.2, duration: 300ms }]
                """,
                """
                motion: 1
                targets:
                  card: { type: Card }
                transactions:
                  - at: 0.5
                    ops: [{ add: tween, target: "#card", property: scale, to: 1.2, duration: 300ms }]
                  - at: 1
                    ops: [{ add: tween, target: "#card", property: opacity, to: 0, duration: 300ms }]
                """
            )
        case .D008:
            return (
                "An `add:` names an intention type that does not exist. Help suggests the closest known type "
                    + "(tween, spring, anchoredSpring, friction, draggable, pinchable, rotatable, squashAndStretch, "
                    + "directlyManipulable, tossable, transitionTween).",
                "The type decides which executor runs the motion; an unknown type cannot run at all.",
                cardDocument(fadeIn.replacing("add: tween", with: "add: twen")),
                cardDocument(fadeIn)
            )
        case .D009:
            return (
                "The property path is not a layer property or component (such as `position.x`), or this "
                    + "intention cannot drive it (`shape` is not animatable; squashAndStretch reads a point such as position).",
                "Nothing on screen would change, or the value could not be interpolated.",
                cardDocument(fadeIn.replacing("property: opacity", with: "property: opacty")),
                cardDocument(fadeIn)
            )
        case .D010:
            return (
                "(warning) A duration, delay or time written as a plain number larger than 60: a plain number is "
                    + "seconds, so `duration: 300` lasts five minutes.",
                "Most such numbers are milliseconds without their unit; run and bake stop at 60 s, so the motion "
                    + "would look frozen. Write the unit: \"300ms\".",
                cardDocument(fadeIn.replacing("duration: 300ms", with: "duration: 300")),
                cardDocument(fadeIn)
            )
        case .N001:
            return (
                "An `add` has a `name:` that is empty.",
                "Names exist so a later `remove:` can take the plan away; an empty name could never be removed "
                    + "by name. Give it a real name, or leave `name:` out for an unnamed plan.",
                cardDocument(
                    """
                          - add: draggable
                            target: "#card"
                            name: ""
                    """),
                cardDocument(
                    """
                          - add: draggable
                            target: "#card"
                            name: drag
                    """)
            )
        case .N002:
            return (
                "A `remove:` has an empty name.",
                "Only named plans can be removed, and no plan can be added under an empty name, so this "
                    + "remove can never do anything.",
                cardDocument(
                    """
                          - add: draggable
                            target: "#card"
                            name: drag
                          - remove: ""
                            target: "#card"
                    """),
                """
                motion: 1
                targets:
                  card: { type: Card }
                transactions:
                  - ops:
                      - add: draggable
                        target: "#card"
                        name: drag
                  - at: 1
                    ops:
                      - remove: drag
                        target: "#card"
                """
            )
        case .N003:
            return (
                "A composite intention (directlyManipulable, tossable, transitionTween) is added with a `name:`.",
                "A composite emits other intentions, which cannot carry its name, so removing the name could "
                    + "not undo it. Add it without a name, or add the intentions it stands for by name yourself.",
                cardDocument(
                    """
                          - add: tossable
                            target: "#card"
                            name: toss
                            destination: [180, 320]
                    """),
                cardDocument(
                    """
                          - add: tossable
                            target: "#card"
                            destination: [180, 320]
                    """)
            )
        case .N004:
            return (
                "A `remove:` names a plan that the target does not hold at that point: it was never added by "
                    + "that name, or was already removed. Help suggests the closest name the target holds.",
                "Removing an unknown name does nothing, so the motion you meant to stop keeps running; "
                    + "usually the name is misspelt.",
                """
                motion: 1
                targets:
                  card: { type: Card }
                transactions:
                  - ops:
                      - add: draggable
                        target: "#card"
                        name: drag
                  - at: 1.5
                    ops:
                      - remove: drgg
                        target: "#card"
                """,
                """
                motion: 1
                targets:
                  card: { type: Card }
                transactions:
                  - ops:
                      - add: draggable
                        target: "#card"
                        name: drag
                  - at: 1.5
                    ops:
                      - remove: drag
                        target: "#card"
                """
            )
        case .N005:
            return (
                "One transaction adds a name and then removes it on the same target.",
                "Within a transaction the last operation for a (target, name) wins, so the add has no "
                    + "effect. Move the remove to a later transaction, or drop both.",
                cardDocument(
                    """
                          - add: draggable
                            target: "#card"
                            name: drag
                          - remove: drag
                            target: "#card"
                    """),
                """
                motion: 1
                targets:
                  card: { type: Card }
                transactions:
                  - ops:
                      - add: draggable
                        target: "#card"
                        name: drag
                  - at: 2
                    ops:
                      - remove: drag
                        target: "#card"
                """
            )
        case .T001:
            return (
                "A `target:` selector is empty or only spaces.",
                "An empty selector matches nothing, so the op would silently do nothing.",
                cardDocument(fadeIn.replacing("target: \"#card\"", with: "target: \"\"")),
                cardDocument(fadeIn)
            )
        case .T002:
            return (
                "A `target:` selector does not follow the selector grammar: `#id`, `Type`, `.class`, `*`, "
                    + "combined as `Type#id.class`, joined by a space (any descendant) or `>` (direct child), "
                    + "and separated by commas. The column points inside the string.",
                "A malformed selector cannot be resolved to targets. Quote selectors in YAML: `#` starts a "
                    + "comment when unquoted.",
                cardDocument(fadeIn.replacing("target: \"#card\"", with: "target: \"Card >\"")),
                cardDocument(fadeIn.replacing("target: \"#card\"", with: "target: \"Card\""))
            )
        case .T003:
            return (
                "A `target:` selector matches no target in the document. Help suggests the closest id, type "
                    + "or class when a name in the selector is unknown.",
                "A selector that matches nothing makes the op do nothing, which is almost always a typo "
                    + "or a target that was renamed.",
                cardDocument(fadeIn.replacing("target: \"#card\"", with: "target: \"#crad\"")),
                cardDocument(fadeIn)
            )
        case .T004:
            let rows = "  list:\n    children:\n      row1: { class: [item] }\n      row2: { class: [item] }"
            let fade = "      - add: tween\n        property: opacity\n        to: 1\n        stagger: 50ms\n        target: "
            return (
                "(warning) An `add:` gives `stagger`, but its selector matches only one target, so nothing is staggered.",
                "A stagger spreads the starts of several targets; on one target it is a delay written the wrong way, "
                    + "usually a selector that names one id where a class or type was meant.",
                cardDocument(fade + "\"#row1\"", targets: rows),
                cardDocument(fade + ".item", targets: rows)
            )
        case .W001:
            return (
                "A tween has no values: none of `values`, `from`/`to` or `to`.",
                "A tween animates between values; without any it has nothing to show.",
                cardDocument(
                    """
                          - add: tween
                            target: "#card"
                            property: opacity
                            duration: 300ms
                    """),
                cardDocument(
                    """
                          - add: tween
                            target: "#card"
                            property: opacity
                            to: 1
                            duration: 300ms
                    """)
            )
        case .W002:
            return (
                "A tween's `offsets` has a different number of entries than its `values`.",
                "Each offset is the moment (0..1 of the duration) its value is reached; they pair one to one.",
                cardDocument(
                    """
                          - add: tween
                            target: "#card"
                            property: opacity
                            values: [0, 0.5, 1]
                            offsets: [0, 1]
                            duration: 300ms
                    """),
                cardDocument(
                    """
                          - add: tween
                            target: "#card"
                            property: opacity
                            values: [0, 0.5, 1]
                            offsets: [0, 0.2, 1]
                            duration: 300ms
                    """)
            )
        case .W003:
            return (
                "A tween's `offsets` has an entry outside 0..1, or an entry smaller than the one before it.",
                "Offsets are moments within the tween, in order; time cannot go backwards between keyframes.",
                cardDocument(
                    """
                          - add: tween
                            target: "#card"
                            property: opacity
                            values: [0, 0.8, 1]
                            offsets: [0, 0.8, 0.5]
                            duration: 300ms
                    """),
                cardDocument(
                    """
                          - add: tween
                            target: "#card"
                            property: opacity
                            values: [0, 0.8, 1]
                            offsets: [0, 0.5, 0.8]
                            duration: 300ms
                    """)
            )
        case .W004:
            return (
                "A tween's `easing` is a list whose length is not one less than the number of values.",
                "A list gives one curve per segment between consecutive values; n values have n-1 segments. "
                    + "Use a single curve to ease every segment alike.",
                cardDocument(
                    """
                          - add: tween
                            target: "#card"
                            property: opacity
                            values: [0, 0.8, 1]
                            easing: [standard, standard, sharp]
                            duration: 300ms
                    """),
                cardDocument(
                    """
                          - add: tween
                            target: "#card"
                            property: opacity
                            values: [0, 0.8, 1]
                            easing: [standard, sharp]
                            duration: 300ms
                    """)
            )
        case .W005:
            return (
                "A cubic-bezier easing is not 4 numbers `[x1, y1, x2, y2]`, or x1 or x2 is outside 0..1.",
                "The x coordinates are time; outside 0..1 the curve would go back in time, so CSS and Core "
                    + "Animation reject it too. The y coordinates may overshoot.",
                cardDocument(fadeIn + "\n        easing: [0.4, 0, 1.2, 1]"),
                cardDocument(fadeIn + "\n        easing: [0.4, 0, 1, 1.2]")
            )
        case .W006:
            return (
                "A tween is fully hidden: a tween registered later on the same target and property covers "
                    + "its whole time, from its commit to its end (a delay counts as covered).",
                "The latest tween covering a moment decides the value, so the hidden one never shows. "
                    + "Remove it, or commit the later tween in a later transaction.",
                cardDocument(
                    fadeIn + "\n"
                        + """
                              - add: tween
                                target: "#card"
                                property: opacity
                                to: 0.5
                                duration: 500ms
                        """),
                """
                motion: 1
                targets:
                  card: { type: Card }
                transactions:
                  - ops:
                \(fadeIn)
                  - at: 0.3
                    ops:
                      - add: tween
                        target: "#card"
                        property: opacity
                        to: 0.5
                        duration: 500ms
                """
            )
        case .W007:
            let tween = "      - add: tween\n        target: \"#card\"\n        duration: 300ms\n        properties:\n"
            return (
                "A tween's `properties:` names a property and one of its components (`position` and `position.x`).",
                "Both would drive the same value on one timing, and only one of them could show.",
                cardDocument(tween + "          position: { to: [180, 300] }\n          position.x: { to: 200 }"),
                cardDocument(tween + "          position: { to: [200, 300] }")
            )
        case .W008:
            let tween = "      - add: tween\n        target: \"#card\"\n        duration: 1s\n"
            return (
                "A motion path (`path:`) moves `position`: it cannot animate another property, offsets and a "
                    + "list of easings do not apply to it (one easing maps progress to arc length), and `orient` "
                    + "needs a path to turn along.",
                "The path gives the positions and their timing: keys that would time or place them otherwise "
                    + "could not be honoured, and would be silently ignored.",
                cardDocument(
                    tween + "        property: opacity\n        path: [[40, 300], [[40, 100], [280, 100], [280, 40]]]"),
                cardDocument(
                    tween + "        property: position\n        path: [[40, 300], [[40, 100], [280, 100], [280, 40]]]\n"
                        + "        orient: true")
            )
        case .P001:
            return (
                "A physics parameter is out of range: `stiffness` or `mass` not greater than 0, `damping` or a "
                    + "friction `coefficient` below 0, `threshold` not greater than 0, a spring's `duration` 0, or "
                    + "`bounce` outside (-1, 1).",
                "With such values a spring never settles, moves without mass, or gains energy instead of "
                    + "losing it.",
                cardDocument(
                    """
                          - add: spring
                            target: "#card"
                            property: position
                            destination: [180, 500]
                            stiffness: 0
                    """),
                cardDocument(
                    """
                          - add: spring
                            target: "#card"
                            property: position
                            destination: [180, 500]
                            stiffness: 342
                    """)
            )
        case .P002:
            let spring = """
                      - add: spring
                        target: "#card"
                        property: position
                        destination: [180, 500]
                """
            let feel = "\n        duration: 0.4\n        bounce: 0.2"
            return (
                "A spring gives `stiffness` or `damping` and also `duration` or `bounce`: a spring is given "
                    + "either by its physics or by feel (as SwiftUI's `.spring(duration:bounce:)`), not both.",
                "The feel computes stiffness and damping itself, so one of the two would silently lose.",
                cardDocument(spring + "\n        stiffness: 342" + feel),
                cardDocument(spring + feel)
            )
        case .G001:
            return (
                "A gesture intention's `gesture:` names an input that `inputs` does not define.",
                "The gesture would never be driven, so the target would not follow the finger.",
                gestureDocument(gesture: "swpie", kind: "pan", inputTarget: "#card"),
                gestureDocument(gesture: "swipe", kind: "pan", inputTarget: "#card")
            )
        case .G002:
            return (
                "The input a gesture intention uses has the wrong kind (draggable takes pan, pinchable pinch, "
                    + "rotatable rotate), or targets a different selector than the intention.",
                "A pinch cannot drag, and an input on another target would move the wrong layer.",
                gestureDocument(gesture: "swipe", kind: "pinch", inputTarget: "#card"),
                gestureDocument(gesture: "swipe", kind: "pan", inputTarget: "#card")
            )
        case .G003:
            return (
                "(warning) An input that no gesture intention takes: it ends before the first draggable, pinchable, "
                    + "rotatable (or composite) that would take it is added, or no intention matches its kind and "
                    + "target (or names it with `gesture:`).",
                "Run and bake would silently ignore the gesture: the timeline comes out empty and the layer never "
                    + "follows the finger.",
                lateGestureDocument(inputAt: "0.2"),
                lateGestureDocument(inputAt: "1.2")
            )
        case .G004:
            let release = { (id: String) in
                "motion: 1\ntargets:\n  card: { type: Card }\ntransactions:\n  - ops:\n      - { add: draggable, target: \"#card\" }\n"
                    + "  - at: { release: \(id), offset: 0.1 }\n    ops:\n"
                    + "      - { add: tween, target: \"#card\", property: opacity, to: 0.5 }\n"
                    + "inputs:\n  - { id: swipe, kind: pan, target: \"#card\", duration: 0.4, translation: [[0, 0], [120, 0]] }"
            }
            return (
                "A transaction's `at: {release: INPUT}` names an input that `inputs` does not define.",
                "The transaction is meant to commit when that gesture ends; without the input it would never know when.",
                release("swpie"),
                release("swipe")
            )
        case .L001:
            let link = { (target: String, property: String, source: String, read: String) in
                "      - { add: link, target: \"#\(target)\", property: \(property), source: { target: \"#\(source)\", property: \(read) }, input: [0, 100], output: [0, 1] }"
            }
            let targets = "  card: { type: Card }\n  shadow: { type: Shadow }"
            return (
                "Links read each other in a circle: a property presents a map of a property that, through links, presents a map of the first.",
                "Every frame each would wait for the other, so none has a value to show.",
                cardDocument(
                    link("shadow", "opacity", "card", "position.x") + "\n" + link("card", "position.x", "shadow", "opacity"),
                    targets: targets),
                cardDocument(link("shadow", "opacity", "card", "position.x"), targets: targets)
            )
        case .B001:
            return (
                "(bake only) An interactive intention (draggable, pinchable, rotatable, or a composite that "
                    + "emits one) has no input in `inputs` to drive it.",
                "A baked timeline records motion ahead of time; without a synthetic gesture there is no motion "
                    + "to record. Add an input, or validate without baking for a live app.",
                cardDocument(
                    """
                          - add: draggable
                            target: "#card"
                    """),
                cardDocument(
                    """
                          - add: draggable
                            target: "#card"
                    """)
                        + """

                        inputs:
                          - id: swipe
                            kind: pan
                            target: "#card"
                            at: 0.5
                            duration: 0.4
                            translation: [[0, 0], [120, 0]]
                        """
            )
        case .X001:
            return (
                "(export only: `motionc export`, `motionc validate --for lottie,html`) A property that a player "
                    + "cannot show is dropped from the export: Lottie draws its layers in a fixed order, so a "
                    + "zPosition animation that reorders siblings is lost there.",
                "Players fail silently: the file plays, but not as the render server draws it. The warning says so "
                    + "before you ship; `--strict` makes it fail a CI job.",
                cardDocument(
                    """
                          - add: tween
                            target: "#badge"
                            property: zPosition
                            from: -1
                            to: 1
                            duration: 1s
                    """, targets: siblings),
                cardDocument(
                    """
                          - add: tween
                            target: "#badge"
                            property: position.x
                            to: 200
                            duration: 1s
                    """, targets: siblings)
            )
        }
    }

    /// Two overlapping siblings; `ops` may animate the badge.
    private static let siblings = """
          card: { layer: { position: [100, 100], size: [120, 80], backgroundColor: "#6200EE" } }
          badge: { layer: { position: [140, 100], size: [60, 60], backgroundColor: "#03DAC6", zPosition: -1 } }
        """

    /// A card whose draggable is added at 1 s, and one input `swipe` starting at `inputAt`.
    private static func lateGestureDocument(inputAt: String) -> String {
        """
        motion: 1
        targets:
          card: { type: Card }
        transactions:
          - at: 1
            ops:
              - add: draggable
                target: "#card"
        inputs:
          - id: swipe
            kind: pan
            target: "#card"
            at: \(inputAt)
            duration: 0.4
            translation: [[0, 0], [120, 0]]
        """
    }

    /// A card with a draggable driven by the input named `gesture`, and one input `swipe`.
    private static func gestureDocument(gesture: String, kind: String, inputTarget: String) -> String {
        let samples = kind == "pan" ? "translation: [[0, 0], [120, 0]]" : "scale: [1, 1.5]"
        return cardDocument(
            """
                  - add: draggable
                    target: "#card"
                    gesture: \(gesture)
            """)
                + """

                inputs:
                  - id: swipe
                    kind: \(kind)
                    target: "\(inputTarget)"
                    at: 0.5
                    duration: 0.4
                    \(samples)
                """
    }
}
