import MotionDiagnostics
import MotionPlans
import MotionValidation
import MotionYAML
import Testing

/// Decoding targets and ops while the YAML is read (the tree never holds them all) reports the
/// same diagnostics, at the same places and in the same order, as decoding the whole tree.
@Suite struct StreamedDecodingTests {
    /// Loading and validation diagnostics of `text`, with or without streaming, and the document.
    func diagnostics(_ text: String, streaming: Bool) -> ([Diagnostic], MotionDocument?) {
        let result = DocumentLoader.load(Array(text.utf8), file: "s.yaml", limits: YAMLLimits(), streaming: streaming)
        let validation = result.document.map { Validator.validate($0) } ?? []
        return (result.diagnostics + validation, result.document)
    }

    static let documents = [
        // Decoding errors in targets and ops, interleaved with errors in transactions' own keys.
        """
        motion: 1
        transactions:
          - at: 0
            colour: red
            ops:
              - { add: tween, target: "#a", property: opacity, to: 1, duration: 1, easing: [0.5, 0, 2, 1] }
              - { add: spring, target: '#b', property: position, destination: [1, 2], stiffness: 0, mass: -1 }
              - { add: tween, target: "#zz", property: opacty, to: 1, duration: 1 }
              - { add: nothing, target: "#a" }
              - { remove: r, target: "#a b[" }
              - { add: draggable, target: "#a, #bb", gesture: pinch }
            label: [x]
          - at: -1
            ops: [{ add: tween, target: "#c", properties: [opacity, rotation], to: 1, duration: 1, stagger: -1 }]
        targets:
          a: { layer: { opacity: 2, colr: 1 }, children: { c: { type: Photo }, a: {} } }
          "1": {}
          b: { class: [round, "bad name"] }
          d: 5
          e: {}
        canvas: { fps: 0 }
        """,
        // An anchor in an op and in a target: those and what follows stay in the tree.
        """
        motion: 1
        targets:
          a: { layer: { opacity: 0.5 } }
          b: &b { layer: { opacity: 7 } }
          c: *b
          d: { layer: { size: [1] } }
        transactions:
          - at: 0
            ops:
              - { add: tween, target: "#a", property: opacity, to: 1, duration: 1, easing: [0.5, 0, 2, 1] }
              - &t { add: tween, target: "#b", property: opacity, to: 1, duration: -1 }
              - *t
              - { add: tween, target: "#q", property: opacity, to: 1, duration: 1, <<: { easing: [0, 0, 3, 1] } }
        """,
        // An anchored key in `targets`, named later as a selector: the key keeps its node.
        """
        motion: 1
        targets:
          a: { layer: { position: [10, 10], size: [20, 20] } }
          &k b: { layer: { position: [20, 20], size: [20, 20] } }
          c: { layer: { position: [30, 30], size: [20, 20] } }
        transactions:
          - ops:
              - { add: tween, target: *k, property: opacity, to: 0.4, duration: 250ms }
        """,
        // The same after a first batch was dropped (300 children make it large), named as a plan.
        """
        motion: 1
        targets:
          a: { children: { \((0..<300).map { "c\($0): {}" }.joined(separator: ", ")) } }
          &k b: { layer: { opacity: 3 } }
          c: {}
        transactions:
          - ops:
              - { add: tween, target: "#b", name: *k, property: opacity, to: 0.4, duration: 250ms }
              - { remove: *k, target: "#c" }
        """,
        // A merge in `targets` and links whose sources are checked.
        """
        motion: 1
        defaults: &d { z: { layer: { opacity: 0.1 } }, a: { type: Dup } }
        targets:
          a: { type: Card }
          <<: *d
          b: {}
        transactions:
          - at: 0
            ops:
              - { add: link, target: "#a", property: opacity, source: { target: "#nope", property: opacity } }
              - { add: link, target: "#b", property: opacity, source: { target: '#a', property: opacity } }
              - { add: link, target: "#a", property: opacity, source: { target: "#b", property: opacity } }
        """,
    ]

    @Test(arguments: documents) func sameDiagnosticsAsTheWholeTree(_ text: String) {
        let (streamed, document) = diagnostics(text, streaming: true)
        let (whole, wholeDocument) = diagnostics(text, streaming: false)
        #expect(!whole.isEmpty)
        #expect(streamed == whole)
        #expect(document?.targets.map(\.id.value) == wholeDocument?.targets.map(\.id.value))
        #expect(document?.targets.map(\.layer) == wholeDocument?.targets.map(\.layer))
        #expect(document?.transactions.map(\.operations.count) == wholeDocument?.transactions.map(\.operations.count))
    }

    @Test func opsPastTheListLimitAreCountedWhole() {
        let count = 100_001
        var text = "motion: 1\ntargets: { a: {} }\ntransactions:\n  - at: 0\n    ops:\n"
        for _ in 0..<count { text += "      - { remove: r, target: \"#a\" }\n" }
        let (streamed, _) = diagnostics(text, streaming: true)
        #expect(streamed.map(\.code) == [.D005])
        #expect(streamed.first?.message == "`ops` has \(count) entries, more than the limit of 100000")
    }
}
