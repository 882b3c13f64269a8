import Testing

@testable import MotionCore

@Suite struct PiecewiseLinearInputTests {
    // A pan from (0, 0) right to (120, 0) then down to (120, 60), from t = 0.5 over 0.4 s: samples at
    // 0.5, 0.7, 0.9; slopes (600, 0) then (0, 300) points per second (worked out by hand).
    let pan = PiecewiseLinearInput(samples: [.point(0, 0), .point(120, 0), .point(120, 60)], start: 0.5, duration: 0.4)

    @Test(arguments: [
        (0.0, 0.0, 0.0), (0.5, 0.0, 0.0), (0.6, 60.0, 0.0), (0.7, 120.0, 0.0), (0.8, 120.0, 30.0),
        (0.9, 120.0, 60.0), (2.0, 120.0, 60.0),
    ])
    func value(t: Double, x: Double, y: Double) {
        let v = pan.value(at: t)
        #expect(v.kind == .point)
        #expect(abs(v[0] - x) < 1e-9 && abs(v[1] - y) < 1e-9)
    }

    /// Velocity: the slope of the segment holding t; at the interior sample (0.7, which is not exact
    /// in binary: 0.7 - 0.5 = 0.19999999999999996) the segment starting there; at the end the last
    /// segment; zero outside.
    @Test(arguments: [
        (0.4, 0.0, 0.0), (0.5, 600.0, 0.0), (0.6, 600.0, 0.0), (0.7, 0.0, 300.0), (0.8, 0.0, 300.0),
        (0.9, 0.0, 300.0), (0.95, 0.0, 0.0),
    ])
    func velocity(t: Double, x: Double, y: Double) {
        let v = pan.velocity(at: t)
        #expect(v.kind == .point)
        #expect(abs(v[0] - x) < 1e-6 && abs(v[1] - y) < 1e-6)
    }

    @Test func releaseVelocityIsLastSlope() {
        #expect(abs(pan.releaseVelocity[1] - 300) < 1e-9 && pan.releaseVelocity[0] == 0)
        #expect(PiecewiseLinearInput(samples: [.scalar(2)], start: 0, duration: 1).releaseVelocity == .scalar(0))
        #expect(PiecewiseLinearInput(samples: [.scalar(1), .scalar(2)], start: 0, duration: 0).releaseVelocity == .scalar(0))
        let pinch = PiecewiseLinearInput(samples: [.scalar(1), .scalar(1.5), .scalar(2.5)], start: 1, duration: 1)
        #expect(abs(pinch.releaseVelocity[0] - 2) < 1e-12)
    }

    @Test func degenerateInputs() {
        let empty = PiecewiseLinearInput(samples: [], start: 0, duration: 1)
        #expect(empty.value(at: 0.5) == .scalar(0) && empty.velocity(at: 0.5) == .scalar(0))
        let single = PiecewiseLinearInput(samples: [.scalar(4)], start: 1, duration: 1)
        #expect(single.value(at: 0) == .scalar(4) && single.value(at: 3) == .scalar(4))
        let instant = PiecewiseLinearInput(samples: [.scalar(1), .scalar(9)], start: 1, duration: 0)
        #expect(instant.value(at: 0.5) == .scalar(1) && instant.value(at: 1) == .scalar(9))
        #expect(instant.velocity(at: 1) == .scalar(0))
        #expect(pan.value(at: .nan) == .point(0, 0))
    }

    /// Many samples: direct index computation at every frame of a long gesture.
    @Test func manySamples() {
        let n = 100_001
        let input = PiecewiseLinearInput(samples: (0..<n).map { .scalar(Double($0 * $0) / 1e6) }, start: 2, duration: 100)
        var worst = 0.0
        for k in 0...6000 {
            let t = 2 + Double(k) / 60
            let x = (t - 2) * 1000  // sample index position
            let i = min(Double(Int(x)), Double(n - 2)), u = x - i
            let expected = (i * i + ((i + 1) * (i + 1) - i * i) * u) / 1e6
            worst = max(worst, abs(input.value(at: t)[0] - expected))
        }
        #expect(worst < 1e-6)
    }
}
