import Testing

@testable import MotionCore

/// One row: timing (commit, delay, duration, repeat, autoreverse), clock time, expected progress.
/// Expected values are worked out by hand from docs/format.md §2.2 (times chosen to be exact in binary).
struct TimingCase: Sendable, CustomTestStringConvertible {
    var commit = 0.0
    var delay = 0.0
    var duration = 1.0
    var repeatCount = 1.0
    var autoreverses = false
    var t: Double
    var expected: Double
    var testDescription: String {
        "c=\(commit) d=\(delay) dur=\(duration) r=\(repeatCount) ar=\(autoreverses) t=\(t) -> \(expected)"
    }
    var timing: TweenTiming {
        TweenTiming(commitTime: commit, delay: delay, duration: duration, repeatCount: repeatCount, autoreverses: autoreverses)
    }
}

let timingCases: [TimingCase] = [
    // One forward pass of 1 s from 0.
    TimingCase(t: -1, expected: 0), TimingCase(t: 0, expected: 0), TimingCase(t: 0.25, expected: 0.25),
    TimingCase(t: 1, expected: 1), TimingCase(t: 5, expected: 1),
    // Committed at 1 with a 0.5 s delay, 2 s long: fill backwards during the delay.
    TimingCase(commit: 1, delay: 0.5, duration: 2, t: 1.25, expected: 0),
    TimingCase(commit: 1, delay: 0.5, duration: 2, t: 1.5, expected: 0),
    TimingCase(commit: 1, delay: 0.5, duration: 2, t: 2.5, expected: 0.5),
    TimingCase(commit: 1, delay: 0.5, duration: 2, t: 3.5, expected: 1),
    TimingCase(commit: 1, delay: 0.5, duration: 2, t: 100, expected: 1),
    // Two repeats: the second pass starts again from 0 at t = 1; the end holds 1.
    TimingCase(repeatCount: 2, t: 0.75, expected: 0.75), TimingCase(repeatCount: 2, t: 1, expected: 0),
    TimingCase(repeatCount: 2, t: 1.25, expected: 0.25), TimingCase(repeatCount: 2, t: 2, expected: 1),
    TimingCase(repeatCount: 2, t: 3, expected: 1),
    // Autoreverse: one repeat = forward then backward; back at 0 after the end.
    TimingCase(autoreverses: true, t: 0.5, expected: 0.5), TimingCase(autoreverses: true, t: 1, expected: 1),
    TimingCase(autoreverses: true, t: 1.25, expected: 0.75), TimingCase(autoreverses: true, t: 2, expected: 0),
    TimingCase(autoreverses: true, t: 9, expected: 0),
    // Autoreverse, 1.5 repeats: forward, backward, forward; ends at 1.
    TimingCase(repeatCount: 1.5, autoreverses: true, t: 2.5, expected: 0.5),
    TimingCase(repeatCount: 1.5, autoreverses: true, t: 3, expected: 1),
    TimingCase(repeatCount: 1.5, autoreverses: true, t: 4, expected: 1),
    // Fractional repeat without autoreverse: the partial pass's progress holds.
    TimingCase(duration: 2, repeatCount: 1.25, t: 2.25, expected: 0.125),
    TimingCase(duration: 2, repeatCount: 1.25, t: 2.5, expected: 0.25),
    TimingCase(duration: 2, repeatCount: 1.25, t: 9, expected: 0.25),
    // Autoreverse, 0.75 repeats = 1.5 passes: halfway back at the end.
    TimingCase(repeatCount: 0.75, autoreverses: true, t: 1.25, expected: 0.75),
    TimingCase(repeatCount: 0.75, autoreverses: true, t: 1.5, expected: 0.5),
    TimingCase(repeatCount: 0.75, autoreverses: true, t: 3, expected: 0.5),
    // Forever, far into the run.
    TimingCase(repeatCount: .infinity, t: 1_000_000.25, expected: 0.25),
    TimingCase(repeatCount: .infinity, autoreverses: true, t: 1_000_000.25, expected: 0.25),
    TimingCase(repeatCount: .infinity, autoreverses: true, t: 1_000_001.25, expected: 0.75),
    // Duration 0: the last value at once (after the delay), even when repeating forever.
    TimingCase(delay: 1, duration: 0, t: 0.5, expected: 0), TimingCase(delay: 1, duration: 0, t: 1, expected: 1),
    TimingCase(delay: 1, duration: 0, t: 7, expected: 1),
    TimingCase(duration: 0, repeatCount: .infinity, autoreverses: true, t: 0, expected: 1),
    // Invalid input is made usable: negative duration = 0, repeat 0 = 1, NaN time = before start.
    TimingCase(duration: -1, t: 0.5, expected: 1), TimingCase(repeatCount: 0, t: 3, expected: 1),
    TimingCase(t: .nan, expected: 0),
]

@Suite struct TweenTimingTests {
    @Test(arguments: timingCases)
    func progress(_ c: TimingCase) {
        #expect(abs(c.timing.progress(at: c.t) - c.expected) < 1e-12)
    }

    @Test func startAndEnd() {
        let t = TweenTiming(commitTime: 2, delay: 0.5, duration: 0.3, repeatCount: 2, autoreverses: true)
        #expect(t.start == 2.5)
        #expect(abs(t.end - 3.7) < 1e-12)
        #expect(TweenTiming(commitTime: 0, duration: 1, repeatCount: .infinity).end == .infinity)
        #expect(TweenTiming(commitTime: 1, delay: 2, duration: 0, repeatCount: .infinity).end == 3)
        #expect(TweenTiming(commitTime: 0, duration: 1e300, repeatCount: 1e300).end == .infinity)
    }

    @Test func coversFromCommitToEnd() {
        let t = TweenTiming(commitTime: 1, delay: 1, duration: 1)
        #expect(!t.covers(0.5))
        #expect(t.covers(1))
        #expect(t.covers(1.5))
        #expect(t.covers(3))
        #expect(!t.covers(3.0001))
        #expect(TweenTiming(commitTime: 0, duration: 1, repeatCount: .infinity).covers(1e12))
    }

    /// At the exact end the last moment's value applies, even when (t - start) / duration rounds
    /// below the pass count; just before the end the progress is close to it, never a jump to 0.
    @Test(arguments: [0.1, 0.3, 0.7, 1.0 / 3, 0.123456789])
    func endIsTheLastMoment(duration: Double) {
        for commit in [0.0, 0.1, 1.7, 1234.5678] {
            let t = TweenTiming(commitTime: commit, delay: 0.2, duration: duration, repeatCount: 3)
            #expect(t.progress(at: t.end) == 1)
            #expect(t.progress(at: t.end.nextDown) > 0.99)
        }
    }

    /// Extreme inputs stay finite and O(1).
    @Test func extremeInputs() {
        let huge = TweenTiming(commitTime: 0, duration: 1e300, repeatCount: 1e10)
        #expect((0...1).contains(huge.progress(at: 2.5e300)))
        #expect(huge.progress(at: 0.5e300) == 0.5)
        let tiny = TweenTiming(commitTime: 0, duration: 1e-300, repeatCount: .infinity, autoreverses: true)
        #expect(tiny.progress(at: 1e10).isFinite)
        let many = TweenTiming(commitTime: 0, duration: 1, repeatCount: 1e18, autoreverses: true)
        #expect(many.progress(at: 2e18) == 0)
        #expect(many.progress(at: 1e17 + 0.5).isFinite)
    }
}

/// Every pair of two-decimal times a = i / 100 and b = j / 100 in [0, 1) whose decimal sum is a
/// whole frame at 60 fps, with that frame: (i + j) / 100 = n / 60 exactly when 5 divides i + j,
/// and then n = 3 (i + j) / 5 (worked out in integers, not by the code under test).
let decimalFrameSums: [(a: Double, b: Double, frame: Int)] = {
    var pairs: [(a: Double, b: Double, frame: Int)] = []
    for i in 0..<100 {
        for j in 0..<100 where (i + j) % 5 == 0 {
            pairs.append((Double(i) / 100, Double(j) / 100, 3 * (i + j) / 5))
        }
    }
    return pairs
}()

@Suite struct DecimalTimingTests {
    @Test func thePairsAreEveryWholeFrameSum() {
        #expect(decimalFrameSums.count == 2000)
        #expect(decimalFrameSums.contains { $0.a == 0.03 && $0.b == 0.27 && $0.frame == 18 })
        #expect(decimalFrameSums.contains { $0.a == 0.07 && $0.b == 0.58 && $0.frame == 39 })
    }

    /// A start at a + b (commit plus delay, or an animation's begin time as it was added at a)
    /// shows the tween's value from the frame at a + b, not one frame later.
    @Test("a start written as a decimal sum lands on the frame it names")
    func startsLandOnTheirFrames() {
        var late: [String] = []
        for (a, b, n) in decimalFrameSums {
            let frame = Double(n) / 60
            let committed = TweenTiming(commitTime: a, delay: b, duration: 0)
            let added = KeyframeAnimation(
                values: [.scalar(0), .scalar(1)], keyTimes: [0, 1], timingFunctions: [.linear], beginTime: frame, duration: 0
            ).sampler(addedTime: a).timing
            for (name, timing) in [("commit + delay", committed), ("added animation", added)]
            where timing.start != frame || timing.progress(at: frame) != 1 || timing.progress(at: frame.nextDown) != 0 {
                late.append("\(name) \(a) + \(b): starts at \(timing.start), not frame \(n)")
            }
        }
        #expect(late.isEmpty, "\(late.count) late, such as \(late.prefix(3))")
    }

    /// A tween of duration b committed at a ends (progress 1) at the frame at a + b and not at the
    /// frame before; with two repeats its second pass starts there (progress 0) and not before,
    /// and with autoreverse it turns there.
    @Test("an end or a repeat written as a decimal sum lands on the frame it names")
    func endsAndRepeatsLandOnTheirFrames() {
        var late: [String] = []
        for (a, b, n) in decimalFrameSums where b > 0 {
            let frame = Double(n) / 60
            let before = Double(n - 1) / 60
            let once = TweenTiming(commitTime: a, duration: b)
            if once.end != frame || once.progress(at: frame) != 1 || !(once.progress(at: before) < 1) {
                late.append("\(a) + \(b): ends at \(once.end), progress \(once.progress(at: frame)) at frame \(n)")
            }
            let twice = TweenTiming(commitTime: a, duration: b, repeatCount: 2)
            if twice.passStart(1) != frame || twice.progress(at: frame) != 0 || twice.progress(at: before) == 0 && before > a {
                late.append("\(a) + \(b): second pass at \(twice.passStart(1)), progress \(twice.progress(at: frame)) at frame \(n)")
            }
            let turning = TweenTiming(commitTime: a, duration: b, autoreverses: true)
            if turning.progressRate(at: frame) != -1 / b || turning.progressRate(at: frame.nextDown) != 1 / b {
                late.append("\(a) + \(b): turns at rate \(turning.progressRate(at: frame)) at frame \(n)")
            }
        }
        #expect(late.isEmpty, "\(late.count) late, such as \(late.prefix(3))")
    }

    /// Three repeats of 0.1 s from 0.1 s: passes start at 0.2 and 0.3 s and the tween ends at 0.4
    /// s, the frames 12, 18 and 24 at 60 fps, though 0.1 + 2 x 0.1 is 0.30000000000000004.
    @Test func repeatsOfADecimalDuration() {
        let t = TweenTiming(commitTime: 0.1, duration: 0.1, repeatCount: 3)
        #expect(0.1 + 2 * 0.1 != 0.3)
        #expect([1, 2, 3].map(t.passStart) == [0.2, 0.3, 0.4])
        #expect(t.end == 0.4)
        #expect([12, 18, 24].map { t.progress(at: Double($0) / 60) } == [0, 0, 1])
        // Between boundaries the progress is the elapsed fraction of the pass.
        #expect(abs(t.progress(at: 21.0 / 60) - 0.5) < 1e-12)
    }

    /// The same sums near a day (86,000 s plus a), where binary rounding of a sum reaches 1.5e-11 s:
    /// a start or an end there still lands on the frame 5,160,000 + n.
    @Test("decimal sums near a day land on their frames")
    func sumsNearADayLandOnTheirFrames() {
        var late: [String] = []
        for (a, b, n) in decimalFrameSums {
            let commit = Double(8_600_000 + Int((a * 100).rounded())) / 100
            let frame = Double(5_160_000 + n) / 60
            let jump = TweenTiming(commitTime: commit, delay: b, duration: 0)
            let tween = TweenTiming(commitTime: commit, duration: b)
            if jump.start != frame || b > 0 && tween.end != frame {
                late.append("\(commit) + \(b): starts at \(jump.start), ends at \(tween.end), not \(frame)")
            }
        }
        #expect(late.isEmpty, "\(late.count) late, such as \(late.prefix(3))")
        // docs/format.md §2.2's example: 86,000.15 s is frame 5,160,009 at 60 fps.
        #expect(86_000.02 + 0.13 > 5_160_009.0 / 60)
        #expect(Seconds.sum(86_000.02, 0.13) == 5_160_009.0 / 60)
    }

    /// Times that are no decimal of whole nanoseconds, and times past the limit, stay as they are.
    @Test func otherTimesStay() {
        #expect(Seconds.snapped(86_000 + 1.0 / 3) == 86_000 + 1.0 / 3)
        #expect(Seconds.snapped(0.1 + 1e-11) == 0.1 + 1e-11)
        #expect(Seconds.snapped(Seconds.snapLimit + 0.5e-10) == Seconds.snapLimit + 0.5e-10)
        #expect(Seconds.snapped(-(0.1 + 0.2)) == -0.3)
        #expect(Seconds.snapped(.nan).isNaN && Seconds.snapped(-.infinity) == -.infinity)
    }
}
