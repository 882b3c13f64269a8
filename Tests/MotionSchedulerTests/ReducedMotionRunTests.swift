import Foundation
import MotionCore
import MotionPlans
import MotionRuntime
import MotionScheduler
import Testing

/// The reduced-motion variant (docs/format.md §7.7): skip lands on the final values at the
/// commit, crossfade cuts motion under a linear opacity dip, keep and `forever` stay.
@Suite("Reduced motion, running")
struct ReducedMotionRunTests {
    func reduced(_ transactions: String, mode: String = "skip") throws -> DocumentRun {
        let yaml = "reducedMotion: \(mode)\n" + boxDocument(layer: "{ position: [0, 0], opacity: 0.8 }", transactions: transactions)
        return DocumentRun(document: try decode(yaml).reducedMotionVariant())
    }

    @Test func skipHoldsTheFinalValuesFromTheCommit() throws {
        let run = try reduced(
            """
              - at: 0.5
                ops:
                  - { add: tween, target: "#box", property: position.x, values: [0, 100], duration: 1, delay: 0.3, repeat: 1.5 }
                  - { add: tween, target: "#box", property: rotation, to: 90, duration: 1, repeat: 2, autoreverse: true }
                  - { add: spring, target: "#box", property: scale, destination: 3 }
                  - { add: tween, target: "#box", property: position.y, by: 40, duration: 1 }
            """)
        // Before the commit: the model. From it on: repeat 1.5 ends half way (50); two whole
        // autoreversed repeats end where they began (0); the spring at its destination; by: 40.
        for k in 0...180 {
            let t = Double(k) / 60
            let after = t >= 0.5
            #expect(run.sample(.position, 0, at: t) == (after ? 50 : 0), "x at \(t)")
            #expect(run.sample(.position, 1, at: t) == (after ? 40 : 0), "y at \(t)")
            #expect(run.sample(.rotation, at: t) == 0, "rotation at \(t)")
            #expect(run.sample(.scale, 0, at: t) == (after ? 3 : 1), "scale at \(t)")
        }
    }

    @Test("a by: tween that ends part way lands where the tween itself ends, in skip and crossfade alike")
    func byWithAFractionalRepeat() throws {
        // From the layer's 0: by 80 with repeat 1.5 ends half way through its second pass; with
        // easeIn (cubic-bezier 0.42, 0, 1, 1) at progress 0.5 the eased fraction is solved below.
        let easeIn = TimingCurve.cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1).value(at: 0.5)
        for mode in ["skip", "crossfade"] {
            let run = try reduced(
                """
                  - ops:
                      - { add: tween, target: "#box", property: rotation, by: 80, duration: 0.4, repeat: 1.5 }
                      - { add: tween, target: "#box", property: position.x, by: 100, duration: 0.4, repeat: 2.5, easing: easeIn }
                """, mode: mode)
            #expect(abs(run.sample(.rotation, at: 2) - 40) <= 1e-9, "\(mode): rotation")
            #expect(abs(run.sample(.position, 0, at: 2) - 100 * easeIn) <= 1e-9, "\(mode): x")
        }
    }

    @Test(
        "crossfade of an op that also fades the target: its fade plays as written, in either key order",
        arguments: [
            "{ opacity: { to: 0 }, position.y: { to: 100 } }", "{ position.y: { to: 100 }, opacity: { to: 0 } }",
        ])
    func crossfadeKeepsTheOpsOwnFade(properties: String) throws {
        let run = try reduced(
            """
              - ops:
                  - { add: tween, target: "#box", duration: 0.4, easing: linear, properties: \(properties) }
            """, mode: "crossfade")
        // From the layer's 0.8 down to 0, linearly over 0...0.4; the slide cuts at 0.2.
        for k in 0...60 {
            let t = Double(k) / 60
            let expected = 0.8 * (1 - min(t / 0.4, 1))
            #expect(abs(run.sample(.opacity, at: t) - expected) <= 1e-9, "opacity at \(t)")
            #expect(run.sample(.position, 1, at: t) == (t >= 0.2 ? 100 : 0), "y at \(t)")
        }
    }

    /// The opacity of a crossfade's dip over 0...`end` that reaches 0 at `cut`.
    ///
    /// Linear from `from` down and back up to `from`; `from` outside it.
    static func dip(_ t: Double, from: Double, cut: Double, end: Double) -> Double {
        if t <= 0 || t >= end { return from }
        return t <= cut ? from * (1 - t / cut) : from * (t - cut) / (end - cut)
    }

    /// A crossfade transaction on `#box` and the opacity it should show, computed by hand.
    ///
    /// Its ops are a slide on position.y to 100 and a fade.
    struct FadeCase: Sendable, CustomTestStringConvertible {
        var testDescription: String
        /// The op lines, in order.
        var ops: [String]
        /// When position.y cuts to 100.
        var cut: Double
        /// The last second checked.
        var until: Double
        var opacity: @Sendable (Double) -> Double
    }

    static let fade = ##"{ add: tween, target: "#box", property: opacity, to: 0, duration: 0.2, delay: 2, easing: linear }"##
    static let slide = ##"{ add: tween, target: "#box", property: position.y, to: 100, duration: 0.3, easing: standard }"##
    static let slide04 = ##"{ add: tween, target: "#box", property: position.y, to: 100, duration: 0.4 }"##
    /// The opacity of `slide` with `fade`: a dip, then the fade as written.
    ///
    /// The dip from the layer's 0.8 over 0...0.3 hides the cut at 0.15; the fade then takes 0.8
    /// down to 0 over 2...2.2.
    static let dipThenFade: @Sendable (Double) -> Double = { t in
        t < 2 ? dip(t, from: 0.8, cut: 0.15, end: 0.3) : 0.8 * max(1 - (t - 2) / 0.2, 0)
    }

    static let fadeCases: [FadeCase] = [
        FadeCase(testDescription: "a fade after the dip, written first", ops: [fade, slide], cut: 0.15, until: 2.5, opacity: dipThenFade),
        FadeCase(testDescription: "a fade after the dip, written last", ops: [slide, fade], cut: 0.15, until: 2.5, opacity: dipThenFade),
        // Skip sets 0.3 at the commit; the dip scales that: 0.3 down to 0 at 0.15 and back by 0.3.
        FadeCase(
            testDescription: "a skipped fade: the dip scales what it sets at the commit",
            ops: [##"{ add: tween, target: "#box", property: opacity, to: 0.3, duration: 0.3, reducedMotion: skip }"##, slide],
            cut: 0.15, until: 0.5, opacity: { dip($0, from: 0.3, cut: 0.15, end: 0.3) }),
        // Down from 0.8 to 0 at the cut (0.2), back to 0.8 by 0.3, where the fade takes it to 0 by 0.5.
        FadeCase(
            testDescription: "a fade beginning after the cut ends the dip where it begins",
            ops: [slide04, ##"{ add: tween, target: "#box", property: opacity, to: 0, duration: 0.2, delay: 0.3, easing: linear }"##],
            cut: 0.2, until: 0.75,
            opacity: { t in t < 0.3 ? dip(t, from: 0.8, cut: 0.2, end: 0.3) : 0.8 * max(1 - (t - 0.3) / 0.2, 0) }),
        // 0.8 to 0 over 0...0.1, where it stays (a dip would have held 0.8 after its end at 0.4).
        FadeCase(
            testDescription: "a fade ending before the cut plays as written, with no dip over it",
            ops: [slide04, ##"{ add: tween, target: "#box", property: opacity, to: 0, duration: 0.1, easing: linear }"##],
            cut: 0.2, until: 0.75, opacity: { 0.8 * max(1 - $0 / 0.1, 0) }),
    ]

    @Test("crossfade's dip next to a fade of the same transaction", arguments: fadeCases)
    func crossfadeNextToAFade(_ c: FadeCase) throws {
        let run = try reduced("  - ops:\n" + c.ops.map { "      - " + $0 }.joined(separator: "\n"), mode: "crossfade")
        for k in 0...Int(c.until * 60) {
            let t = Double(k) / 60
            #expect(abs(run.sample(.opacity, at: t) - c.opacity(t)) <= 1e-9, "opacity at \(t)")
            #expect(run.sample(.position, 1, at: t) == (t >= c.cut ? 100 : 0), "y at \(t)")
        }
    }

    /// The crossfade variant of one transaction of `ops` (op lines) on two targets.
    ///
    /// They are `a` and `b`, both `.item` at opacity 0.8.
    func reducedItems(_ ops: String) throws -> DocumentRun {
        let yaml = """
            motion: 1
            reducedMotion: crossfade
            targets:
              a: { class: [item], layer: { opacity: 0.8 } }
              b: { class: [item], layer: { opacity: 0.8 } }
            transactions:
              - ops:
            """
        return DocumentRun(document: try decode(yaml + "\n" + ops).reducedMotionVariant())
    }

    @Test("each target a crossfade moves gets the dip unless a fade on it begins by its own cut")
    func crossfadeDipsPerTarget() throws {
        let run = try reducedItems(
            """
                  - { add: tween, target: .item, property: position.y, to: 100, duration: 0.2, stagger: 1 }
                  - { add: tween, target: .item, property: opacity, to: 0, duration: 0.2, delay: 0.5, easing: linear }
            """)
        // a cuts at 0.1 under its dip (0...0.2), before the fade (0.5...0.7). b cuts at 1.1, after
        // the fade has taken it to 0: no dip, which would bring it back.
        for k in 0...90 {
            let t = Double(k) / 60
            let fade = 0.8 * min(max(1 - (t - 0.5) / 0.2, 0), 1)
            let a = t < 0.5 ? Self.dip(t, from: 0.8, cut: 0.1, end: 0.2) : fade
            #expect(abs(run.sample(.opacity, at: t, target: 0) - a) <= 1e-9, "a's opacity at \(t)")
            #expect(abs(run.sample(.opacity, at: t, target: 1) - fade) <= 1e-9, "b's opacity at \(t)")
            #expect(run.sample(.position, 1, at: t, target: 0) == (t >= 0.1 ? 100 : 0), "a's y at \(t)")
            #expect(run.sample(.position, 1, at: t, target: 1) == (t >= 1.1 ? 100 : 0), "b's y at \(t)")
        }
    }

    @Test("a skipped fade's stagger is dropped with it: every target's dip scales what it set at the commit")
    func crossfadeAfterAStaggeredSkip() throws {
        let run = try reducedItems(
            """
                  - { add: tween, target: .item, property: opacity, to: 0.5, duration: 1, stagger: 0.1, reducedMotion: skip }
                  - { add: tween, target: .item, property: position.y, to: 100, duration: 0.3 }
            """)
        for k in 0...30 {
            let t = Double(k) / 60
            for target in 0..<2 {
                let opacity = run.sample(.opacity, at: t, target: target)
                #expect(abs(opacity - Self.dip(t, from: 0.5, cut: 0.15, end: 0.3)) <= 1e-9, "opacity of \(target) at \(t)")
            }
        }
    }

    @Test func crossfadeDipsLinearlyAndCutsAtTheMidpoint() throws {
        let run = try reduced(
            """
              - ops:
                  - { add: tween, target: "#box", property: position, to: [200, 100], duration: 0.6, delay: 0.2, easing: standard }
            """, mode: "crossfade")
        for k in 0...72 {
            let t = Double(k) / 60
            // Opacity 0.8 down to 0 over 0.2...0.5 and back to 0.8 over 0.5...0.8.
            let u = min(max((t - 0.2) / 0.6, 0), 1)
            let opacity = 0.8 * (u <= 0.5 ? 1 - 2 * u : 2 * u - 1)
            #expect(abs(run.sample(.opacity, at: t) - opacity) <= 1e-9, "opacity at \(t)")
            let x = run.sample(.position, 0, at: t)
            #expect(x == (t >= 0.5 ? 200 : 0), "x at \(t)")
        }
    }

    @Test func foreverAndKeepStayAsWritten() throws {
        let yaml = """
            motion: 1
            reducedMotion: skip
            targets:
              box: {}
            transactions:
              - ops:
                  - { add: tween, target: "#box", property: rotation, to: 360, duration: 1, repeat: forever }
                  - { add: tween, target: "#box", property: opacity, to: 0, duration: 1, reducedMotion: keep }
            """
        let document = try decode(yaml)
        let written = DocumentRun(document: document)
        let variant = DocumentRun(document: document.reducedMotionVariant())
        for k in 0...60 {
            let t = Double(k) / 60
            #expect(variant.sample(.rotation, at: t) == written.sample(.rotation, at: t))
            #expect(variant.sample(.opacity, at: t) == written.sample(.opacity, at: t))
        }
    }
}
