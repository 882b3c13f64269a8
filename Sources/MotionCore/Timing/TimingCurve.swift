/// An easing curve: how a tween segment's progress maps to its value's progress (docs/format.md §2.2).
///
/// A curve is either linear or a CSS `cubic-bezier(x1, y1, x2, y2)` with end points (0, 0) and
/// (1, 1). It is solved as CSS defines it: find the curve parameter `s` with `x(s) = u`, to
/// `|x(s) - u| <= 1e-12` by Newton steps with a bisection fallback (docs/format.md), and
/// return `y(s)`. The scheduler, the render server and every export evaluate curves through
/// ``value(at:)``, so they agree with each other exactly and with any exact solver to 1e-9.
public enum TimingCurve: Hashable, Sendable {
    /// Output equals input.
    case linear
    /// A CSS cubic-bezier.
    ///
    /// `x1` and `x2` should lie in 0...1 (the validator reports W005 otherwise); `y1` and `y2` are
    /// free, so the curve may overshoot.
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)

    /// The curve names a document may use, in the order docs/format.md §2.2 lists them.
    public static let names: [String] = [
        "linear", "standard", "deceleration", "acceleration", "sharp", "easeIn", "easeOut", "easeInOut",
        "default", "emphasizedDecelerate", "emphasizedAccelerate",
    ]

    /// The curve with a docs/format.md §2.2 name (`standard`, `easeInOut`, ...), or nil for an unknown name.
    ///
    /// Names are case-sensitive, as they appear in documents.
    public static func named(_ name: String) -> TimingCurve? {
        switch name {
        case "linear": .linear
        case "standard": .cubicBezier(x1: 0.4, y1: 0, x2: 0.2, y2: 1)
        case "deceleration": .cubicBezier(x1: 0, y1: 0, x2: 0.2, y2: 1)
        case "acceleration": .cubicBezier(x1: 0.4, y1: 0, x2: 1, y2: 1)
        case "sharp": .cubicBezier(x1: 0.4, y1: 0, x2: 0.6, y2: 1)
        case "easeIn": .cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
        case "easeOut": .cubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
        case "easeInOut": .cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        case "default": .cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
        case "emphasizedDecelerate": .cubicBezier(x1: 0.05, y1: 0.7, x2: 0.1, y2: 1)
        case "emphasizedAccelerate": .cubicBezier(x1: 0.3, y1: 0, x2: 0.8, y2: 0.15)
        default: nil
        }
    }

    /// The control points `(x1, y1, x2, y2)`; linear is `(0, 0, 1, 1)`.
    public var controlPoints: (Double, Double, Double, Double) {
        switch self {
        case .linear: (0, 0, 1, 1)
        case let .cubicBezier(x1, y1, x2, y2): (x1, y1, x2, y2)
        }
    }

    /// The curve played backwards: `(1 - x2, 1 - y2, 1 - x1, 1 - y1)`; linear stays linear.
    ///
    /// `reversed.value(at: u) == 1 - value(at: 1 - u)` up to the solver's tolerance. Transition tweens
    /// use it as the default backward easing.
    public var reversed: TimingCurve {
        switch self {
        case .linear: .linear
        case let .cubicBezier(x1, y1, x2, y2): .cubicBezier(x1: 1 - x2, y1: 1 - y2, x2: 1 - x1, y2: 1 - y1)
        }
    }

    /// The curve's output at input progress `u`, as CSS `cubic-bezier()` defines it.
    ///
    /// `u` is clamped to 0...1 (NaN counts as 0); `value(at: 0) == 0` and `value(at: 1) == 1` exactly.
    /// The solver finds `s` with `|x(s) - u| <= 1e-12` and returns `y(s)`.
    ///
    /// - Complexity: O(1): at most 8 Newton steps, then at most 64 bisection steps (typically 2-3
    ///   Newton steps and no bisection).
    @inlinable
    public func value(at u: Double) -> Double {
        guard u > 0 else { return 0 }
        guard u < 1 else { return 1 }
        switch self {
        case .linear:
            return u
        case let .cubicBezier(x1, y1, x2, y2):
            return UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2).solve(u)
        }
    }
}

/// The polynomial form of a cubic-bezier timing curve, after WebKit's `UnitBezier`.
@usableFromInline
struct UnitBezier {
    @usableFromInline let ax: Double
    @usableFromInline let bx: Double
    @usableFromInline let cx: Double
    @usableFromInline let ay: Double
    @usableFromInline let by: Double
    @usableFromInline let cy: Double

    /// The solver's tolerance on x: `|x(s) - u| <= 1e-12` (docs/format.md, tween semantics).
    @usableFromInline static let epsilon = 1e-12

    @inlinable
    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    /// Creates the polynomial from coefficients computed earlier by ``init(x1:y1:x2:y2:)``, so a
    /// cached curve solves exactly as a fresh one does.
    @inlinable
    init(ax: Double, bx: Double, cx: Double, ay: Double, by: Double, cy: Double) {
        self.ax = ax
        self.bx = bx
        self.cx = cx
        self.ay = ay
        self.by = by
        self.cy = cy
    }

    @inlinable func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    @inlinable func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    @inlinable func sampleDerivativeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// The parameter `s` in 0...1 with `|x(s) - x| <= 1e-12` (for `x` in 0...1).
    ///
    /// Newton steps from `s = x` in Halley's form (the step uses x'' too, so it converges
    /// cubically: typically 2-3 steps to 1e-12 where plain Newton takes 3-6), keeping a bracket
    /// `[lo, hi]` around the root (x(s) is non-decreasing on 0...1 when x1 and x2 lie in 0...1);
    /// a step that leaves the bracket or a vanishing slope hands over to bisection of the bracket.
    ///
    /// - Complexity: O(1): at most 8 Newton steps, then at most 64 bisection steps.
    @inlinable
    func solveCurveX(_ x: Double) -> Double {
        var lo = 0.0
        var hi = 1.0
        var s = x
        for _ in 0..<8 {
            let error = sampleX(s) - x
            if abs(error) <= Self.epsilon { return s }
            if error < 0 { lo = s } else { hi = s }
            let slope = sampleDerivativeX(s)
            let curvature = 6 * ax * s + 2 * bx
            let denominator = 2 * slope * slope - error * curvature
            if abs(slope) < 1e-9 || denominator == 0 { break }
            let next = s - 2 * error * slope / denominator
            if !(next > lo && next < hi) { break }  // left the bracket (or NaN): bisect instead
            s = next
        }
        for _ in 0..<64 {
            s = lo + (hi - lo) * 0.5
            let error = sampleX(s) - x
            if abs(error) <= Self.epsilon { return s }
            if error < 0 { lo = s } else { hi = s }
        }
        return s
    }

    /// `y(s)` where `x(s) = x`.
    @inlinable
    func solve(_ x: Double) -> Double { sampleY(solveCurveX(x)) }
}
