#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The velocity of what a property presents, in closed form, and the per-component form of an
/// animation: what the hand-off between families needs (docs/format.md §2.6).
///
/// Physics that takes a property over starts from the presented value *and* velocity: a tween's
/// velocity is the derivative of the segment that gives its value (0 during a delay and after
/// the end), a spring's is its own closed-form velocity.
extension TimingCurve {
    /// The slope `dy/du` of the curve at input progress `u` (clamped to 0...1).
    ///
    /// The curve parameter `s` with `x(s) = u` is found to 1e-12 (Newton steps, bisection
    /// fallback); the slope is `y'(s) / x'(s)`. Where `x'(s)` vanishes (an end point with
    /// `x1 = 0` or `x2 = 1`) the ratio of the second derivatives is its limit.
    ///
    /// - Complexity: O(1): at most 8 Newton steps, then at most 64 bisection steps.
    public func slope(at u: Double) -> Double {
        guard case let .cubicBezier(x1, y1, x2, y2) = self else { return 1 }
        let cx = 3 * x1
        let bx = 3 * (x2 - x1) - cx
        let ax = 1 - cx - bx
        let cy = 3 * y1
        let by = 3 * (y2 - y1) - cy
        let ay = 1 - cy - by
        let target = u.isNaN ? 0 : Swift.min(Swift.max(u, 0), 1)
        func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
        func dx(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
        func dy(_ s: Double) -> Double { (3 * ay * s + 2 * by) * s + cy }
        var s = target
        var solved = false
        for _ in 0..<8 {
            let error = x(s) - target
            if abs(error) <= 1e-12 {
                solved = true
                break
            }
            let d = dx(s)
            if abs(d) < 1e-9 { break }
            s -= error / d
            if !(s >= 0 && s <= 1) { break }
        }
        if !solved {
            var lo = 0.0
            var hi = 1.0
            s = target
            for _ in 0..<64 {
                let value = x(s)
                if abs(value - target) <= 1e-12 { break }
                if target > value { lo = s } else { hi = s }
                s = lo + (hi - lo) * 0.5
            }
        }
        let d = dx(s)
        if abs(d) > 1e-12 { return dy(s) / d }
        // x'(s) = 0: the limit of y'/x' is y''/x'' there.
        let ddx = 6 * ax * s + 2 * bx
        let ddy = 6 * ay * s + 2 * by
        return abs(ddx) > 1e-12 ? ddy / ddx : 0
    }
}

extension TweenTiming {
    /// How fast the keyframe progress moves at clock time `t`, per second.
    ///
    /// It is `1 / duration` on a forward pass, `-1 / duration` on a backward one, 0 before the
    /// start, at and after the end, and for a duration of 0.
    ///
    /// - Complexity: O(1).
    public func progressRate(at t: Double) -> Double {
        let start = self.start
        let d = passDuration
        guard t >= start, d > 0 else { return 0 }
        guard t < end, let (k, _) = Self.pass(at: t, start: start, passDuration: d, passes: passCount) else { return 0 }
        return autoreverses && isOdd(k) ? -1 / d : 1 / d
    }
}

extension Keyframes {
    /// The derivative of component `component` with respect to progress at progress `p`.
    ///
    /// It is the slope of the segment holding `p` (0 outside the segments).
    ///
    /// - Complexity: O(log n), plus one curve slope.
    public func derivative(atProgress p: Double, component: Int) -> Double {
        let n = offsets.count
        guard (0..<4).contains(component), n >= 2, p >= offsets[0], p < offsets[n - 1] else { return 0 }
        var lo = 0
        var hi = n - 1
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2
            if offsets[mid] <= p { lo = mid } else { hi = mid }
        }
        let width = offsets[lo + 1] - offsets[lo]
        let u = (p - offsets[lo]) / width
        let a = values[lo].components[component]
        let b = values[lo + 1].components[component]
        return (b - a) * curves[lo].slope(at: u) / width
    }
}

extension Animation {
    /// The animation restricted to component `c` of its values: the same timing, scalar values.
    ///
    /// A spring keeps its begin time and duration, so the component follows the same trajectory
    /// and comes to rest at the same moment.
    public func projected(toComponent c: Int) -> Animation {
        switch self {
        case .keyframe(var k):
            k.values = k.values.map { .scalar($0[c]) }
            return .keyframe(k)
        case .spring(let s):
            return .spring(
                SpringAnimation(
                    from: .scalar(s.from[c]), to: .scalar(s.to[c]), initialVelocity: .scalar(s.initialVelocity[c]),
                    stiffness: s.stiffness, damping: s.damping, mass: s.mass, beginTime: s.beginTime, duration: s.duration))
        case .path(let p):
            return .path(p.projected(toComponent: c))
        }
    }
}

extension PropertyChannel.Entry {
    /// The velocity of component `c` at `t`, per second; 0 at and after the end.
    ///
    /// `c` is the entry's own index when it drives one component. The velocity is the keyframe
    /// segment's derivative times the progress rate (a path's by a difference over progress), or
    /// the spring's closed-form velocity.
    ///
    /// - Complexity: O(log n) for n keyframes, or O(1) for a spring.
    public func velocity(_ c: Int, at t: Double) -> Double {
        let index = component == nil ? c : 0
        guard t < end else { return 0 }
        if let spring {
            guard index < spring.from.kind.componentCount else { return 0 }
            return spring.solution(index).velocity(at: t - spring.beginTime)
        }
        let rate = timing.progressRate(at: t)
        guard rate != 0 else { return 0 }
        if let path {
            // A difference of the eased path over progress (h = 1e-6), inside 0...1.
            let p = timing.progress(at: t)
            let h = 1e-6
            let a = max(p - h, 0)
            let b = min(p + h, 1)
            guard b > a else { return 0 }
            return (path.value(atProgress: b)[index] - path.value(atProgress: a)[index]) / (b - a) * rate
        }
        return keyframes.derivative(atProgress: timing.progress(at: t), component: index) * rate
    }
}

extension PropertyChannel {
    /// The index in ``entries`` of the animation that presents component `c` at `t`.
    ///
    /// It is the latest-added one that covers `t`; nil when none covers it (the format's
    /// precedence rule, as ``value(at:)`` applies it).
    ///
    /// - Complexity: O(k) for k animations on the property.
    public func presenter(of c: Int, at t: Double) -> Int? {
        entries.lastIndex { $0.drives(c) && $0.addedTime <= t && t <= $0.end }
    }

    /// The velocity of the presented value at `t`, per component.
    ///
    /// Each component takes the presenting animation's closed-form velocity
    /// (``Entry/velocity(_:at:)``), 0 where no animation covers `t`.
    ///
    /// - Complexity: O(k) per component for k animations on the property.
    public func velocity(at t: Double) -> MotionValue {
        var v = MotionValue(kind: model.kind, components: .zero)
        for c in 0..<model.kind.componentCount {
            if let i = presenter(of: c, at: t) { v[c] = entries[i].velocity(c, at: t) }
        }
        return v
    }
}
