import MotionCore

/// One scalar component of a layer property: `position` component 1 is `position.y`.
struct ComponentKey: Hashable, Sendable {
    var property: LayerProperty
    var component: Int
}

/// One component of an animatable layer property as a CSS export names it.
struct CSSComponent: Sendable {
    var property: LayerProperty
    var component: Int
    var key: ComponentKey
    /// The custom property (`--position-x`).
    var name: String
    /// The property path (`position.x`), as the report names it.
    var pathText: String

    /// Every component of every animatable property, in trace order (property, then component).
    static let all: [CSSComponent] = LayerProperty.allCases.filter(\.isAnimatable).flatMap { property in
        (0..<property.kind.componentCount).map { c in
            CSSComponent(
                property: property, component: c, key: ComponentKey(property: property, component: c),
                name: CSSExporter.customProperty(property, c),
                pathText: PropertyPath(property, component: property.kind.componentCount > 1 ? c : nil).description)
        }
    }
}

/// The components of one layer in a CSS export, in ``CSSComponent/all``'s order: each one's value
/// at the start, and how it moves when it does.
struct LayerComponents {
    var values = [Double](repeating: 0, count: CSSComponent.all.count)
    var motions = [ComponentMotion?](repeating: nil, count: CSSComponent.all.count)

    /// Where each (property, component) is in ``CSSComponent/all``, at its slot (`AnimatedComponent.slot`).
    private static let indices: [Int?] = {
        var indices = [Int?](repeating: nil, count: LayerProperty.allCases.count * 4)
        for (i, component) in CSSComponent.all.enumerated() { indices[AnimatedComponent.slot(component.property, component.component)] = i }
        return indices
    }()

    /// The index of `key` in ``CSSComponent/all``.
    static func index(_ key: ComponentKey) -> Int? {
        let code = AnimatedComponent.slot(key.property, key.component)
        return (0..<4).contains(key.component) && indices.indices.contains(code) ? indices[code] : nil
    }

    /// The value of `key` at the start.
    func value(_ key: ComponentKey) -> Double? { Self.index(key).map { values[$0] } }

    /// How `key` moves, when it does.
    func motion(_ key: ComponentKey) -> ComponentMotion? { Self.index(key).flatMap { motions[$0] } }

    /// Whether some component moves.
    var moves: Bool { motions.contains { $0 != nil } }

    /// Every value 0, nothing moving: ready for the next layer.
    mutating func reset() {
        for i in values.indices {
            values[i] = 0
            // Only the slots that move: writing nil over nil still calls the payload's destroy.
            if motions[i] != nil { motions[i] = nil }
        }
    }
}

/// How one component moves in a CSS export (docs/export.md §4).
enum ComponentMotion {
    /// Its only animation, played with CSS's own iteration: the animation and the component's
    /// slot in its values.
    case iterated(KeyframeAnimation, slot: Int)
    /// Keyframes over the whole span, from its shown curve.
    case span(ShownCurve)
}

/// One row of a `@keyframes` rule: an offset in 0...1, a value per component, and the timing to
/// the next row (nil on the last; `hold` makes it a step).
struct CSSKeyframe {
    var offset: Double
    var values: [Double]
    var curve: TimingCurve?
    var hold = false

    init(_ offset: Double, _ values: [Double], _ curve: TimingCurve?, hold: Bool = false) {
        self.offset = offset
        self.values = values
        self.curve = curve
        self.hold = hold
    }
}

/// One CSS animation: its keyframe rows and the `animation` entry that plays keyframes of a name.
struct CSSTrack {
    var rows: [CSSKeyframe]
    /// Appends the `animation` entry that plays the keyframes of a name (UTF-8) to a text.
    var entry: (_ name: [UInt8], _ text: inout [UInt8]) -> Void
}

/// A real CSS property that shows layer components by itself (`translate`, `rotate`, `scale`,
/// `opacity`): animating it, rather than the components' custom properties, lets the browser's
/// compositor play the animation off the page's main thread (docs/export.md §4).
struct CompositedProperty: Sendable {
    /// The CSS property, also the end of its keyframes' name (`m3-translate`).
    var name: String
    /// The components it shows, in the order its declaration takes their values.
    var components: [ComponentKey]
    /// Appends the property's declaration for one value per component.
    var declaration: @Sendable (inout [UInt8], [Double]) -> Void
    /// Whether it shows these rows as the custom properties would (opacity: only within 0...1).
    var accepts: @Sendable ([CSSKeyframe]) -> Bool = { _ in true }

    /// The animation that carries `motions` (nil: the component holds its `fixed` value), or nil
    /// when this property cannot carry them.
    func track(motions: [ComponentMotion?], fixed: [Double], span: Double) -> CSSTrack? {
        guard let track = CSSExporter.sharedTrack(motions, fixed: fixed, span: span), accepts(track.rows) else { return nil }
        return track
    }

    /// The composited properties of one layer, whose components start at `layer.values`: the
    /// transform's only while its anchor point and size hold still (the transform origin and the
    /// translation depend on them).
    static func all(_ layer: LayerComponents) -> [CompositedProperty] {
        all(placement(layer))
    }

    /// What ``all(_:)`` depends on: whether the anchor point or size moves (nil), else the
    /// translation's offset (the anchor point times the size).
    static func placement(_ layer: LayerComponents) -> (x: Double, y: Double)? {
        // Components read in place (a copy of one retains and releases its two strings).
        let all = CSSComponent.all
        for i in all.indices where i < layer.motions.count && layer.motions[i] != nil {
            if all[i].property == .anchorPoint || all[i].property == .size { return nil }
        }
        let value = { (property: LayerProperty, c: Int) in
            layer.value(ComponentKey(property: property, component: c)) ?? property.defaultValue[c]
        }
        return (value(.anchorPoint, 0) * value(.size, 0), value(.anchorPoint, 1) * value(.size, 1))
    }

    /// The composited properties of a layer placed as `placement` (``placement(_:)``) says.
    static func all(_ placement: (x: Double, y: Double)?) -> [CompositedProperty] {
        guard let (offsetX, offsetY) = placement else { return [opacity] }
        return [
            CompositedProperty(
                name: "translate",
                components: [ComponentKey(property: .position, component: 0), ComponentKey(property: .position, component: 1)],
                declaration: { text, v in
                    text.append(literal: "translate: ")
                    CSSExporter.number((v.first ?? 0) - offsetX, to: &text)
                    text.append(literal: "px ")
                    CSSExporter.number((v.last ?? 0) - offsetY, to: &text)
                    text.append(literal: "px")
                }),
            rotate, scale, opacity,
        ]
    }

    /// `opacity`: only within 0...1 (the custom property's `clamp` would limit the rest).
    static let opacity = CompositedProperty(
        name: "opacity", components: [ComponentKey(property: .opacity, component: 0)],
        declaration: { text, v in
            text.append(literal: "opacity: ")
            CSSExporter.number(v.first ?? 1, to: &text)
        },
        accepts: { rows in
            rows.allSatisfy { row in
                let inside = row.values.allSatisfy { (0...1).contains($0) }
                guard !row.hold, case .cubicBezier(_, let y1, _, let y2) = row.curve else { return inside }
                return inside && (0...1).contains(y1) && (0...1).contains(y2)
            }
        })

    /// `rotate`, in degrees.
    static let rotate = CompositedProperty(
        name: "rotate", components: [ComponentKey(property: .rotation, component: 0)],
        declaration: { text, v in
            text.append(literal: "rotate: ")
            CSSExporter.number(v.first ?? 0, to: &text)
            text.append(literal: "deg")
        })

    /// `scale`, x and y.
    static let scale = CompositedProperty(
        name: "scale", components: [ComponentKey(property: .scale, component: 0), ComponentKey(property: .scale, component: 1)],
        declaration: { text, v in
            text.append(literal: "scale: ")
            CSSExporter.number(v.first ?? 1, to: &text)
            text.append(literal: " ")
            CSSExporter.number(v.last ?? 1, to: &text)
        })
}

extension CSSExporter {
    /// One animation that moves `motions` together (nil: the component holds its `fixed` value):
    /// nil when they cannot share one (two different animations, an iterated one beside keyframes
    /// over the span, keyframes whose easings differ between components) or nothing moves.
    static func sharedTrack(_ motions: [ComponentMotion?], fixed: [Double], span: Double) -> CSSTrack? {
        switch motions.lazy.compactMap({ $0 }).first {
        case nil:
            return nil
        case .iterated(let animation, _):
            var slots: [Int?] = []
            for motion in motions {
                switch motion {
                case nil: slots.append(nil)
                case .iterated(let other, let slot) where other == animation: slots.append(slot)
                default: return nil
                }
            }
            let jumps = passesJump(animation, slots: slots)
            return CSSTrack(rows: iteratedRows(animation, slots: slots, fixed: fixed)) {
                iteration(animation, name: $0, passesJump: jumps, to: &$1)
            }
        case .span:
            var curves: [ShownCurve] = []
            var moving: [Int?] = []
            for motion in motions {
                switch motion {
                case nil: moving.append(nil)
                case .span(let curve):
                    moving.append(curves.count)
                    curves.append(curve)
                case .iterated: return nil
                }
            }
            let keyframes = PlayerKeyframes.keyframes(curves)
            guard span > 0, !keyframes.isEmpty else { return nil }
            var rows: [CSSKeyframe] = []
            for (k, keyframe) in keyframes.enumerated() {
                let values = zip(moving, fixed).map { index, constant in
                    index.map { $0 < keyframe.values.count ? keyframe.values[$0] : constant } ?? constant
                }
                guard k < keyframes.count - 1 else {
                    rows.append(CSSKeyframe(keyframe.time / span, values, nil))
                    continue
                }
                // One timing function moves every component of a row: their easings must agree.
                let easing = keyframe.easings.first ?? .linear
                guard keyframe.hold || keyframe.easings.allSatisfy({ $0 == easing }) else { return nil }
                rows.append(CSSKeyframe(keyframe.time / span, values, easing, hold: keyframe.hold))
            }
            var duration: [UInt8] = [UInt8(ascii: " ")]
            seconds(span, to: &duration)
            duration.append(literal: " linear 0s 1 normal both")
            return CSSTrack(rows: rows) { name, text in
                text.append(contentsOf: name)
                text.append(contentsOf: duration)
            }
        }
    }
}
