import MotionCore

/// How often a tween plays: a number of passes (fractional allowed) or forever.
public enum RepeatCount: Hashable, Sendable {
    case count(Double)
    case forever

    /// The count as a number; `forever` is infinity.
    public var value: Double {
        switch self {
        case .count(let n): n
        case .forever: .infinity
        }
    }
}

/// Keyframes over one property (docs/format.md §2.2).
public struct Tween: Hashable, Sendable {
    /// The property or component animated.
    public var property: PropertyPath
    /// The keyframe values. One value means "from the presented value to this one".
    public var values: [MotionValue]
    /// One offset per value in [0, 1], or nil for even spacing.
    public var offsets: [Double]?
    /// One curve for every segment, or exactly `values.count - 1` curves.
    public var easings: [TimingCurve]
    /// Whether the document gave a list of easings (even a list of one).
    public var easingIsList: Bool
    /// Seconds of one pass.
    public var duration: Double
    /// Seconds between the commit and the start; the first value shows meanwhile.
    public var delay: Double
    /// How many passes.
    public var repeatCount: RepeatCount
    /// Whether every other pass plays backwards.
    public var autoreverses: Bool
    /// Whether `values` holds one change (`by:`, docs/format.md §7.2): the tween runs from the
    /// presented value at its commit to that value plus the change.
    public var isRelative = false
    /// Whether `values` are factors of the presented value at the commit (a reduced-motion dip
    /// is `[1, 0, 1]`, docs/format.md §7.7).
    public var scalesPresented = false
    /// A motion path instead of values (docs/format.md §7.3): `position` follows it by arc length.
    public var path: MotionPath?
    /// Whether a path tween also turns the layer with the path's tangent (`orient: true`).
    public var orients = false

    /// Creates a tween with the document defaults.
    public init(
        property: PropertyPath, values: [MotionValue], offsets: [Double]? = nil, easings: [TimingCurve] = [.linear],
        easingIsList: Bool = false, duration: Double = Tween.defaultDuration, delay: Double = 0,
        repeatCount: RepeatCount = .count(1), autoreverses: Bool = false
    ) {
        self.property = property
        self.values = values
        self.offsets = offsets
        self.easings = easings
        self.easingIsList = easingIsList
        self.duration = duration
        self.delay = delay
        self.repeatCount = repeatCount
        self.autoreverses = autoreverses
    }

    /// The duration used when a document gives none: 0.25 s, Core Animation's default.
    public static let defaultDuration = 0.25
}

/// Spring parameters shared by springs, anchored springs and tossable.
public struct SpringParameters: Hashable, Sendable {
    public var stiffness: Double
    public var damping: Double
    public var mass: Double
    /// The rest threshold; nil means the property's default (docs/format.md §2.3).
    public var threshold: Double?

    /// Creates spring parameters; the defaults are Material Motion's (342, 30, 1).
    public init(stiffness: Double = 342, damping: Double = 30, mass: Double = 1, threshold: Double? = nil) {
        self.stiffness = stiffness
        self.damping = damping
        self.mass = mass
        self.threshold = threshold
    }
}

/// A spring that pulls a property to a destination (docs/format.md §2.3).
public struct Spring: Hashable, Sendable {
    public var property: PropertyPath
    public var destination: MotionValue
    public var parameters: SpringParameters
    /// Velocity added at the start, in the property's units per second; nil keeps the current one.
    public var initialVelocity: MotionValue?

    public init(
        property: PropertyPath, destination: MotionValue, parameters: SpringParameters = SpringParameters(),
        initialVelocity: MotionValue? = nil
    ) {
        self.property = property
        self.destination = destination
        self.parameters = parameters
        self.initialVelocity = initialVelocity
    }
}

/// A spring that pulls `position` to an anchor point.
public struct AnchoredSpring: Hashable, Sendable {
    public var anchor: MotionValue
    public var parameters: SpringParameters

    public init(anchor: MotionValue, parameters: SpringParameters = SpringParameters()) {
        self.anchor = anchor
        self.parameters = parameters
    }
}

/// Friction that decays a property's velocity.
public struct Friction: Hashable, Sendable {
    public var property: PropertyPath
    /// Per second; greater than zero.
    public var coefficient: Double

    public init(property: PropertyPath = PropertyPath(.position), coefficient: Double) {
        self.property = property
        self.coefficient = coefficient
    }
}

/// Which axes a drag moves.
public enum DragAxis: String, Hashable, Sendable, CaseIterable {
    case both, horizontal, vertical
}

/// Moves `position` with a pan input.
public struct Draggable: Hashable, Sendable {
    public var axis: DragAxis
    /// The id of the input that drives it; nil means every pan input on the same target.
    public var gesture: String?

    public init(axis: DragAxis = .both, gesture: String? = nil) {
        self.axis = axis
        self.gesture = gesture
    }
}

/// Scales with a pinch input.
public struct Pinchable: Hashable, Sendable {
    public var gesture: String?
    public init(gesture: String? = nil) { self.gesture = gesture }
}

/// Rotates with a rotate input.
public struct Rotatable: Hashable, Sendable {
    public var gesture: String?
    public init(gesture: String? = nil) { self.gesture = gesture }
}

/// Stretches a layer along its direction of motion, in proportion to its speed.
public struct SquashAndStretch: Hashable, Sendable {
    public var factor: Double
    public var property: PropertyPath

    public init(factor: Double = 0.2, property: PropertyPath = PropertyPath(.position)) {
        self.factor = factor
        self.property = property
    }
}

/// Composite: draggable, pinchable and rotatable at once.
public struct DirectlyManipulable: Hashable, Sendable {
    public init() {}
}

/// Composite: draggable, then on release a spring to `destination` carrying the release velocity.
public struct Tossable: Hashable, Sendable {
    /// Where the spring pulls after release; nil means the position at commit.
    public var destination: MotionValue?
    public var parameters: SpringParameters
    /// Snap points (docs/format.md §7.6): at release the spring pulls to the one nearest the
    /// position projected with the release velocity; empty means `destination`.
    public var snap: [MotionValue] = []

    public init(destination: MotionValue? = nil, parameters: SpringParameters = SpringParameters()) {
        self.destination = destination
        self.parameters = parameters
    }
}

/// Which way a transition runs.
public enum TransitionDirection: String, Hashable, Sendable, CaseIterable {
    case forward, backward
}

/// A part of a transition window, in units of the window.
public struct TransitionSegment: Hashable, Sendable {
    public var position: Double
    public var length: Double

    public init(position: Double = 0, length: Double = 1) {
        self.position = position
        self.length = length
    }

    /// The segment as seen running backwards: `(1 - (position + length), length)`.
    public var inverted: TransitionSegment {
        TransitionSegment(position: 1 - (position + length), length: length)
    }
}

/// Composite: a tween between a back and a fore value inside a transition window.
public struct TransitionTween: Hashable, Sendable {
    public var property: PropertyPath
    public var back: MotionValue
    public var fore: MotionValue
    public var direction: TransitionDirection
    /// Seconds of the whole transition window.
    public var window: Double
    public var segment: TransitionSegment
    public var easing: TimingCurve
    /// The backward easing; nil means the forward easing reversed.
    public var backwardEasing: TimingCurve?

    public init(
        property: PropertyPath, back: MotionValue, fore: MotionValue, direction: TransitionDirection = .forward,
        window: Double = Tween.defaultDuration, segment: TransitionSegment = TransitionSegment(),
        easing: TimingCurve = .linear, backwardEasing: TimingCurve? = nil
    ) {
        self.property = property
        self.back = back
        self.fore = fore
        self.direction = direction
        self.window = window
        self.segment = segment
        self.easing = easing
        self.backwardEasing = backwardEasing
    }

    /// The tween this transition emits (reference §8.3): forward runs back to fore in the segment;
    /// backward runs fore to back in the inverted segment with the backward easing.
    public var emittedTween: Tween {
        switch direction {
        case .forward:
            return Tween(
                property: property, values: [back, fore], easings: [easing],
                duration: segment.length * window, delay: segment.position * window)
        case .backward:
            let inverted = segment.inverted
            return Tween(
                property: property, values: [fore, back], easings: [backwardEasing ?? easing.reversed],
                duration: inverted.length * window, delay: inverted.position * window)
        }
    }
}

/// `add: link` (docs/format.md §7.4): every frame, a property presents a linear map of another
/// property's presented value, as Framer Motion's `useTransform` or an After Effects `linear()`
/// expression.
public struct Link: Hashable, Sendable {
    /// The scalar (or component) the link presents.
    public var property: PropertyPath
    /// The selector of the target read; its first match in document order.
    public var sourceTarget: String
    /// The scalar (or component) read.
    public var sourceProperty: PropertyPath
    /// `[a, b]`.
    public var input: [Double]
    /// `[c, d]`.
    public var output: [Double]
    /// Whether the result is limited to the output interval.
    public var clamp: Bool

    public init(
        property: PropertyPath, sourceTarget: String, sourceProperty: PropertyPath, input: [Double], output: [Double],
        clamp: Bool = true
    ) {
        self.property = property
        self.sourceTarget = sourceTarget
        self.sourceProperty = sourceProperty
        self.input = input
        self.output = output
        self.clamp = clamp
    }

    /// c + (d - c) (s - a) / (b - a), limited to [min(c, d), max(c, d)] when `clamp`.
    ///
    /// - Complexity: O(1).
    public func map(_ s: Double) -> Double {
        let (a, b, c, d) = (input[0], input[1], output[0], output[1])
        let value = c + (d - c) * (s - a) / (b - a)
        return clamp ? min(max(value, min(c, d)), max(c, d)) : value
    }
}

/// Snap points of a tossable (docs/format.md §7.6), chosen as UIKit's scroll views project a
/// fling: where the layer would come to rest decelerating at 0.998 per millisecond.
public enum SnapPoints {
    /// UIKit's `UIScrollView.DecelerationRate.normal`: the velocity kept per millisecond.
    public static let decelerationRate = 0.998

    /// The distance a fling of `velocity` (points per second) travels while decelerating:
    /// v / 1000 x rate / (1 - rate) per axis.
    public static func projection(of velocity: Double) -> Double {
        velocity / 1000 * decelerationRate / (1 - decelerationRate)
    }

    /// The snap point nearest (Euclidean distance; the first on a tie) to `position` projected
    /// with `velocity`; nil when there are no points.
    public static func target(position: MotionValue, velocity: MotionValue, points: [MotionValue]) -> MotionValue? {
        let x = position[0] + projection(of: velocity[0])
        let y = position[1] + projection(of: velocity[1])
        return points.min { a, b in
            let da = (a[0] - x) * (a[0] - x) + (a[1] - y) * (a[1] - y)
            let db = (b[0] - x) * (b[0] - x) + (b[1] - y) * (b[1] - y)
            return da < db
        }
    }
}

/// The kinds of gesture input (a document's `inputs[].kind`): what drives ``Draggable``,
/// ``Pinchable`` and ``Rotatable``.
public enum InputKind: String, Hashable, Sendable, CaseIterable {
    case pan, pinch, rotate
}
