public import MotionCore
public import MotionTimeline

/// Writes a baked timeline as CSS animations: a stylesheet, or one self-contained page.
///
/// Every scalar component of a layer property is a registered custom property (`--position-x`,
/// `--opacity`, `--backgroundColor-r`, ...); each animated one gets one `@keyframes` rule, and the
/// element's real styles (size, translate, rotate, scale, opacity, colours, border) are computed
/// from them, except where a real property carries the motion by itself (translate, rotate,
/// scale, opacity), which the browser's compositor plays (docs/export.md §4). No script is needed to play; `document.getAnimations()` lists
/// every animation, so a page can be scrubbed by pausing them and setting `currentTime`.
public enum CSSExporter {
    /// The report's note on a border width: what browsers draw of it.
    static let borderSnapNote = "browsers snap border widths to whole device pixels: 0.6 px draws 1 px, 1.5 px draws 1 px"

    /// The width a browser draws of a border `width` px wide at one device pixel per px: none for
    /// 0, 1 px up to 1, else the whole pixels (Chromium's rounding of `border-width`).
    static func drawnBorderWidth(_ width: Double) -> Double {
        width <= 0 ? 0 : width < 1 ? 1 : width.rounded(.down)
    }

    /// The largest difference, at the check times, between the border width of `layer` (limited
    /// to half the smaller side, as the render server draws it) and what a browser draws of it.
    ///
    /// - Complexity: O(d) for d check times.
    static func borderSnapError(_ tracks: TimelineTracks, layer: Int) -> Double {
        var worst = 0.0
        tracks.forEachCheckTime { t in
            let half =
                min(
                    tracks.value(layer: layer, property: .size, component: 0, at: t),
                    tracks.value(layer: layer, property: .size, component: 1, at: t)) / 2
            let width = max(0, min(tracks.value(layer: layer, property: .borderWidth, component: 0, at: t), max(0, half)))
            worst = max(worst, abs(drawnBorderWidth(width) - width))
        }
        return worst
    }

    /// Exports `tracks` as a page (`page`) or as its stylesheet alone.
    ///
    /// - Complexity: O(c·(s + d)) for c animated components, s segments each and d check times.
    public static func export(_ tracks: TimelineTracks, page: Bool, progress: ((Int, Int) -> Void)? = nil) -> ExportResult {
        let timeline = tracks.timeline
        // A page is written around the stylesheet as it grows (not copied around it at the end),
        // as UTF-8 bytes (appending to a `String` checks its storage on every append).
        var css: [UInt8] = []
        // About 1.5 KB a layer, at most 1 GB at once.
        css.reserveCapacity(min(1 << 16 + timeline.layers.count * 1536, 1 << 30))
        if page { css += pageHead(timeline) }
        css += preamble(timeline)
        // One report item per touched component: by layer, each layer's in trace order.
        var ordered: [ExportItem] = []
        // Repeats cut short where they are unrolled (X002).
        var cutShort: [ExportFinding] = []
        var touched = AnimatedComponentSet(layers: timeline.layers.count)
        // Events on layers the timeline does not have (possible in a timeline built in code) are
        // not shown, and must not grow the set.
        for component in ChannelEvent.touchedComponents(timeline.events) where timeline.layers.indices.contains(component.target) {
            touched.insert(AnimatedComponent.code(layer: component.target, component.property, component.component))
        }
        let all = CSSComponent.all
        // Each component's declaration up to its value (`  --opacity: `), as bytes made once.
        let declarationHeads = all.map { Array("  \($0.name): ".utf8) }
        var components = LayerComponents()
        var items = [ExportItem?](repeating: nil, count: all.count)
        var declarations: [UInt8] = []
        // The composited properties of the last layer that moved, and its placement.
        var placementComposited: [CompositedProperty] = []
        var lastPlacement: (x: Double, y: Double)?
        for (layer, timelineLayer) in timeline.layers.enumerated() {
            // Each component's value at the start, and how it moves when it does.
            components.reset()
            for i in items.indices where items[i] != nil { items[i] = nil }
            declarations.removeAll(keepingCapacity: true)
            // Per property: whether some event touches it, else its model value.
            var state: (animated: Bool, model: MotionValue) = (false, .scalar(0))
            // Components read in place (a copy of one retains and releases its two strings).
            for i in all.indices {
                let (property, c) = (all[i].property, all[i].component)
                if c == 0 {
                    let animated = tracks.isAnimated(layer: layer, property: property)
                    state = (animated, animated ? .scalar(0) : tracks.model(layer, property))
                }
                var item: ExportItem?
                if !state.animated {
                    components.values[i] = state.model[c]
                } else if let (animation, slot) = tracks.soleAnimation(layer: layer, property: property, component: c) {
                    components.values[i] = animation.values.first?[slot] ?? 0
                    components.motions[i] = .iterated(animation, slot: slot)
                    item = ExportItem(
                        target: timelineLayer.id, property: all[i].pathText, method: .exact,
                        keyframes: iteratedRowCount(animation), maxError: 0,
                        reason: animation.repeatCount > 1 || animation.autoreverses ? "repeats with the player's own iteration" : nil)
                } else {
                    let curve = tracks.curve(layer: layer, property: property, component: c)
                    components.values[i] = curve.value(at: 0)
                    if tracks.span.upperBound > 0, !curve.isConstant { components.motions[i] = .span(curve) }
                    // Counted without making them; a component whose rule is written below
                    // counts that rule's rows instead (a composited property's rows are made
                    // with the other components it carries, and shared by them).
                    item = ExportItem(
                        target: timelineLayer.id, property: all[i].pathText, method: curve.method,
                        keyframes: curve.isConstant ? 1 : PlayerKeyframes.count(curve), maxError: curve.maxError, reason: nil,
                        frameRuns: curve.isConstant ? nil : curve.frameRuns)
                    if let time = curve.unrolledUntil, touched.contains(AnimatedComponent.code(layer: layer, property, c)) {
                        // Written as far as it was unrolled, reported as not carried past it: X002.
                        let message = ExportFinding.cutShortMessage(at: time, end: tracks.span.upperBound)
                        item?.method = .dropped
                        item?.reason = message
                        cutShort.append(
                            ExportFinding(target: timelineLayer.id, property: all[i].pathText, message: message, kind: .cutShort))
                    }
                }
                declarations.append(contentsOf: declarationHeads[i])
                number(components.values[i], to: &declarations)
                declarations.append(UInt8(ascii: ";"))
                declarations.append(UInt8(ascii: "\n"))
                if property == .borderWidth, item?.method == .exact || item?.method == .fitted {
                    // Carried exactly in `--borderWidth`, but drawn snapped to whole pixels.
                    let snapped = borderSnapError(tracks, layer: layer)
                    if snapped > 0 {
                        item?.method = .approximated
                        item?.maxError += snapped
                        item?.reason = borderSnapNote
                    }
                }
                if touched.contains(AnimatedComponent.code(layer: layer, property, c)) { items[i] = item }
            }
            // The composited properties take the motions they can carry; custom properties the rest.
            // The `animation` declaration's entries, comma separated.
            var animations: [UInt8] = []
            func separate() { if !animations.isEmpty { animations.append(literal: ", ") } }
            // A motion path's element is placed by offset-path and turned and scaled by its own
            // transform (custom properties): only opacity stays composited beside it.
            let motionPath = CSSMotionPath(tracks, layer: layer)
            if components.moves {
                // Layers placed alike (most) share one list: made again only when the placement changes.
                let placement = CompositedProperty.placement(components)
                if placement?.x.bitPattern != lastPlacement?.x.bitPattern || placement?.y.bitPattern != lastPlacement?.y.bitPattern
                    || placementComposited.isEmpty
                {
                    placementComposited = CompositedProperty.all(placement)
                    lastPlacement = placement
                }
                let composited = motionPath == nil ? placementComposited : placementComposited.filter { $0.name == "opacity" }
                var carried = [Bool](repeating: false, count: all.count)
                for i in all.indices {
                    guard let motion = components.motions[i], !carried[i] else { continue }
                    if let real = composited.first(where: { $0.components.contains(all[i].key) }),
                        let track = real.track(
                            motions: real.components.map { components.motion($0) },
                            fixed: real.components.map { components.value($0) ?? 0 },
                            span: tracks.span.upperBound)
                    {
                        let name = keyframesName(layer, real.name.utf8)
                        keyframesRule(name, track.rows, to: &css, declaration: real.declaration)
                        separate()
                        track.entry(name, &animations)
                        // Each component it carries counts the rows they share (a still
                        // position.x beside a moving y too: the rule holds both).
                        for key in real.components {
                            guard let k = LayerComponents.index(key) else { continue }
                            carried[k] = true
                            items[k]?.keyframes = track.rows.count
                        }
                        continue
                    }
                    let name = keyframesName(layer, all[i].name.utf8.dropFirst(2))
                    guard let track = sharedTrack([motion], fixed: [0], span: tracks.span.upperBound) else { continue }
                    keyframesRule(name, track.rows, to: &css) { text, values in
                        text += all[i].name
                        text.append(literal: ": ")
                        number(values.first ?? 0, to: &text)
                    }
                    separate()
                    track.entry(name, &animations)
                    items[i]?.keyframes = track.rows.count
                }
            }
            if let motion = motionPath {
                // A motion path: the browser's own offset-path, exactly (docs/export.md).
                css += motion.rule
                separate()
                animations += motion.animation
                for declaration in motion.declarations { declarations += "  \(declaration);\n" }
                for (property, c) in [(LayerProperty.position, 0), (.position, 1)] + (motion.orients ? [(.rotation, 0)] : []) {
                    guard let i = LayerComponents.index(ComponentKey(property: property, component: c)), items[i] != nil else { continue }
                    items[i] = ExportItem(
                        target: timelineLayer.id, property: all[i].pathText, method: .exact, keyframes: 2, maxError: 0,
                        reason: property == .rotation ? "offset-rotate: auto" : "offset-path with offset-distance keyframes")
                }
            }
            selector(timelineLayer.id, to: &css)
            css.append(literal: " {\n")
            css.append(contentsOf: declarations)
            if !animations.isEmpty {
                css.append(literal: "  animation: ")
                css.append(contentsOf: animations)
                css.append(literal: ";\n")
            }
            css += "}\n"
            for item in items { if let item { ordered.append(item) } }
            progress?(layer + 1, timeline.layers.count)
        }
        if page {
            css.append(literal: "</style>\n</head>\n<body>\n")
            elements(timeline, to: &css)
            css.append(literal: "</body>\n</html>\n")
        }
        return ExportResult(format: page ? .html : .css, bytes: css, items: ordered, findings: cutShort)
    }

    /// The custom property of a component: `--` and the path with `.` as `-`.
    public static func customProperty(_ property: LayerProperty, _ c: Int) -> String {
        property.kind.componentCount > 1 ? "--\(property.rawValue)-\(property.kind.componentNames[c])" : "--\(property.rawValue)"
    }

    /// A selector for the element of a target id, whatever characters the id has.
    static func selector(_ id: String) -> String {
        "[id=\"\(cssEscaped(id))\"]"
    }

    /// Appends ``selector(_:)``'s text to `css`: the id's bytes as they are when none needs an
    /// escape (the common case, checked without building a string).
    static func selector(_ id: String, to css: inout [UInt8]) {
        css.append(literal: "[id=\"")
        let plain = id.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7F && $0 != 0x3C && $0 != 0x22 && $0 != 0x5C }
        if plain { css += id } else { css += cssEscaped(id) }
        css.append(literal: "\"]")
    }

    /// `text` for a CSS string: quotes, backslashes, control characters and `<` as CSS hex escapes
    /// (`\3c `), so that no id or name a timeline holds can end the string or, in a page, the
    /// `<style>` element (`</style><script>...` would run as the page's script).
    ///
    /// `inComment` leaves quotes and backslashes as they are, since a comment decodes no escapes.
    static func cssEscaped(_ text: String, inComment: Bool = false) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0..<0x20, 0x7F, 0x3C: out += "\\" + String(scalar.value, radix: 16) + " "
            case 0x22 where !inComment, 0x5C where !inComment: out += "\\" + String(scalar.value, radix: 16) + " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` as it may stand in a stylesheet's comment: `*/` split so that it cannot end the
    /// comment, `<` and control characters escaped so that it cannot end the page's `<style>`.
    ///
    /// A comment decodes no escapes, so only those are escaped: quotes and backslashes read as
    /// the document wrote them.
    static func commentText(_ text: String) -> String {
        cssEscaped(text, inComment: true).split(separator: "*/", omittingEmptySubsequences: false).joined(separator: "* /")
    }

    /// Shortest round-trip number text.
    static func number(_ v: Double) -> String { ExportNumber.text(v.isFinite ? v : 0) }

    /// Appends ``number(_:)``'s text to `bytes`.
    static func number(_ v: Double, to bytes: inout [UInt8]) { ExportNumber.append(v.isFinite ? v : 0, to: &bytes) }

    /// Seconds as a CSS time.
    static func seconds(_ v: Double) -> String { "\(number(v))s" }

    /// Appends ``seconds(_:)``'s text to `text`.
    static func seconds(_ v: Double, to text: inout [UInt8]) {
        number(v, to: &text)
        text.append(UInt8(ascii: "s"))
    }

    /// A timing function.
    static func timing(_ curve: TimingCurve, hold: Bool) -> String {
        var text: [UInt8] = []
        timing(curve, hold: hold, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends ``timing(_:hold:)``'s text to `css`.
    static func timing(_ curve: TimingCurve, hold: Bool, to css: inout [UInt8]) {
        if hold {
            css.append(literal: "step-end")
            return
        }
        switch curve {
        case .linear: css.append(literal: "linear")
        case let .cubicBezier(x1, y1, x2, y2):
            css.append(literal: "cubic-bezier(")
            number(x1, to: &css)
            css.append(literal: ", ")
            number(y1, to: &css)
            css.append(literal: ", ")
            number(x2, to: &css)
            css.append(literal: ", ")
            number(y2, to: &css)
            css.append(literal: ")")
        }
    }

    /// A `@keyframes` rule: each row's offset, its declaration, and its timing to the next row.
    static func keyframesRule(_ name: [UInt8], _ rows: [CSSKeyframe], to css: inout [UInt8], declaration: (inout [UInt8], [Double]) -> Void)
    {
        css.append(literal: "@keyframes ")
        css.append(contentsOf: name)
        css.append(literal: " {\n")
        for row in rows {
            css.append(literal: "  ")
            // A percentage of the offset, clamped to 0...100.
            number(min(max(row.offset * 100, 0), 100), to: &css)
            css.append(literal: "% { ")
            declaration(&css, row.values)
            css.append(literal: ";")
            if let curve = row.curve {
                css.append(literal: " animation-timing-function: ")
                timing(curve, hold: row.hold, to: &css)
                css.append(literal: ";")
            }
            css.append(literal: " }\n")
        }
        css.append(literal: "}\n")
    }

    /// The rows of one pass of a keyframe animation: per row, the value of each slot of
    /// `slots` (nil: the matching `fixed` value), with rows added at 0 and 1 where the animation's
    /// key times start late or end early.
    static func iteratedRows(_ animation: KeyframeAnimation, slots: [Int?], fixed: [Double]) -> [CSSKeyframe] {
        let keyframes = Keyframes(values: animation.values, offsets: animation.keyTimes, curves: animation.timingFunctions)
        let values = keyframes.values.map { value in
            zip(slots, fixed).map { slot, constant in slot.map { value[$0] } ?? constant }
        }
        var rows: [CSSKeyframe] = []
        if let first = keyframes.offsets.first, first > 0, let v = values.first { rows.append(CSSKeyframe(0, v, .linear)) }
        for (j, offset) in keyframes.offsets.enumerated() {
            let curve: TimingCurve? = j < values.count - 1 ? keyframes.curves[j] : (offset < 1 ? .linear : nil)
            rows.append(CSSKeyframe(offset, values[j], curve))
        }
        if let last = keyframes.offsets.last, last < 1, let v = values.last { rows.append(CSSKeyframe(1, v, nil)) }
        return rows
    }

    /// Whether any of `slots` (nil: a fixed value) ends a pass of `animation` on another value
    /// than the next pass starts from: where the passes of a repeat that does not autoreverse jump.
    ///
    /// Only then does the export start the animation a jump lead early (see
    /// ``iteration(_:name:passesJump:)``), and only where that shifts no value by more than
    /// ``leadTolerance`` of its slot's range: a pass of a few milliseconds moves too fast for it.
    static func passesJump(_ animation: KeyframeAnimation, slots: [Int?]) -> Bool {
        guard let first = animation.values.first, let last = animation.values.last else { return false }
        guard slots.contains(where: { slot in slot.map { first[$0] != last[$0] } ?? false }) else { return false }
        return leadShift(animation, slots: slots) <= 1
    }

    /// How far a value may move in one jump lead, as a share of its slot's range (or of 1 where
    /// the range is smaller): half of what an export judge allows a value shown exactly.
    ///
    /// The keyframe writers' own (``PlayerKeyframes/leadTolerance``), so that both exports leave
    /// the lead's warp out for the same passes.
    static let leadTolerance = PlayerKeyframes.leadTolerance

    /// The most any of `slots` moves over one jump lead, in units of ``leadTolerance`` of its range.
    ///
    /// Each segment is sampled by ``PlayerKeyframes/largestMove(of:over:)``; a segment shorter than
    /// the lead counts its whole change.
    /// - Complexity: O(keyframes x slots).
    static func leadShift(_ animation: KeyframeAnimation, slots: [Int?]) -> Double {
        let values = animation.values
        let keyTimes = animation.keyTimes
        let duration = animation.duration
        guard values.count > 1, keyTimes.count == values.count, duration > 0, duration.isFinite else { return 0 }
        var worst = 0.0
        for slot in slots {
            guard let slot else { continue }
            var low = Double.infinity
            var high = -Double.infinity
            for value in values {
                low = min(low, value[slot])
                high = max(high, value[slot])
            }
            let allowed = leadTolerance * max(high - low, 1)
            for j in 0..<(values.count - 1) {
                let change = values[j + 1][slot] - values[j][slot]
                guard change != 0 else { continue }
                let span = (keyTimes[j + 1] - keyTimes[j]) * duration
                guard span > PlayerKeyframes.jumpLead else {
                    worst = max(worst, abs(change) / allowed)
                    continue
                }
                let curve = j < animation.timingFunctions.count ? animation.timingFunctions[j] : animation.timingFunctions.last ?? .linear
                let moved = abs(change) * PlayerKeyframes.largestMove(of: curve, over: PlayerKeyframes.jumpLead / span)
                worst = max(worst, moved / allowed)
            }
        }
        return worst
    }

    /// How many rows ``iteratedRows(_:slots:fixed:)`` makes of `animation`, counted without
    /// making them: one per keyframe, and one more at 0 and at 1 where the key times start late
    /// or end early.
    static func iteratedRowCount(_ animation: KeyframeAnimation) -> Int {
        let offsets = Keyframes(values: animation.values, offsets: animation.keyTimes, curves: animation.timingFunctions).offsets
        guard let first = offsets.first, let last = offsets.last else { return 0 }
        return offsets.count + (first > 0 ? 1 : 0) + (last < 1 ? 1 : 0)
    }

    /// The `animation` entry of an iterated keyframe animation: Core Animation's repeat count of
    /// an autoreversing animation counts a forward and a backward pass; CSS counts each pass.
    ///
    /// When the value jumps where one pass meets the next (`passesJump`), the browser starts the
    /// animation a jump lead (``PlayerKeyframes/jumpLead``) early, as every other jump is shown: a
    /// pass whose start is a frame's time (0.1 + 2 x 0.1 s) then begins on that frame whatever
    /// the browser's rounding of `(time - delay) / duration`, which can land a hair before it.
    static func iteration(_ animation: KeyframeAnimation, name: String, passesJump: Bool = false) -> String {
        var text: [UInt8] = []
        iteration(animation, name: Array(name.utf8), passesJump: passesJump, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends ``iteration(_:name:passesJump:)``'s text to `text`.
    static func iteration(_ animation: KeyframeAnimation, name: [UInt8], passesJump: Bool = false, to text: inout [UInt8]) {
        let repeats = animation.repeatCount > 0 ? animation.repeatCount : 1
        let passes = animation.autoreverses ? repeats * 2 : repeats
        let duration = animation.duration > 0 && animation.duration.isFinite ? animation.duration : 0
        let jumps = passesJump && !animation.autoreverses && passes > 1 && duration > 0
        text.append(contentsOf: name)
        text.append(UInt8(ascii: " "))
        seconds(duration, to: &text)
        text.append(literal: " linear ")
        // The lead is whole nanoseconds: 0.1 s starts at 0.09999 s, not 0.09999000000000001 s.
        seconds(jumps ? Seconds.snapped(animation.beginTime - PlayerKeyframes.jumpLead) : animation.beginTime, to: &text)
        text.append(UInt8(ascii: " "))
        if passes.isFinite { number(passes, to: &text) } else { text.append(literal: "infinite") }
        text.append(literal: animation.autoreverses ? " alternate both" : " normal both")
    }

    /// A layer's `@keyframes` name: `m`, the layer's index, `-` and `suffix`.
    static func keyframesName(_ layer: Int, _ suffix: some Sequence<UInt8>) -> [UInt8] {
        var name: [UInt8] = [UInt8(ascii: "m")]
        name += String(layer)
        name.append(UInt8(ascii: "-"))
        name.append(contentsOf: suffix)
        return name
    }

    /// The stylesheet's fixed part: registered properties, the canvas, and the layer styles
    /// computed from the properties.
    static func preamble(_ timeline: Timeline) -> String {
        var css =
            "/* motionc export of \(commentText(timeline.name)) */\n"
        for property in LayerProperty.allCases where property.isAnimatable {
            for c in 0..<property.kind.componentCount {
                let initial = property.defaultValue[c]
                css +=
                    "@property \(customProperty(property, c)) { syntax: '<number>'; inherits: true; initial-value: \(number(initial)); }\n"
            }
        }
        let canvas = timeline.canvas
        let bg = canvas.background
        css += """
            body { margin: 0; }
            #motionc-canvas { position: absolute; left: 0; top: 0; width: \(number(canvas.width))px; \
            height: \(number(canvas.height))px; overflow: hidden; background: \(rgba(bg[0], bg[1], bg[2], bg[3])); }
            .motionc-layer {
              --motionc-border: clamp(0, var(--borderWidth), min(var(--size-width), var(--size-height)) / 2);
              position: absolute; left: 0; top: 0; box-sizing: border-box; border-style: solid;
              width: calc(var(--size-width) * 1px); height: calc(var(--size-height) * 1px);
              transform-origin: calc(var(--anchorPoint-x) * var(--size-width) * 1px) calc(var(--anchorPoint-y) * var(--size-height) * 1px);
              \(placement.joined(separator: ";\n  "));
              opacity: clamp(0, var(--opacity), 1);
              background-color: rgb(calc(clamp(0, var(--backgroundColor-r), 1) * 255) calc(clamp(0, var(--backgroundColor-g), 1) * 255) calc(clamp(0, var(--backgroundColor-b), 1) * 255) / clamp(0, var(--backgroundColor-a), 1));
              border-color: rgb(calc(clamp(0, var(--borderColor-r), 1) * 255) calc(clamp(0, var(--borderColor-g), 1) * 255) calc(clamp(0, var(--borderColor-b), 1) * 255) / clamp(0, var(--borderColor-a), 1));
              border-width: calc(var(--motionc-border) * 1px);
              border-radius: calc(clamp(0, var(--cornerRadius), min(var(--size-width), var(--size-height)) / 2) * 1px);
              z-index: calc(var(--zPosition));
            }
            .motionc-ellipse { border-radius: 50%; }
            .motionc-sublayers {
              position: absolute; width: 0; height: 0;
              left: calc((var(--anchorPoint-x) * var(--size-width) - var(--motionc-border)) * 1px);
              top: calc((var(--anchorPoint-y) * var(--size-height) - var(--motionc-border)) * 1px);
            }

            """
        return css
    }

    /// How a layer is placed, turned and scaled from its custom properties (a motion path
    /// replaces these, and a reduced-motion variant without the path restores them).
    static let placement = [
        "translate: calc((var(--position-x) - var(--anchorPoint-x) * var(--size-width)) * 1px) calc((var(--position-y) - var(--anchorPoint-y) * var(--size-height)) * 1px)",
        "rotate: calc(var(--rotation) * 1deg)", "scale: var(--scale-x) var(--scale-y)",
    ]

    /// A CSS colour from straight components, limited to 0...1.
    static func rgba(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> String {
        let c = { (v: Double) in number((min(max(v, 0), 1) * 255 * 1e6).rounded() / 1e6) }
        return "rgb(\(c(r)) \(c(g)) \(c(b)) / \(number(min(max(a, 0), 1))))"
    }

    /// The page: the stylesheet and the layer tree as nested elements.
    static func html(_ timeline: Timeline, css: String) -> String {
        let (head, tail) = (pageHead(timeline), pageTail(timeline))
        // One buffer with room for it all: the stylesheet is copied once.
        var page = ""
        page.reserveCapacity(head.utf8.count + css.utf8.count + tail.utf8.count)
        page += head
        page += css
        page += tail
        return page
    }

    /// The page's text before its stylesheet.
    static func pageHead(_ timeline: Timeline) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>\(escape(timeline.name))</title>
        <style>

        """
    }

    /// The page's text after its stylesheet: the layer tree.
    static func pageTail(_ timeline: Timeline) -> String {
        var text: [UInt8] = []
        text.append(literal: "</style>\n</head>\n<body>\n")
        elements(timeline, to: &text)
        text.append(literal: "</body>\n</html>\n")
        return String(decoding: text, as: UTF8.self)
    }

    /// The page's body: the canvas block holding one element per layer, nested as the tree.
    ///
    /// For a page of one's own around the stylesheet (`motionc preview` puts it on its stage).
    public static func elements(_ timeline: Timeline) -> String {
        var body: [UInt8] = []
        elements(timeline, to: &body)
        return String(decoding: body, as: UTF8.self)
    }

    /// Appends ``elements(_:)``'s text to `body` (as bytes: a page of 20,000 layers appended
    /// ~10 interpolated strings a layer).
    ///
    /// - Complexity: O(n) for n layers.
    static func elements(_ timeline: Timeline, to body: inout [UInt8]) {
        var children = [[Int]](repeating: [], count: timeline.layers.count)
        var roots: [Int] = []
        for (i, layer) in timeline.layers.enumerated() {
            if let parent = layer.parent, parent >= 0, parent < i { children[parent].append(i) } else { roots.append(i) }
        }
        body.append(literal: "  <div id=\"motionc-canvas\">\n")
        func element(_ i: Int, depth: Int) {
            for _ in 0..<depth { body.append(literal: "  ") }
            body.append(literal: "<div id=\"")
            escape(timeline.layers[i].id, to: &body)
            if timeline.layers[i].isEllipse {
                body.append(literal: "\" class=\"motionc-layer motionc-ellipse\">")
            } else {
                body.append(literal: "\" class=\"motionc-layer\">")
            }
            if children[i].isEmpty {
                body.append(literal: "</div>\n")
                return
            }
            body.append(literal: "<div class=\"motionc-sublayers\">\n")
            for child in children[i] { element(child, depth: depth + 1) }
            for _ in 0..<depth { body.append(literal: "  ") }
            body.append(literal: "</div></div>\n")
        }
        for root in roots { element(root, depth: 2) }
        body.append(literal: "  </div>\n")
    }

    /// Appends `text` escaped for HTML (``escape(_:)``): bytes copied as they are when nothing
    /// needs escaping.
    static func escape(_ text: String, to bytes: inout [UInt8]) {
        let plain = text.utf8.allSatisfy {
            $0 != UInt8(ascii: "&") && $0 != UInt8(ascii: "<") && $0 != UInt8(ascii: ">") && $0 != UInt8(ascii: "\"")
        }
        if plain { bytes += text } else { bytes += escape(text) }
    }

    /// Text escaped for HTML.
    static func escape(_ text: String) -> String {
        var out = ""
        for ch in text {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(ch)
            }
        }
        return out
    }
}

extension [UInt8] {
    /// Appends `text` as UTF-8 (the CSS exporter writes its stylesheet as bytes).
    static func += (bytes: inout [UInt8], text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends a literal's UTF-8, copied from where the program stores it (no string to read).
    mutating func append(literal text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }
}
