import MotionCore

/// The executor family that drives a property (docs/format.md §2.6): one at a time per
/// component, the latest to start.
enum DriverFamily: Hashable {
    case tween, physics, gesture
    /// Squash and stretch writes scale from another property's motion; it takes part in no hand-off.
    case shape
    /// A link (docs/format.md §7.4) writes a property from another's value; it ends tweens and
    /// physics where it starts, and stops itself where another family starts.
    case link

    /// Whether this family, starting on a component, ends `other`'s animations there: physics
    /// and gestures end tweens, tweens end physics. (Physics follows a gesture while it drives,
    /// and ends at the gesture's start through ``GestureSignal``.)
    func takesOver(from other: DriverFamily) -> Bool {
        switch (self, other) {
        case (.physics, .tween), (.gesture, .tween), (.tween, .physics), (.link, .tween), (.link, .physics): true
        default: false
        }
    }
}

/// A property component changing hands: `family` took `path`; the animations under `endedKeys`
/// (of other families) ended there, entirely.
struct HandOff {
    var path: PropertyPath
    var family: DriverFamily
    var endedKeys: [String]
}

/// A gesture's start or end on a property, announced to the target's other executors (docs/format.md §2.4).
///
/// The gesture executor announces it through the target's property store, which is how executor
/// types share state: it writes `heldKey(_:)` and the release velocity
/// (``rememberedVelocityKey(_:)``), then writes a signal under ``key``; the physics executor
/// observes ``key`` and follows: it stops on `began`, and on `ended` continues from the presented
/// value with the remembered velocity.
public struct GestureSignal: Hashable, Sendable {
    /// Whether the gesture began or ended.
    public enum Phase: Hashable, Sendable {
        /// `began` stops physics on the property; `ended` lets it continue with the release velocity.
        case began, ended
    }

    /// Whether the gesture began (physics on the property stops) or ended (physics continues).
    public var phase: Phase
    /// The property the gesture drives.
    public var property: LayerProperty
    /// When, in document seconds.
    public var time: Double
    /// The components of ``property`` the gesture drives, or nil for all of them.
    ///
    /// A drag along one axis drives one.
    public var components: [Int]? = nil
    /// On `ended`, the release velocity in the property's units per second.
    ///
    /// Nil when the input gave none. It is the same velocity the store remembers for the next physics motion, carried by
    /// the signal so that every observer reads it, whichever consumed the store's first.
    public var velocity: MotionValue? = nil

    /// The store key the signals are written under.
    public static let key = PropertyKey<GestureSignal>("motionc.gesture")

    /// The store key saying whether a gesture currently drives the whole of `property`.
    public static func heldKey(_ property: LayerProperty) -> PropertyKey<Bool> {
        PropertyKey(heldNames[property.ordinal])
    }

    /// The store key saying whether a gesture currently drives `path`.
    ///
    /// It is the whole property's key (`heldKey(_ property:)`), or one component's (a drag along one axis holds one
    /// component of `position`).
    public static func heldKey(_ path: PropertyPath) -> PropertyKey<Bool> {
        guard let component = path.component else { return heldKey(path.property) }
        let names = heldComponentNames[path.property.ordinal]
        return PropertyKey(names.indices.contains(component) ? names[component] : heldNames[path.property.ordinal])
    }

    /// The components of `property` a gesture holds now, as bits of a mask (bit c for component
    /// c): all of them while a gesture drives the whole property.
    ///
    /// - Complexity: O(components of the property).
    static func heldComponents(of property: LayerProperty, in store: PropertyStore) -> UInt8 {
        let all = UInt8(truncatingIfNeeded: (1 << property.kind.componentCount) - 1)
        if store[heldKey(property)] == true { return all }
        guard property.kind.componentCount > 1 else { return 0 }
        var mask: UInt8 = 0
        for c in 0..<property.kind.componentCount where store[heldKey(PropertyPath(property, component: c))] == true {
            mask |= 1 << c
        }
        return mask
    }

    /// The components the gesture drives, as bits of a mask (bit c for component c).
    var componentMask: UInt8 {
        guard let components else { return UInt8(truncatingIfNeeded: (1 << property.kind.componentCount) - 1) }
        return components.reduce(0) { $0 | (1 << $1) }
    }

    /// The names of the whole-property held slots, by ``LayerProperty/ordinal``: made once, not per call.
    private static let heldNames = LayerProperty.allCases.map { "motionc.held.\($0.rawValue)" }

    /// The names of the one-component held slots, by ``LayerProperty/ordinal`` and component.
    private static let heldComponentNames = LayerProperty.allCases.map { property in
        (0..<property.kind.componentCount).map { "motionc.held.\(PropertyPath.componentName(property, $0))" }
    }

    /// The store key that remembers a velocity of `property` for the next physics motion on it.
    ///
    /// Its *velocity* slot holds a gesture's release velocity, or the velocity a removed physics
    /// plan left. The next spring (or friction) on the property consumes it.
    public static func rememberedVelocityKey(_ property: LayerProperty) -> PropertyKey<MotionValue> {
        PropertyKey(property.rawValue)
    }
}

/// Activity per animation key: the executor is active from an animation's add until its end.
///
/// One activity token stands for all the keys of an executor: it starts when the first key
/// becomes live and ends when the last one ends, so holding a key costs a table entry and a
/// scheduled end, not a token of its own. The token is held as the runtime's token number (see
/// ``ActivityTokenGenerator/startToken()``), not as an ``ActivityToken`` object.
///
/// It is a value kept in its executor core (a ``TokenLedgerOwner``), which works it through the
/// owner's methods, and ends its token when the core goes (``TokenLedgerOwner/endHeldToken()``), as a dropped
/// token ends itself.
struct TokenLedger {
    /// Where the token comes from: the runtime's token numbers for the executor, held in place
    /// (the runtime gives the built-in cores their source so, without a generator object), or a
    /// generator handed over by ``ContinuousExecuting/setActivityTokenGenerator(_:)``.
    var source: TokenSource?
    /// The token held while any key is live.
    fileprivate var token: ActivityTokenGenerator.HeldToken?
    /// The live keys, each with the number of the hold that made it live (a later hold of the
    /// same key replaces it, and the earlier hold's scheduled end then does nothing): the first
    /// in place, as an executor mostly holds one key at a time, any others in a table.
    private var firstKey: String?
    private var firstHold = 0
    private var otherKeys: [String: Int] = [:]
    private var holds = 0

    /// Whether no key is live.
    fileprivate var isIdle: Bool { firstKey == nil && otherKeys.isEmpty }

    /// Whether a token is held that ending would end: read where the ledger is (a copy of the
    /// source counts its references), as a core goes.
    fileprivate var holdsEndableToken: Bool {
        token != nil && source?.endsTokens == true
    }

    /// The number of the hold that keeps `key` live, or nil when it is not live.
    fileprivate func holdNumber(of key: String) -> Int? {
        firstKey == key ? firstHold : otherKeys[key]
    }

    /// Makes `key` live under a new hold; returns the hold's number.
    fileprivate mutating func addHold(_ key: String) -> Int {
        holds += 1
        if firstKey == nil {
            firstKey = key
            firstHold = holds
        } else {
            otherKeys[key] = holds
        }
        return holds
    }

    /// Makes `key` live under a new hold when `holds` and there is a source, else no more live;
    /// returns the new hold's number and whether no token is held yet.
    fileprivate mutating func replaceHold(_ key: String, holds: Bool) -> (hold: Int, needsToken: Bool)? {
        _ = removeHold(key)
        guard holds, source != nil else { return nil }
        return (addHold(key), token == nil)
    }

    /// Makes `key` live no more; returns whether it was.
    fileprivate mutating func removeHold(_ key: String) -> Bool {
        if firstKey == key {
            firstKey = nil
            return true
        }
        return !otherKeys.isEmpty && otherKeys.removeValue(forKey: key) != nil
    }

    /// Takes the token generator handed over by
    /// ``ContinuousExecuting/setActivityTokenGenerator(_:)``; returns the source it replaces, for
    /// the caller to drop after the access (see ``TokenLedgerOwner``).
    mutating func use(_ generator: ActivityTokenGenerator) -> TokenSource? {
        replaceSource(with: TokenSource(generator))
    }

    /// Takes `source` as the ledger's source; returns the one it replaces, for the caller to drop
    /// after the access (see ``TokenLedgerOwner``).
    mutating func replaceSource(with source: consuming TokenSource) -> TokenSource? {
        // Moved in and out: a copy would count the references a source holds.
        let replaced = self.source.take()
        self.source = consume source
        return replaced
    }
}

/// An executor core that keeps a ``TokenLedger``: the ledger's work, done through short accesses
/// to it (a token's start may call observers that add intentions to this very core).
///
/// The cores keep their ledger `@exclusivity(unchecked)`, under the rules of `Runtime`'s tables
/// (Runtime.swift): no access calls out (a token starts and ends after the access, on the
/// runtime read from the source or on a copy of the source), and what replaces the source
/// hands the old one back to be dropped after the access
/// (``TokenLedger/replaceSource(with:)``); the rest of the ledger is values.
protocol TokenLedgerOwner: ScheduledHoldEnding {
    var ledger: TokenLedger { get set }
}

extension TokenLedgerOwner {
    /// Holds `key` from now until `end` (forever for an infinite end), replacing what the key
    /// held. Holds nothing when `end` is not after now.
    /// - Complexity: O(1) expected.
    func holdActivity(_ key: String, until end: Double, on presentation: TargetPresentation) {
        // The ledger's bookkeeping in one access (each access to a class's stored property is
        // checked for exclusivity).
        guard let (hold, needsToken) = ledger.replaceHold(key, holds: end > presentation.now) else {
            endTokenIfIdle()
            return
        }
        if needsToken {
            // The runtime's numbers read in place when the executor is live (the usual case);
            // else started on a copy of the source: starting may make the executor again, and
            // the runtime then gives the ledger the new executor's source.
            if let (runtime, serial) = ledger.source?.liveRuntimeNumbers {
                let token = ActivityTokenGenerator.HeldToken(executorSerial: serial, id: runtime.startToken(executorSerial: serial))
                // A token started meanwhile (an observer of the start added to this core) is kept.
                if ledger.token == nil {
                    ledger.token = token
                } else if let id = token.id {
                    runtime.endToken(id, executorSerial: serial)
                }
            } else if var source = ledger.source {
                let token = source.startToken()
                if ledger.token == nil { ledger.token = token } else { source.endToken(token) }
            }
        }
        guard end.isFinite else { return }
        // The scheduled end holds the core until it runs (no weak reference to make and load):
        // a cycle through the channel's scheduled work at most, which ends when the work runs
        // (a document run drops its work when it ends).
        presentation.scheduleHoldEnd(at: end, of: self, key: key, hold: hold)
    }

    /// Ends the hold numbered `hold` of `key`, unless a later hold replaced it (its scheduled end).
    func endHold(_ key: String, _ hold: Int) {
        guard ledger.holdNumber(of: key) == hold else { return }
        _ = ledger.removeHold(key)
        endTokenIfIdle()
    }

    /// Ends the hold of `key`, if any.
    func endActivity(_ key: String) {
        if ledger.removeHold(key) { endTokenIfIdle() }
    }

    private func endTokenIfIdle() {
        guard ledger.isIdle, let token = ledger.token else { return }
        ledger.token = nil
        let source = ledger.source
        source?.endToken(token)
    }

    /// Ends the token still held, when the core goes: reads the two fields it needs, not a copy
    /// of the whole ledger.
    ///
    /// A core going after its runtime (the cores of a run's targets, as the run ends) has no
    /// token left to end: that is asked of the source in place, before the source is copied
    /// (counting the references it holds) to end one.
    func endHeldToken() {
        guard ledger.holdsEndableToken, let token = ledger.token else { return }
        let source = ledger.source
        source?.endToken(token)
    }
}
