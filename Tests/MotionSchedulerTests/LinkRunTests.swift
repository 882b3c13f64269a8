import Foundation
import MotionCore
import MotionPlans
import MotionRuntime
import MotionScheduler
import MotionTimeline
import Testing

/// `add: link` presents c + (d - c) (s - a) / (b - a) of the source's presented value, every
/// frame, clamped; a later tween takes the property back.
@Suite("Links, running")
struct LinkRunTests {
    static let yaml = """
        motion: 1
        targets:
          card: { layer: { position: [100, 300] } }
          shadow: { layer: { opacity: 1 } }
        transactions:
          - ops:
              - { add: tween, target: "#card", property: position.x, values: [100, 300, -100], duration: 2 }
              - { add: link, target: "#card", property: rotation, source: { target: "#card", property: position.x }, input: [100, 200], output: [0, -12] }
              - { add: link, target: "#shadow", property: opacity, source: { target: "#card", property: position.x }, input: [100, 200], output: [1, 0.5], clamp: false }
          - at: 1.5
            ops:
              - { add: tween, target: "#card", property: rotation, to: 45, duration: 0.5 }
        """

    @Test func theMapOfTheSourceEveryFrame() throws {
        let run = DocumentRun(document: try decode(Self.yaml))
        for k in 0...119 {
            let t = Double(k) / 60
            // The source, written independently: 100 -> 300 over the first second, then to -100.
            let x = t <= 1 ? 100 + 200 * t : 300 - 400 * (t - 1)
            let rotation = min(max(-12 * (x - 100) / 100, -12), 0)
            let opacity = 1 - 0.5 * (x - 100) / 100
            #expect(abs(run.sample(.opacity, at: t, target: 1) - opacity) <= 1e-9, "opacity at \(t)")
            if t < 1.5 {
                #expect(abs(run.sample(.rotation, at: t) - rotation) <= 1e-9, "rotation at \(t)")
            } else {
                // The tween took rotation at 1.5 (its commit comes before that frame) from the
                // value the link wrote at the frame before, and runs linearly to 45.
                let before = 300 - 400 * (0.5 - 1.0 / 60)
                let from = min(max(-12 * (before - 100) / 100, -12), 0)
                #expect(abs(run.sample(.rotation, at: t) - (from + (45 - from) * (t - 1.5) / 0.5)) <= 1e-9, "tween at \(t)")
            }
        }
    }

    /// Links on one target write their frame's values in property order, whatever order a
    /// dictionary of them would give, so that a bake is the same file in every process.
    @Test func linksOnOneTargetWriteInPropertyOrder() throws {
        let yaml = """
            motion: 1
            targets:
              card: { layer: { position: [100, 300] } }
            transactions:
              - ops:
                  - { add: tween, target: "#card", property: position.x, values: [100, 300], duration: 0.5 }
                  - { add: link, target: "#card", property: borderWidth, source: { target: "#card", property: position.x }, input: [100, 300], output: [0, 4] }
                  - { add: link, target: "#card", property: opacity, source: { target: "#card", property: position.x }, input: [100, 300], output: [1, 0] }
                  - { add: link, target: "#card", property: position.y, source: { target: "#card", property: position.x }, input: [100, 300], output: [300, 400] }
                  - { add: link, target: "#card", property: cornerRadius, source: { target: "#card", property: position.x }, input: [100, 300], output: [0, 20] }
                  - { add: link, target: "#card", property: rotation, source: { target: "#card", property: position.x }, input: [100, 300], output: [0, 90] }
                  - { add: link, target: "#card", property: zPosition, source: { target: "#card", property: position.x }, input: [100, 300], output: [0, 9] }
            """
        let events = Baker.bake(try decode(yaml)).timeline.events
        var frames: [Double: [PropertyPath]] = [:]
        for event in events {
            if case .set(let path, _) = event.action { frames[event.time, default: []].append(path) }
        }
        // Every frame while the source moves writes all six links (at 0 each link writes as it is
        // added, in document order).
        let moving = frames.filter { $0.key > 0 && $0.value.count == 6 }
        #expect(moving.count >= 25)
        let order = [
            PropertyPath(.position, component: 1), PropertyPath(.rotation), PropertyPath(.opacity), PropertyPath(.cornerRadius),
            PropertyPath(.borderWidth), PropertyPath(.zPosition),
        ]
        for (time, paths) in moving { #expect(paths == order, "at \(time)") }
    }

    /// The document of a chain `a -> b -> c` (b reads a, c reads b), its links in `order`, under a
    /// linear tween of a's x from 100 to 200 over 0.3 s at 10 frames per second.
    static func chain(linkOrder order: [String]) -> String {
        // Each link maps its source's x onto its own x unchanged.
        let sources = ["b": "a", "c": "b"]
        let links = order.compactMap { target in
            sources[target].map { source in
                ##"{ add: link, target: "#\##(target)", property: position.x, "##
                    + ##"source: { target: "#\##(source)", property: position.x }, input: [0, 1000], output: [0, 1000] }"##
            }
        }
        return """
            motion: 1
            canvas: { fps: 10 }
            targets:
              a: { layer: { position: [100, 100], size: [50, 50] } }
              b: { layer: { position: [100, 200], size: [50, 50] } }
              c: { layer: { position: [100, 300], size: [50, 50] } }
            transactions:
              - ops:
            \(links.map { "      - " + $0 }.joined(separator: "\n"))
                  - { add: tween, target: "#a", property: position.x, to: 200, duration: 0.3 }
            """
    }

    /// Every link of a chain presents the map of its source's value of the same frame, whatever
    /// order the links were written in (docs/format.md §7.4): none lags a frame behind.
    @Test(arguments: [["c", "b"], ["b", "c"]])
    func aChainReadsTheSameFrameInEitherOrder(order: [String]) throws {
        let document = try decode(Self.chain(linkOrder: order))
        let run = DocumentRun(document: document)
        for k in 0...6 {
            let t = Double(k) / 10
            // a's tween, written independently: linear from 100 to 200 over 0.3 s.
            let x = 100 + 100 * min(t / 0.3, 1)
            for target in 0...2 {
                #expect(abs(run.sample(.position, 0, at: t, target: target) - x) <= 1e-9, "target \(target) at \(t), links \(order)")
            }
        }
        // The bake writes the same values: every set of b or c is a's value at its time.
        var sets = 0
        for event in Baker.bake(document).timeline.events {
            guard case .set(let path, let value) = event.action, path.property == .position else { continue }
            let x = 100 + 100 * min(event.time / 0.3, 1)
            #expect(abs(value[0] - x) <= 1e-9, "layer \(event.layer) set at \(event.time), links \(order)")
            sets += 1
        }
        #expect(sets >= 6)
    }

    /// A chain of three links written last link first: each reads the value its source presents
    /// in the same frame, through maps that are not the identity.
    @Test func aThreeLinkChainWrittenInReverse() throws {
        let yaml = """
            motion: 1
            canvas: { fps: 10 }
            targets:
              a: { layer: { position: [100, 100] } }
              b: { layer: { position: [100, 200] } }
              c: { layer: { position: [100, 300] } }
              d: { layer: { position: [100, 400] } }
            transactions:
              - ops:
                  - { add: link, target: "#d", property: position.x, source: { target: "#c", property: position.x }, input: [0, 1000], output: [1000, 0] }
                  - { add: link, target: "#c", property: position.x, source: { target: "#b", property: position.x }, input: [0, 1000], output: [0, 2000] }
                  - { add: link, target: "#b", property: position.x, source: { target: "#a", property: position.x }, input: [0, 1000], output: [0, 500] }
                  - { add: tween, target: "#a", property: position.x, to: 200, duration: 0.3 }
            """
        let run = DocumentRun(document: try decode(yaml))
        for k in 0...6 {
            let t = Double(k) / 10
            let a = 100 + 100 * min(t / 0.3, 1)
            let b = a / 2
            let c = 2 * b
            let d = 1000 - c
            for (target, expected) in [a, b, c, d].enumerated() {
                #expect(abs(run.sample(.position, 0, at: t, target: target) - expected) <= 1e-9, "target \(target) at \(t)")
            }
        }
    }

    /// The document of a chain of `count` links as long documents write it: target i reads
    /// target i + 1, the first link of the chain written first, the last target tweened from 0
    /// to 100 over 0.3 s at 10 frames per second.
    static func deepChain(_ count: Int) -> String {
        var text = "motion: 1\ncanvas: { fps: 10 }\ntargets:\n"
        for t in 0...count { text += "  t\(t): { layer: { position: [0, 0] } }\n" }
        text += "transactions:\n  - ops:\n"
        for t in 0..<count {
            text +=
                "      - { add: link, target: \"#t\(t)\", property: position.x, "
                + "source: { target: \"#t\(t + 1)\", property: position.x }, input: [0, 100], output: [0, 100] }\n"
        }
        return text + "      - { add: tween, target: \"#t\(count)\", property: position.x, from: 0, to: 100, duration: 0.3 }\n"
    }

    /// A chain of 20,000 links runs its frames without a stack as deep as the chain (once a
    /// recursion per link that overflowed the stack), and every link presents the tween's value
    /// of the same frame.
    @Test func aTwentyThousandLinkChainRunsItsFrames() throws {
        let count = 20_000
        let run = DocumentRun(document: try decode(Self.deepChain(count)))
        for k in 0...4 {
            let t = Double(k) / 10
            let x = 100 * min(t / 0.3, 1)
            for target in [0, 1, count / 2, count - 1, count] {
                #expect(abs(run.sample(.position, 0, at: t, target: target) - x) <= 1e-9, "target \(target) at \(t)")
            }
        }
    }
}
