import MotionCore

/// The executor of links on one target: a handle the runtime may release at rest.
///
/// The state and work live in ``LinkCore``, kept by the target, so the runtime can release
/// the handle at rest and make it again with nothing lost.
public final class LinkExecutor: StoredExecutor<LinkCore>, FrameDriven, NamedIntentionExecuting {}

/// Fulfils ``Link`` (docs/format.md §7.4): one property's presented values mapped onto another.
///
/// Frame-driven; one per target.
///
/// At its start a link takes its property from tweens and physics (docs/format.md §2.6) and writes
/// the mapped value; then, every frame while the source moves, it reads the source's presented
/// value and writes `c + (d - c) (s - a) / (b - a)` (clamped) with a `set` event, so a baked
/// timeline holds it sampled at the frame rate. A tween, spring or gesture that later starts on the
/// property ends the link, as a later link ends them.
public final class LinkCore: FrameDriven, NameAwareExecuting, ExecutorCore {
    /// The store slot of the target's core.
    public static let storeName = "motionc.executor.link"

    private struct Active {
        var link: Link
        var name: String?
        var source: TargetPresentation
        var lastWritten: Double?
    }

    private let channel: TargetPresentation?
    private var links: [PropertyPath: Active] = [:]
    private var requester: FrameRequester?
    private var observedSources: Set<ObjectIdentifier> = []
    private var observingHandOffs = false

    /// The paths whose link is being written: a link met again while its own source is brought
    /// up to date closes a cycle, and reads what its property presents.
    private var writing: Set<PropertyPath> = []
    /// The paths whose chain ``isMoving(_:at:)`` is following, for the same cycle guard.
    private var checking: Set<PropertyPath> = []

    /// Creates the link executor of `target`.
    public init(target: MotionTarget) {
        channel = TargetPresentation.of(target)
        channel?.links = self
    }

    /// Receives the handle used to wake up when a source moves again.
    public func setFrameRequester(_ requester: FrameRequester) {
        self.requester = requester
    }

    /// Stops the named link; the property keeps the value it presents.
    public func removeIntention(named name: String) {
        links = links.filter { $0.value.name != name }
    }

    /// Starts (or replaces) the link on its property, under `name` if given.
    public func receive(_ intention: any Intention, name: String?) {
        guard let link = intention.exactly(Link.self), let channel,
            let sourceTarget = channel.channel.target(matching: link.sourceTarget),
            let source = TargetPresentation.of(sourceTarget)
        else { return }
        channel.handOff(link.property, to: .link)
        links[link.property] = Active(link: link, name: name, source: source)
        if !observingHandOffs {
            observingHandOffs = true
            channel.observeHandOffs { [weak self] handOff in
                guard let self, handOff.family != .link else { return }
                let taken = Set(handOff.path.componentIndices)
                self.links = self.links.filter { path, _ in
                    path.property != handOff.path.property || Set(path.componentIndices).isDisjoint(with: taken)
                }
            }
        }
        if observedSources.insert(ObjectIdentifier(source)).inserted {
            source.observeChanges { [weak self] _ in self?.requester?.requestFrames() }
        }
        write()
        requester?.requestFrames()
    }

    /// Writes each link's mapped value when it changed, in property order (docs/format.md §1.2),
    /// then component, so that a bake writes
    /// the same events in the same order every time (a dictionary's order changes per process).
    ///
    /// - Complexity: O(links x animations on their sources), and a sort of the links.
    private func write() {
        for path in links.keys.sorted(by: { ($0.property.ordinal, $0.component ?? -1) < ($1.property.ordinal, $1.component ?? -1) }) {
            write(path)
        }
    }

    /// Writes the mapped value of the link on `path` when it changed, after bringing the links
    /// its source reads up to date (and its squash and stretch, for a scale source), so that every
    /// link of a chain reads its source's value of the same frame whatever order the links were
    /// written and their executors are updated in.
    ///
    /// A link of a cycle (the runtime does not refuse them; validation does, L001) reads what
    /// its source presents when the cycle comes back to it.
    ///
    /// - Complexity: O(animations on the sources) per link of the chain.
    private func write(_ path: PropertyPath) {
        guard let channel, let active = links[path], writing.insert(path).inserted else { return }
        defer { writing.remove(path) }
        let sourcePath = active.link.sourceProperty
        active.source.links?.bringUpToDate(sourcePath)
        if sourcePath.property == .scale { active.source.shape?.bringUpToDate() }
        let s = active.source.presented(sourcePath)[0]
        let value = active.link.map(s)
        guard value != active.lastWritten else { return }
        channel.set(path, .scalar(value))
        links[path]?.lastWritten = value
    }

    /// Writes (when their values changed) this target's links on the components of `source`, in
    /// the order ``write()`` uses; a property no link drives costs a look at each link.
    ///
    /// - Complexity: O(links of this target), and the chains they read.
    private func bringUpToDate(_ source: PropertyPath) {
        guard !links.isEmpty else { return }
        let read = source.componentIndices
        let paths = links.keys.filter { path in
            path.property == source.property && path.componentIndices.overlaps(read)
        }
        for path in paths.sorted(by: { ($0.component ?? -1) < ($1.component ?? -1) }) {
            write(path)
        }
    }

    /// Writes this frame's values; active while any source animates.
    public func update(elapsed: Double) -> ActivityState {
        guard let channel else { return .atRest }
        write()
        let moving = links.values.contains { isMoving($0, at: channel.now) }
        return moving ? .active : .atRest
    }

    /// Whether the source of `active` animates at `t`, or is driven by a link whose source does,
    /// down the chain: a link stays awake with the first link of its chain, so that it reads
    /// each frame's value in that frame rather than waking a frame late when its source changes.
    ///
    /// - Complexity: O(links of the chain x their targets' links).
    private func isMoving(_ active: Active, at t: Double) -> Bool {
        let sourcePath = active.link.sourceProperty
        if active.source.isAnimating(sourcePath.property, at: t) { return true }
        if sourcePath.property == .scale, active.source.shape?.isStretching ?? false { return true }
        return active.source.links?.drivesMoving(sourcePath, at: t) ?? false
    }

    /// Whether a link of this target on the components of `path` has a moving source; a link
    /// met again down its own chain (a cycle) counts as still.
    private func drivesMoving(_ path: PropertyPath, at t: Double) -> Bool {
        for (linked, active) in links where linked.property == path.property && linked.componentIndices.overlaps(path.componentIndices) {
            guard checking.insert(linked).inserted else { continue }
            defer { checking.remove(linked) }
            if isMoving(active, at: t) { return true }
        }
        return false
    }
}
