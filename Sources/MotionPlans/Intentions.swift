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

/// One intention as a document commits it: what motion is wanted (docs/format.md §2.1).
public enum PlannedIntention: Hashable, Sendable {
    case tween(Tween)
    case spring(Spring)
    case anchoredSpring(AnchoredSpring)
    case friction(Friction)
    case draggable(Draggable)
    case pinchable(Pinchable)
    case rotatable(Rotatable)
    case squashAndStretch(SquashAndStretch)
    case directlyManipulable(DirectlyManipulable)
    case tossable(Tossable)
    case transitionTween(TransitionTween)
    case link(Link)

    /// The document's name for the type (`add: tween`).
    public var typeName: IntentionType {
        switch self {
        case .tween: .tween
        case .spring: .spring
        case .anchoredSpring: .anchoredSpring
        case .friction: .friction
        case .draggable: .draggable
        case .pinchable: .pinchable
        case .rotatable: .rotatable
        case .squashAndStretch: .squashAndStretch
        case .directlyManipulable: .directlyManipulable
        case .tossable: .tossable
        case .transitionTween: .transitionTween
        case .link: .link
        }
    }
}
