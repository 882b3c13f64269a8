import Foundation
import MotionCore
import MotionPlans
import MotionRuntime
import MotionScheduler
import Testing

/// Squash and stretch reads a tween's velocity in closed form, at every frame including the first
/// and the last, and stretches the scale the layer would show without it.
@Suite struct SquashAndStretchTests {
    /// The progress of CSS `cubic-bezier(x1, y1, x2, y2)` and its slope at time fraction `p`:
    /// the curve's parameter found by bisection on x, then dy/dx = y'(u) / x'(u).
    static func cssCubicBezierSlope(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at p: Double) -> Double {
        func coordinate(_ a: Double, _ b: Double, _ u: Double) -> Double {
            3 * a * u * (1 - u) * (1 - u) + 3 * b * u * u * (1 - u) + u * u * u
        }
        func derivative(_ a: Double, _ b: Double, _ u: Double) -> Double {
            3 * a * (1 - u) * (1 - u) + 6 * (b - a) * u * (1 - u) + 3 * (1 - b) * u * u
        }
        var (lo, hi) = (0.0, 1.0)
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if coordinate(x1, x2, mid) < p { lo = mid } else { hi = mid }
        }
        let u = (lo + hi) / 2
        return derivative(y1, y2, u) / derivative(x1, x2, u)
    }

    @Test("a linear tween stretches fully at every frame it moves, and not at its end")
    func linearTween() throws {
        let run = try DocumentRun(
            document: decode(
                boxDocument(
                    transactions: """
                        - ops:
                            - { add: tween, target: "#box", property: position.x, values: [0, 600], duration: 1s, easing: linear }
                            - { add: squashAndStretch, target: "#box", factor: 0.3 }
                        """)))
        // 600 pt/s: s = 1 + 0.3 * 0.6 along x, 1 / s across.
        let s = 1 + 0.3 * 0.6
        for k in 0..<60 {
            let t = Double(k) / 60
            #expect(abs(run.sample(.scale, 0, at: t) - s) < 1e-9, "frame \(k)")
            #expect(abs(run.sample(.scale, 1, at: t) - 1 / s) < 1e-9, "frame \(k)")
        }
        // The last frame is the tween's end: the box has arrived and is at rest.
        #expect(run.sample(.scale, 0, at: 1) == 1)
        #expect(run.sample(.scale, 1, at: 1) == 1)
    }

    @Test("an eased tween stretches by the easing's derivative (CSS cubic-bezier, solved independently)")
    func easedTween() throws {
        let run = try DocumentRun(
            document: decode(
                boxDocument(
                    transactions: """
                        - ops:
                            - { add: tween, target: "#box", property: position.y, values: [0, 400], duration: 0.5s, easing: [0.4, 0, 0.2, 1] }
                            - { add: squashAndStretch, target: "#box", factor: 0.5 }
                        """)))
        for k in [1, 2, 5, 10, 15, 20, 25, 29] {
            let t = Double(k) / 60
            let speed = 400 / 0.5 * Self.cssCubicBezierSlope(0.4, 0, 0.2, 1, at: t / 0.5)
            let s = 1 + 0.5 * min(abs(speed) / 1000, 1)
            #expect(abs(run.sample(.scale, 1, at: t) - s) < 1e-6, "frame \(k)")
            #expect(abs(run.sample(.scale, 0, at: t) - 1 / s) < 1e-6, "frame \(k)")
        }
        #expect(run.sample(.scale, 1, at: 0.5) == 1)
    }

    @Test("the stretch multiplies the scale a pop-in tween left, and the layer keeps that scale at rest")
    func stretchesTheScaleATweenLeft() throws {
        let run = try DocumentRun(
            document: decode(
                boxDocument(
                    transactions: """
                        - ops:
                            - { add: tween, target: "#box", property: scale, from: 0.5, to: 1, duration: 0.3, easing: linear }
                            - { add: squashAndStretch, target: "#box" }
                        - at: 0.5
                          ops:
                            - { add: tween, target: "#box", property: position.x, to: 300, duration: 0.5, easing: linear }
                        """)))
        // The pop-in plays as written: nothing moves yet.
        for k in 0...18 {
            let t = Double(k) / 60
            #expect(abs(run.sample(.scale, 0, at: t) - (0.5 + 0.5 * t / 0.3)) < 1e-9, "frame \(k)")
        }
        // Moving at 600 pt/s along x with the default factor 0.2: s = 1.12 times the base 1.
        let s = 1 + 0.2 * 0.6
        for k in 30..<60 {
            let t = Double(k) / 60
            #expect(abs(run.sample(.scale, 0, at: t) - s) < 1e-9, "frame \(k)")
            #expect(abs(run.sample(.scale, 1, at: t) - 1 / s) < 1e-9, "frame \(k)")
        }
        run.advance(to: 2)
        #expect(run.sample(.scale, 0, at: 2) == 1)
        #expect(run.sample(.scale, 1, at: 2) == 1)
    }

    @Test("a scale tween after squash and stretch is added becomes the base it stretches")
    func stretchesALaterScale() throws {
        let run = try DocumentRun(
            document: decode(
                boxDocument(
                    transactions: """
                        - ops:
                            - { add: squashAndStretch, target: "#box" }
                        - at: 0.1
                          ops:
                            - { add: tween, target: "#box", property: scale, to: 2, duration: 0.2 }
                        - at: 0.5
                          ops:
                            - { add: tween, target: "#box", property: position.y, to: 300, duration: 0.5, easing: linear }
                        """)))
        let s = 1 + 0.2 * 0.6
        #expect(run.sample(.scale, 0, at: 0.4) == 2)
        #expect(abs(run.sample(.scale, 1, at: 0.75) - 2 * s) < 1e-9)
        #expect(abs(run.sample(.scale, 0, at: 0.75) - 2 / s) < 1e-9)
        run.advance(to: 2)
        #expect(run.sample(.scale, 0, at: 2) == 2)
        #expect(run.sample(.scale, 1, at: 2) == 2)
    }

    @Test(
        "a link reading the stretched scale shows it on the same frame, in either target order",
        arguments: ["a: { layer: { position: [0, 0] } }\n  b: {}", "b: {}\n  a: { layer: { position: [0, 0] } }"])
    func linkReadsTheStretchOfItsFrame(targets: String) throws {
        let yaml = """
            motion: 1
            targets:
              \(targets)
            transactions:
              - ops:
                  - { add: squashAndStretch, target: "#a" }
                  - { add: link, target: "#b", property: rotation, source: { target: "#a", property: scale.x }, input: [0, 1], output: [0, 1], clamp: false }
                  - { add: tween, target: "#a", property: position.x, to: 300, duration: 0.5, easing: easeInOut }
            """
        let run = DocumentRun(document: try decode(yaml))
        let a = try #require(run.document.targets.firstIndex { $0.id.value == "a" })
        let b = try #require(run.document.targets.firstIndex { $0.id.value == "b" })
        var stretched = 0
        for k in 0...32 {
            let t = Double(k) / 60
            run.advance(to: t)
            let scale = run.presentation.value(layer: a, property: .scale, at: t)[0]
            if scale != 1 { stretched += 1 }
            #expect(run.presentation.value(layer: b, property: .rotation, at: t)[0] == scale, "frame \(k)")
        }
        #expect(stretched > 20)
    }
}
