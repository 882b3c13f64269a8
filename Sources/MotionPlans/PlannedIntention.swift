public import MotionRuntime

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

extension PlannedIntention {
    /// The decoded intention as a runtime intention.
    public var runtimeIntention: any Intention {
        switch self {
        case .tween(let v): v
        case .spring(let v): v
        case .anchoredSpring(let v): v
        case .friction(let v): v
        case .draggable(let v): v
        case .pinchable(let v): v
        case .rotatable(let v): v
        case .squashAndStretch(let v): v
        case .directlyManipulable(let v): v
        case .tossable(let v): v
        case .transitionTween(let v): v
        case .link(let v): v
        }
    }

    /// The decoded intention as a named runtime intention; nil for composites (docs/format.md §2.1).
    public var namedRuntimeIntention: (any NamedIntention)? {
        switch self {
        case .tween(let v): v
        case .spring(let v): v
        case .anchoredSpring(let v): v
        case .friction(let v): v
        case .draggable(let v): v
        case .pinchable(let v): v
        case .rotatable(let v): v
        case .squashAndStretch(let v): v
        case .link(let v): v
        case .directlyManipulable, .tossable, .transitionTween: nil
        }
    }
}
