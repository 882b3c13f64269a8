import MotionCore

/// How often a tween plays: a number of passes (fractional allowed) or forever.
public enum RepeatCount: Hashable, Sendable {
    /// This many passes; 1.5 plays one pass and half another.
    case count(Double)
    /// Passes without end (`repeat: forever`).
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
    /// Whether `values` holds one change (`by:`, docs/format.md §7.2) rather than values.
    ///
    /// The tween runs from the presented value at its commit to that value plus the change.
    public var isRelative = false
    /// Whether `values` are factors of the presented value at the commit.
    ///
    /// A reduced-motion dip is `[1, 0, 1]` (docs/format.md §7.7).
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
    /// The spring constant k: higher pulls harder and settles sooner.
    public var stiffness: Double
    /// How strongly motion is resisted: higher bounces less (critical at 2 sqrt(k m)).
    public var damping: Double
    /// The mass m on the spring: heavier is slower and swings further.
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
    /// The property or component the spring moves.
    public var property: PropertyPath
    /// The value the spring pulls to and settles at.
    public var destination: MotionValue
    /// Stiffness, damping, mass and rest threshold.
    public var parameters: SpringParameters
    /// Velocity added at the start, in the property's units per second; nil keeps the current one.
    public var initialVelocity: MotionValue?

    /// Creates a spring; the defaults are Material Motion's constants and the current velocity.
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
    /// The point `position` is pulled to.
    public var anchor: MotionValue
    /// Stiffness, damping, mass and rest threshold.
    public var parameters: SpringParameters

    /// Creates an anchored spring; the defaults are Material Motion's constants.
    public init(anchor: MotionValue, parameters: SpringParameters = SpringParameters()) {
        self.anchor = anchor
        self.parameters = parameters
    }
}

/// Friction that decays a property's velocity.
public struct Friction: Hashable, Sendable {
    /// The property or component whose velocity decays; `position` by default.
    public var property: PropertyPath
    /// Per second; greater than zero.
    public var coefficient: Double

    /// Creates friction on `property` with `coefficient` per second.
    public init(property: PropertyPath = PropertyPath(.position), coefficient: Double) {
        self.property = property
        self.coefficient = coefficient
    }
}

/// Which axes a drag moves.
public enum DragAxis: String, Hashable, Sendable, CaseIterable {
    /// `both` follows the finger freely; `horizontal` and `vertical` keep the other axis still.
    case both, horizontal, vertical
}

/// Moves `position` with a pan input.
public struct Draggable: Hashable, Sendable {
    /// Which axes the drag moves.
    public var axis: DragAxis
    /// The id of the input that drives it; nil means every pan input on the same target.
    public var gesture: String?

    /// Creates a drag along `axis`, following the input `gesture` or every pan on the target.
    public init(axis: DragAxis = .both, gesture: String? = nil) {
        self.axis = axis
        self.gesture = gesture
    }
}

/// Scales with a pinch input.
public struct Pinchable: Hashable, Sendable {
    /// The id of the input that drives it; nil means every pinch input on the same target.
    public var gesture: String?
    /// Creates a pinch that follows the input `gesture`, or every pinch on the target.
    public init(gesture: String? = nil) { self.gesture = gesture }
}

/// Rotates with a rotate input.
public struct Rotatable: Hashable, Sendable {
    /// The id of the input that drives it; nil means every rotate input on the same target.
    public var gesture: String?
    /// Creates a rotation that follows the input `gesture`, or every rotate input on the target.
    public init(gesture: String? = nil) { self.gesture = gesture }
}

/// Stretches a layer along its direction of motion, in proportion to its speed.
public struct SquashAndStretch: Hashable, Sendable {
    /// How much the layer stretches at full speed (1000 points per second or more): 0.2 is 20%.
    public var factor: Double
    /// The point property whose velocity is read; `position` by default.
    public var property: PropertyPath

    /// Creates a squash and stretch of `factor`, following the velocity of `property`.
    public init(factor: Double = 0.2, property: PropertyPath = PropertyPath(.position)) {
        self.factor = factor
        self.property = property
    }
}

/// Composite: draggable, pinchable and rotatable at once.
public struct DirectlyManipulable: Hashable, Sendable {
    /// Creates the composite; it has no parameters.
    public init() {}
}

/// Composite: draggable, then on release a spring to `destination` carrying the release velocity.
public struct Tossable: Hashable, Sendable {
    /// Where the spring pulls after release; nil means the position at commit.
    public var destination: MotionValue?
    /// Stiffness, damping, mass and rest threshold of the spring after release.
    public var parameters: SpringParameters
    /// Snap points (docs/format.md §7.6): the spring pulls to the one a fling would reach.
    ///
    /// At release the spring pulls to the one nearest the position projected with the release
    /// velocity; empty means `destination`.
    public var snap: [MotionValue] = []

    /// Creates a tossable; the defaults spring back to the position at commit.
    public init(destination: MotionValue? = nil, parameters: SpringParameters = SpringParameters()) {
        self.destination = destination
        self.parameters = parameters
    }
}

/// Which way a transition runs.
public enum TransitionDirection: String, Hashable, Sendable, CaseIterable {
    /// `forward` runs from the back value to the fore value; `backward` returns.
    case forward, backward
}

/// A part of a transition window, in units of the window.
public struct TransitionSegment: Hashable, Sendable {
    /// Where the segment starts, as a fraction of the window.
    public var position: Double
    /// How long the segment lasts, as a fraction of the window.
    public var length: Double

    /// Creates a segment; the default is the whole window.
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
    /// The property or component animated.
    public var property: PropertyPath
    /// The value at the back of the transition (where `forward` starts).
    public var back: MotionValue
    /// The value at the fore of the transition (where `forward` ends).
    public var fore: MotionValue
    /// Which way the transition runs.
    public var direction: TransitionDirection
    /// Seconds of the whole transition window.
    public var window: Double
    /// The part of the window the tween plays in, when running forward.
    public var segment: TransitionSegment
    /// The forward easing.
    public var easing: TimingCurve
    /// The backward easing; nil means the forward easing reversed.
    public var backwardEasing: TimingCurve?

    /// Creates a transition tween; the defaults run forward over the whole window, linear.
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

    /// The tween this transition emits.
    ///
    /// Forward runs back to fore in the segment; backward runs fore to back in the inverted segment
    /// with the backward easing.
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

/// `add: link` (docs/format.md §7.4): a property that presents a linear map of another's value.
///
/// Every frame the property presents the map of the other property's presented value, as Framer
/// Motion's `useTransform` or an After Effects `linear()` expression.
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

    /// Creates a link; by default the result is clamped to the output interval.
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

/// Snap points of a tossable (docs/format.md §7.6), chosen as UIKit's scroll views project a fling.
///
/// The projection is where the layer would come to rest decelerating at 0.998 per millisecond.
public enum SnapPoints {
    /// UIKit's `UIScrollView.DecelerationRate.normal`: the velocity kept per millisecond.
    public static let decelerationRate = 0.998

    /// The distance a fling of `velocity` (points per second) travels while decelerating.
    ///
    /// It is v / 1000 x rate / (1 - rate) per axis.
    public static func projection(of velocity: Double) -> Double {
        velocity / 1000 * decelerationRate / (1 - decelerationRate)
    }

    /// The snap point nearest to `position` projected with `velocity`; nil when there are no points.
    ///
    /// Distance is Euclidean; the first point wins a tie.
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

/// The kinds of gesture input (`inputs[].kind`): what drives ``Draggable``, ``Pinchable`` and ``Rotatable``.
public enum InputKind: String, Hashable, Sendable, CaseIterable {
    /// `pan` samples translations in points, `pinch` scale factors, `rotate` angles in degrees.
    case pan, pinch, rotate
}
