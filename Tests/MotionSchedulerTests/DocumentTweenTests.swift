import MotionCore
import MotionPlans
import MotionRuntime
import MotionScheduler
import Testing

/// Tweens through the document compiler, against hand-computed keyframe and CSS values.
@Suite struct DocumentTweenTests {
    /// One linear tween 0 -> 10 on opacity-like `cornerRadius`, with options, sampled at times.
    static func run(_ options: String, from: Double = 0, to: Double = 10) throws -> DocumentRun {
        try DocumentRun(
            document: decode(
                boxDocument(
                    transactions: """
                        - ops:
                            - { add: tween, target: "#box", property: cornerRadius, from: \(from), to: \(to), duration: 1\(options) }
                        """)))
    }

    @Test(
        "linear tween timing: delay fills backwards, repeat, autoreverse, fractional repeat",
        arguments: [
            // (options, time, expected): values by hand from docs/format.md §2.2.
            ("", 0.0, 0.0), ("", 0.25, 2.5), ("", 1.0, 10.0), ("", 5.0, 10.0),
            (", delay: 0.5", 0.25, 0.0), (", delay: 0.5", 1.0, 5.0), (", delay: 0.5", 1.5, 10.0),
            (", repeat: 2", 1.25, 2.5), (", repeat: 2", 2.5, 10.0),
            (", autoreverse: true", 0.5, 5.0), (", autoreverse: true", 1.25, 7.5), (", autoreverse: true", 3.0, 0.0),
            (", repeat: 1.5", 1.25, 2.5), (", repeat: 1.5", 4.0, 5.0),
            (", repeat: 1.5, autoreverse: true", 2.25, 2.5), (", repeat: 1.5, autoreverse: true", 9.0, 10.0),
            (", repeat: forever", 7.25, 2.5),
        ] as [(String, Double, Double)])
    func timing(options: String, time: Double, expected: Double) throws {
        let run = try Self.run(options)
        #expect(abs(run.sample(.cornerRadius, at: time) - expected) < 1e-12)
    }

    @Test("duration 0 shows the last value at once")
    func durationZero() throws {
        let run = try DocumentRun(
            document: decode(
                boxDocument(
                    transactions: """
                        - ops:
                            - { add: tween, target: "#box", property: cornerRadius, values: [1, 2, 3], duration: 0 }
                        """)))
        #expect(run.sample(.cornerRadius, at: 0) == 3)
        #expect(run.isAtRest)
    }

    @Test(
        "CSS cubic-bezier easing at frame times",
        arguments: [
            // y(s) where x(s) = u, by an independent 200-step bisection in python3:
            // standard (0.4, 0, 0.2, 1) and easeInOut (0.42, 0, 0.58, 1).
            ("standard", 0.25, 0.2365873604677816), ("standard", 0.5, 0.7755613111161977),
            ("standard", 0.75, 0.9593677367393759), ("easeInOut", 0.25, 0.1291619310473198),
            ("easeInOut", 0.5, 0.5), ("easeInOut", 0.9, 0.9802775464516889),
        ] as [(String, Double, Double)])
    func easing(name: String, u: Double, expected: Double) throws {
        let run = try Self.run(", easing: \(name)", from: 0, to: 1)
        // CSS solves x to 1e-7; y's slope is below 3 here.
        #expect(abs(run.sample(.cornerRadius, at: u) - expected) < 5e-7)
    }

    @Test("keyframes with offsets and per-segment easings")
    func keyframes() throws {
        let run = try DocumentRun(
            document: decode(
                boxDocument(
                    transactions: """
                        - ops:
                            - add: tween
                              target: "#box"
                              property: cornerRadius
                              values: [0, 10, 4]
                              offsets: [0, 0.25, 1]
                              easing: [linear, linear]
                              duration: 2
                        """)))
        // Segment 0 spans 0..0.5 s, segment 1 spans 0.5..2 s.
        #expect(abs(run.sample(.cornerRadius, at: 0.25) - 5) < 1e-12)
        #expect(abs(run.sample(.cornerRadius, at: 1.25) - 7) < 1e-12)
        #expect(run.sample(.cornerRadius, at: 3) == 4)
    }

    @Test("precedence: a later tween covers, the earlier one resumes, the one that ended last holds")
    func precedence() throws {
        let run = try DocumentRun(
            document: decode(
                boxDocument(
                    transactions: """
                        - at: 0
                          ops: [{ add: tween, target: "#box", property: cornerRadius, from: 0, to: 100, duration: 2 }]
                        - at: 0.5
                          ops: [{ add: tween, target: "#box", property: cornerRadius, from: 0, to: 10, duration: 0.5 }]
                        """)))
        #expect(abs(run.sample(.cornerRadius, at: 0.25) - 12.5) < 1e-12)
        #expect(abs(run.sample(.cornerRadius, at: 0.75) - 5) < 1e-12)
        #expect(abs(run.sample(.cornerRadius, at: 1.5) - 75) < 1e-12)
        #expect(run.sample(.cornerRadius, at: 3) == 100)
    }

    @Test("`to` alone runs from the presented value at its commit")
    func toAlone() throws {
        let run = try DocumentRun(
            document: decode(
                boxDocument(
                    transactions: """
                        - at: 0
                          ops: [{ add: tween, target: "#box", property: cornerRadius, from: 0, to: 100, duration: 1 }]
                        - at: 0.5
                          ops: [{ add: tween, target: "#box", property: cornerRadius, to: 0, duration: 1 }]
                        """)))
        // From 50 at 0.5 s to 0 at 1.5 s.
        #expect(abs(run.sample(.cornerRadius, at: 1.0) - 25) < 1e-12)
        #expect(run.sample(.cornerRadius, at: 2) == 0)
    }

    @Test("named replacement starts from the presented value; remove keeps the presented value")
    func namedReplacementAndRemoval() throws {
        let run = try DocumentRun(
            document: decode(
                boxDocument(
                    transactions: """
                        - at: 0
                          ops: [{ add: tween, target: "#box", name: fade, property: cornerRadius, from: 0, to: 100, duration: 1 }]
                        - at: 0.5
                          ops: [{ add: tween, target: "#box", name: fade, property: cornerRadius, to: 0, duration: 1 }]
                        - at: 1.0
                          ops: [{ remove: fade, target: "#box" }]
                        """)))
        #expect(abs(run.sample(.cornerRadius, at: 0.5) - 50) < 1e-12)
        #expect(abs(run.sample(.cornerRadius, at: 0.75) - 37.5) < 1e-12)
        #expect(abs(run.sample(.cornerRadius, at: 1.0) - 25) < 1e-12)
        #expect(abs(run.sample(.cornerRadius, at: 2.0) - 25) < 1e-12)
        #expect(run.isAtRest)
        #expect(run.restTime() == 1.0)
    }

    @Test("a commit between frames happens at exactly its time")
    func offGridCommit() throws {
        let run = try DocumentRun(
            document: decode(
                boxDocument(
                    fps: 24,
                    transactions: """
                        - at: 0.3
                          ops: [{ add: tween, target: "#box", property: cornerRadius, from: 0, to: 10, duration: 1 }]
                        """)))
        // Frame 10 of 24 fps is at 0.41666... s: 0.116666... s into the tween.
        run.advance(toFrame: 10)
        let t = 10.0 / 24.0
        #expect(abs(run.presentation.value(layer: 0, property: .cornerRadius, at: t)[0] - (t - 0.3) * 10) < 1e-12)
    }
}
