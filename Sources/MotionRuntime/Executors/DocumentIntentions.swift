import MotionPlans

// The document's intention types (MotionPlans) are the runtime's intentions: each names the
// executor of its family (docs/format.md §2.1). Composites are not named intentions (N003).

extension Tween: NamedIntention {
    /// ``TweenExecutor``.
    public static var executorType: any Executor.Type { TweenExecutor.self }
}

extension Spring: NamedIntention {
    /// ``PhysicsExecutor``.
    public static var executorType: any Executor.Type { PhysicsExecutor.self }
}

extension AnchoredSpring: NamedIntention {
    /// ``PhysicsExecutor``.
    public static var executorType: any Executor.Type { PhysicsExecutor.self }
}

extension Friction: NamedIntention {
    /// ``PhysicsExecutor``.
    public static var executorType: any Executor.Type { PhysicsExecutor.self }
}

extension Draggable: NamedIntention {
    /// ``GestureExecutor``.
    public static var executorType: any Executor.Type { GestureExecutor.self }
}

extension Pinchable: NamedIntention {
    /// ``GestureExecutor``.
    public static var executorType: any Executor.Type { GestureExecutor.self }
}

extension Rotatable: NamedIntention {
    /// ``GestureExecutor``.
    public static var executorType: any Executor.Type { GestureExecutor.self }
}

extension SquashAndStretch: NamedIntention {
    /// ``ShapeExecutor``.
    public static var executorType: any Executor.Type { ShapeExecutor.self }
}

extension DirectlyManipulable: Intention {
    /// ``CompositeExecutor``.
    public static var executorType: any Executor.Type { CompositeExecutor.self }
}

extension Tossable: Intention {
    /// ``CompositeExecutor``.
    public static var executorType: any Executor.Type { CompositeExecutor.self }
}

extension TransitionTween: Intention {
    /// ``CompositeExecutor``.
    public static var executorType: any Executor.Type { CompositeExecutor.self }
}

extension Link: NamedIntention {
    /// ``LinkExecutor``.
    public static var executorType: any Executor.Type { LinkExecutor.self }
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
