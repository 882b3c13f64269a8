import MotionCore

/// The executor of tweens on one target: a handle the runtime may release at rest.
///
/// The state and work live in ``TweenCore``, kept by the target, so the runtime can release
/// the handle at rest and make it again with nothing lost.
public final class TweenExecutor: StoredExecutor<TweenCore>, NamedIntentionExecuting, ContinuousExecuting {}

/// Fulfils ``Tween`` intentions (docs/format.md §2.2): one per target, for every tween on it.
///
/// Each tween becomes one keyframe animation emitted as an `add` event at its commit: the values
/// (`to` alone runs from the property's presented value at the commit), key times (offsets or the
/// even defaults), easings, begin time (commit + delay), duration, repeat and autoreverse. The
/// presentation's precedence rule then settles several tweens on one property. A named tween is
/// keyed `name:<name>`, so removing the name removes the animation (the property keeps its
/// presented value); unnamed tweens get a fresh key each (`tween-<n>`).
///
/// A tween takes its property (or component) from physics and gestures at its commit
/// (docs/format.md §2.6); when physics or a gesture later takes it, the tween ends there.
///
/// The executor holds an activity token per animation from its commit to its end (forever for
/// `repeat: forever`), or until a hand-off ends it; it never needs frames.
public final class TweenCore: NamedIntentionExecuting, ContinuousExecuting, ExecutorCore, TokenLedgerOwner, HandOffObserving {
    /// The store slot of the target's core.
    public static let storeName = "motionc.executor.tween"

    private let channel: TargetPresentation?
    /// Activity per animation key; its token ends when the core goes. Unchecked exclusivity (see
    /// ``TokenLedgerOwner``).
    @exclusivity(unchecked) var ledger = TokenLedger()

    /// Creates the tween executor of `target`.
    ///
    /// It does nothing unless the target has a ``MotionTarget/channel``.
    public init(target: MotionTarget) {
        channel = TargetPresentation.of(target)
        channel?.observeHandOffs(by: self)
    }

    deinit {
        endHeldToken()
        channel?.stopObservingHandOffs(by: ObjectIdentifier(self))
    }

    /// Animations another family took end their activity.
    func handOffDidHappen(_ handOff: HandOff) {
        for key in handOff.endedKeys { endActivity(key) }
    }

    /// Receives the token generator that keeps the runtime active while an animation plays.
    public func setActivityTokenGenerator(_ generator: ActivityTokenGenerator) {
        withExtendedLifetime(ledger.use(generator)) {}
    }

    /// Ends the hold numbered `hold` of `key`, when its scheduled end comes.
    package func holdDidEnd(key: String, hold: Int) {
        endHold(key, hold)
    }

    /// Starts an unnamed tween under a fresh key.
    public func add(_ intention: any Intention) {
        guard let channel else { return }
        // A document's tween read in its shared object, not copied out of it.
        if let shared = intention.shared(Tween.self) {
            start(shared.value, key: channel.makeKey("tween"))
        } else if let tween = intention.exactly(Tween.self) {
            start(tween, key: channel.makeKey("tween"))
        }
    }

    /// Starts a tween keyed by its name.
    public func add(_ intention: any NamedIntention, named name: String) {
        if let shared = intention.shared(Tween.self) {
            start(shared.value, key: "name:\(name)")
        } else if let tween = intention.exactly(Tween.self) {
            start(tween, key: "name:\(name)")
        }
    }

    /// Removes the named tween's animation; its property keeps the value it presents now.
    public func removeIntention(named name: String) {
        guard let channel else { return }
        let key = "name:\(name)"
        for key in [key, PathTween.orientKey(key)] {
            channel.removeKeepingPresented(key: key)
            endActivity(key)
        }
    }

    /// The keyframe animation a tween committed now becomes, the value of its last moment and
    /// when it ends.
    ///
    /// `presented` gives the presented value, read only when the tween needs it: to scale it, or
    /// to start from it (`to` or `by` alone). Keyframes given in full read nothing.
    ///
    /// The tween is borrowed: a document's is read where its shared object keeps it, field by
    /// field, not copied whole.
    static func animation(for tween: borrowing Tween, presented: () -> MotionValue, now: Double) -> (
        animation: KeyframeAnimation, last: MotionValue, end: Double
    )? {
        var values = tween.values
        var offsets = tween.offsets
        let presented = tween.scalesPresented || values.count == 1 ? presented() : .scalar(0)
        if tween.scalesPresented {
            values = values.map { MotionValue(kind: presented.kind, components: presented.components * $0.components[0]) }
        }
        if values.count == 1 {
            // `by:` is a change from the presented value; `to` alone is the value to reach.
            let last =
                tween.isRelative ? MotionValue(kind: presented.kind, components: presented.components + values[0].components) : values[0]
            values = [presented, last]
            offsets = nil
        }
        guard !values.isEmpty else { return nil }
        // Normalised once: the animation's key times and curves are those of `keyframes`, so it
        // samples as `keyframes` (no second normalisation).
        let keyframes = Keyframes(values: values, offsets: offsets, curves: tween.easings)
        let animation = KeyframeAnimation(
            values: values, keyTimes: keyframes.offsets, timingFunctions: keyframes.curves,
            beginTime: Seconds.sum(now, tween.delay > 0 ? tween.delay : 0), duration: tween.duration > 0 ? tween.duration : 0,
            repeatCount: tween.repeatCount.value, autoreverses: tween.autoreverses)
        let timing = TweenTiming(
            commitTime: now, delay: animation.beginTime - now, duration: animation.duration,
            repeatCount: animation.repeatCount, autoreverses: animation.autoreverses)
        let end = timing.end
        let last = end.isFinite ? keyframes.value(atProgress: timing.progress(at: end)) : keyframes.lastValue
        return (animation, last, end)
    }

    /// Starts `tween` (borrowed, as ``animation(for:presented:now:)`` reads it) under `key`.
    private func start(_ tween: borrowing Tween, key: String) {
        guard let channel else { return }
        if let path = tween.path {
            // A motion path (docs/format.md §7.3): on position, and with orient on rotation.
            let rotation = channel.presented(PropertyPath(.rotation))[0]
            for part in PathTween.parts(of: copy tween, path: path, key: key, rotation: rotation, now: channel.now) {
                channel.handOff(part.path, to: .tween)
                channel.add(
                    part.path, key: part.key, animation: part.animation, modelValue: part.last, initialVelocity: nil,
                    family: .tween)
                holdActivity(part.key, until: part.end, on: channel)
            }
            return
        }
        let now = channel.now
        // The presented value is read only when the tween starts from it (a read of the
        // presentation, cold for most targets at their first commit).
        let property = tween.property
        let animated = Self.animation(for: tween, presented: { channel.presented(property) }, now: now)
        guard let (animation, last, end) = animated else { return }
        channel.handOff(property, to: .tween)
        channel.add(
            property, key: key, animation: .keyframe(animation), modelValue: last, initialVelocity: nil,
            family: .tween)
        holdActivity(key, until: end, on: channel)
    }
}
