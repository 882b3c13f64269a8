// The built-in intention types name the executor of their family (docs/format.md §2.1).
// Composites are not named intentions (N003).

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
