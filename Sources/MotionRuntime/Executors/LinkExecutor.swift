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

    /// Creates the link executor of `target`.
    public init(target: MotionTarget) {
        channel = TargetPresentation.of(target)
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
        guard let link = intention as? Link, let channel,
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
        guard let channel else { return }
        for path in links.keys.sorted(by: { ($0.property.ordinal, $0.component ?? -1) < ($1.property.ordinal, $1.component ?? -1) }) {
            guard let active = links[path] else { continue }
            let s = active.source.presented(active.link.sourceProperty)[0]
            let value = active.link.map(s)
            guard value != active.lastWritten else { continue }
            channel.set(path, .scalar(value))
            links[path]?.lastWritten = value
        }
    }

    /// Writes this frame's values; active while any source animates.
    public func update(elapsed: Double) -> ActivityState {
        guard let channel else { return .atRest }
        write()
        let moving = links.values.contains { $0.source.isAnimating($0.link.sourceProperty.property, at: channel.now) }
        return moving ? .active : .atRest
    }
}
