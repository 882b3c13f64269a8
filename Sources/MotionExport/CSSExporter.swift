public import MotionCore
import MotionJSON
public import MotionTimeline

/// Writes a baked timeline as CSS animations: a stylesheet, or one self-contained page.
///
/// Every scalar component of a layer property is a registered custom property (`--position-x`,
/// `--opacity`, `--backgroundColor-r`, ...); each animated one gets one `@keyframes` rule, and the
/// element's real styles (size, translate, rotate, scale, opacity, colours, border) are computed
/// from them (docs/export.md §4). No script is needed to play; `document.getAnimations()` lists
/// every animation, so a page can be scrubbed by pausing them and setting `currentTime`.
public enum CSSExporter {
    /// Exports `tracks` as a page (`page`) or as its stylesheet alone.
    ///
    /// - Complexity: O(c·(s + d)) for c animated components, s segments each and d check times.
    public static func export(_ tracks: TimelineTracks, page: Bool, progress: ((Int, Int) -> Void)? = nil) -> ExportResult {
        let timeline = tracks.timeline
        var css = preamble(timeline)
        var items: [String: ExportItem] = [:]
        let touchedComponents = Set(ChannelEvent.touchedComponents(timeline.events))
        for (layer, timelineLayer) in timeline.layers.enumerated() {
            var declarations: [String] = []
            var animations: [String] = []
            for property in LayerProperty.allCases where property.isAnimatable {
                for c in 0..<property.kind.componentCount {
                    let name = customProperty(property, c)
                    let path = PropertyPath(property, component: property.kind.componentCount > 1 ? c : nil)
                    guard tracks.isAnimated(layer: layer, property: property) else {
                        let model = timelineLayer.model[property] ?? property.defaultValue
                        declarations.append("\(name): \(number(model[c]))")
                        continue
                    }
                    let keyframesName = "m\(layer)-\(name.dropFirst(2))"
                    let touched = touchedComponents.contains(AnimatedComponent(target: layer, property: property, component: c))
                    if let (animation, slot) = tracks.soleAnimation(layer: layer, property: property, component: c) {
                        let (rule, count) = iterated(animation, slot: slot, name: keyframesName)
                        css += rule
                        animations.append(iteration(animation, name: keyframesName))
                        declarations.append("\(name): \(number(animation.values.first?[slot] ?? 0))")
                        if touched {
                            items["\(layer) \(path)"] =
                                (ExportItem(
                                    target: timelineLayer.id, property: path.description, method: .exact, keyframes: count,
                                    maxError: 0,
                                    reason: animation.repeatCount > 1 || animation.autoreverses
                                        ? "repeats with the player's own iteration" : nil))
                        }
                        continue
                    }
                    let curve = tracks.curve(layer: layer, property: property, component: c)
                    let keyframes = PlayerKeyframes.keyframes([curve])
                    declarations.append("\(name): \(number(curve.value(at: 0)))")
                    if tracks.span.upperBound > 0, !curve.isConstant {
                        css += rule(keyframes, name: keyframesName, duration: tracks.span.upperBound)
                        animations.append("\(keyframesName) \(seconds(tracks.span.upperBound)) linear 0s 1 normal both")
                    }
                    if touched {
                        items["\(layer) \(path)"] =
                            (ExportItem(
                                target: timelineLayer.id, property: path.description, method: curve.method,
                                keyframes: curve.isConstant ? 1 : keyframes.count, maxError: curve.maxError, reason: nil))
                    }
                }
            }
            css += "\(selector(timelineLayer.id)) {\n"
            for declaration in declarations { css += "  \(declaration);\n" }
            if !animations.isEmpty { css += "  animation: \(animations.joined(separator: ", "));\n" }
            css += "}\n"
            progress?(layer + 1, timeline.layers.count)
        }
        let ordered = timeline.touchedComponents.compactMap { touched -> ExportItem? in
            let kind = touched.property.kind
            let path = PropertyPath(touched.property, component: kind.componentCount > 1 ? touched.component : nil)
            return items["\(touched.layer) \(path)"]
        }
        let text = page ? html(timeline, css: css) : css
        return ExportResult(format: page ? .html : .css, text: text, items: ordered, findings: [])
    }

    /// The custom property of a component: `--` and the path with `.` as `-`.
    public static func customProperty(_ property: LayerProperty, _ c: Int) -> String {
        property.kind.componentCount > 1 ? "--\(property.rawValue)-\(property.kind.componentNames[c])" : "--\(property.rawValue)"
    }

    /// A selector for the element of a target id, whatever characters the id has.
    static func selector(_ id: String) -> String {
        var quoted = ""
        JSONString.append(id, to: &quoted)
        return "[id=\(quoted)]"
    }

    /// Shortest round-trip number text.
    static func number(_ v: Double) -> String { JSONNumber.format(v.isFinite ? v : 0) }

    /// Seconds as a CSS time.
    static func seconds(_ v: Double) -> String { "\(number(v))s" }

    /// A percentage of a keyframe offset, clamped to 0...100.
    static func percent(_ fraction: Double) -> String { "\(number(min(max(fraction * 100, 0), 100)))%" }

    /// A timing function.
    static func timing(_ curve: TimingCurve, hold: Bool) -> String {
        if hold { return "step-end" }
        switch curve {
        case .linear: return "linear"
        case let .cubicBezier(x1, y1, x2, y2):
            return "cubic-bezier(\(number(x1)), \(number(y1)), \(number(x2)), \(number(y2)))"
        }
    }

    /// A `@keyframes` rule over `duration` seconds from player keyframes.
    static func rule(_ keyframes: [PlayerKeyframe], name: String, duration: Double) -> String {
        var css = "@keyframes \(name) {\n"
        for (k, keyframe) in keyframes.enumerated() {
            let value = keyframe.values.first ?? 0
            css += "  \(percent(keyframe.time / duration)) { \(name.customPropertyName): \(number(value));"
            if k < keyframes.count - 1 {
                css += " animation-timing-function: \(timing(keyframe.easings.first ?? .linear, hold: keyframe.hold));"
            }
            css += " }\n"
        }
        return css + "}\n"
    }

    /// One pass of a keyframe animation as a `@keyframes` rule, and its keyframe count.
    static func iterated(_ animation: KeyframeAnimation, slot: Int, name: String) -> (String, Int) {
        let keyframes = Keyframes(values: animation.values, offsets: animation.keyTimes, curves: animation.timingFunctions)
        let values = keyframes.values.map { $0[slot] }
        var rows: [(offset: Double, value: Double, curve: TimingCurve?)] = []
        if let first = keyframes.offsets.first, first > 0, let v = values.first { rows.append((0, v, .linear)) }
        for (j, offset) in keyframes.offsets.enumerated() {
            let curve: TimingCurve? = j < values.count - 1 ? keyframes.curves[j] : (offset < 1 ? .linear : nil)
            rows.append((offset, values[j], curve))
        }
        if let last = keyframes.offsets.last, last < 1, let v = values.last { rows.append((1, v, nil)) }
        var css = "@keyframes \(name) {\n"
        for row in rows {
            css += "  \(percent(row.offset)) { \(name.customPropertyName): \(number(row.value));"
            if let curve = row.curve { css += " animation-timing-function: \(timing(curve, hold: false));" }
            css += " }\n"
        }
        return (css + "}\n", rows.count)
    }

    /// The `animation` entry of an iterated keyframe animation: Core Animation's repeat count of
    /// an autoreversing animation counts a forward and a backward pass; CSS counts each pass.
    static func iteration(_ animation: KeyframeAnimation, name: String) -> String {
        let repeats = animation.repeatCount > 0 ? animation.repeatCount : 1
        let passes = animation.autoreverses ? repeats * 2 : repeats
        let count = passes.isFinite ? number(passes) : "infinite"
        let direction = animation.autoreverses ? "alternate" : "normal"
        let duration = animation.duration > 0 && animation.duration.isFinite ? animation.duration : 0
        return "\(name) \(seconds(duration)) linear \(seconds(animation.beginTime)) \(count) \(direction) both"
    }

    /// The stylesheet's fixed part: registered properties, the canvas, and the layer styles
    /// computed from the properties.
    static func preamble(_ timeline: Timeline) -> String {
        var css =
            "/* motionc export of \(timeline.name.split(separator: "*/", omittingEmptySubsequences: false).joined(separator: "* /")) */\n"
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
              translate: calc((var(--position-x) - var(--anchorPoint-x) * var(--size-width)) * 1px) calc((var(--position-y) - var(--anchorPoint-y) * var(--size-height)) * 1px);
              rotate: calc(var(--rotation) * 1deg);
              scale: var(--scale-x) var(--scale-y);
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

    /// A CSS colour from straight components, limited to 0...1.
    static func rgba(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> String {
        let c = { (v: Double) in number((min(max(v, 0), 1) * 255 * 1e6).rounded() / 1e6) }
        return "rgb(\(c(r)) \(c(g)) \(c(b)) / \(number(min(max(a, 0), 1))))"
    }

    /// The page: the stylesheet and the layer tree as nested elements.
    static func html(_ timeline: Timeline, css: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>\(escape(timeline.name))</title>
        <style>
        \(css)</style>
        </head>
        <body>
        \(elements(timeline))</body>
        </html>

        """
    }

    /// The page's body: the canvas block holding one element per layer, nested as the tree, for a
    /// page of one's own around the stylesheet (`motionc preview` puts it on its stage).
    public static func elements(_ timeline: Timeline) -> String {
        var children = [[Int]](repeating: [], count: timeline.layers.count)
        var roots: [Int] = []
        for (i, layer) in timeline.layers.enumerated() {
            if let parent = layer.parent, parent >= 0, parent < i { children[parent].append(i) } else { roots.append(i) }
        }
        var body = ""
        func element(_ i: Int, depth: Int) {
            let layer = timeline.layers[i]
            let indent = String(repeating: "  ", count: depth)
            let classes = layer.isEllipse ? "motionc-layer motionc-ellipse" : "motionc-layer"
            body += "\(indent)<div id=\"\(escape(layer.id))\" class=\"\(classes)\">"
            if children[i].isEmpty {
                body += "</div>\n"
                return
            }
            body += "<div class=\"motionc-sublayers\">\n"
            for child in children[i] { element(child, depth: depth + 1) }
            body += "\(indent)</div></div>\n"
        }
        for root in roots { element(root, depth: 2) }
        return "  <div id=\"motionc-canvas\">\n\(body)  </div>\n"
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

extension String {
    /// The custom property a keyframes rule named `m<layer>-<name>` animates: `--<name>`.
    fileprivate var customPropertyName: String {
        guard let dash = firstIndex(of: "-") else { return "--" + self }
        return "--" + self[index(after: dash)...]
    }
}
