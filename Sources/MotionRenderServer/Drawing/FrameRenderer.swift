import MotionCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Draws frames of a layer tree onto one canvas with Cairo.
///
/// The renderer owns one Cairo image surface and context, reused by every ``render(_:)`` call, so
/// it is a reference type and not `Sendable`: create it on the thread that draws (the render
/// server's thread) and use it there. The drawing rules are documented on ``LayerSnapshot``.
///
/// Memory: the canvas surface (4 bytes a pixel: 256 MiB at the largest canvas, 8192x8192), the
/// returned buffer of the same size, and group surfaces for translucent layers with sublayers,
/// each clipped to its subtree's bounds and together at most two canvases' worth of pixels.
public final class FrameRenderer {
    /// How deep a layer tree is drawn; sublayers nested deeper are skipped.
    public static let maximumDepth = 256

    /// The canvas every frame is drawn on.
    public let canvas: RenderCanvas

    private let cairo: Cairo
    private let surface: OpaquePointer
    private var context: OpaquePointer
    private let painter: LayerPainter

    /// Creates a renderer for a canvas, loading Cairo and allocating its pixel surface.
    ///
    /// - Throws: ``RenderOutputError/invalidCanvasSize(width:height:)`` for a canvas narrower or
    ///   shorter than 1 pixel, ``RenderOutputError/canvasTooLarge(width:height:limit:)`` above
    ///   ``RenderCanvas/maximumDimension``, ``RenderOutputError/cairoUnavailable(library:reason:)``
    ///   when the Cairo library cannot be loaded, ``RenderOutputError/cairoFailure(operation:message:)``
    ///   when Cairo cannot allocate the surface.
    public init(canvas: RenderCanvas) throws(RenderOutputError) {
        try canvas.validate()
        let cairo = try Cairo.loaded()
        self.cairo = cairo
        self.canvas = canvas
        surface = try makeImageSurface(cairo, width: canvas.width, height: canvas.height, operation: "creating the canvas")
        do {
            context = try Self.makeContext(cairo, surface)
        } catch {
            cairo.surface_destroy(surface)
            throw error
        }
        painter = LayerPainter(
            cairo: cairo, device: DeviceRect(x0: 0, y0: 0, x1: Double(canvas.width), y1: Double(canvas.height)))
    }

    /// Loads the Cairo library that drawing needs, if not loaded yet.
    ///
    /// A command can then report a missing library before it writes anything.
    ///
    /// - Throws: ``RenderOutputError/cairoUnavailable(library:reason:)`` naming the library and
    ///   what is missing.
    public static func loadCairo() throws(RenderOutputError) {
        _ = try Cairo.loaded()
    }

    deinit {
        cairo.destroy(context)
        cairo.surface_destroy(surface)
    }

    private static func makeContext(_ cairo: Cairo, _ surface: OpaquePointer) throws(RenderOutputError) -> OpaquePointer {
        guard let cr = cairo.create(surface) else {
            throw .cairoFailure(operation: "creating a drawing context", message: "out of memory")
        }
        do {
            try checkDrawing(cairo, cr, operation: "creating a drawing context")
        } catch {
            cairo.destroy(cr)
            throw error
        }
        return cr
    }

    /// Draws one frame and returns the pixels.
    ///
    /// The canvas background, then `layers` (top-level, in document order) and their sublayers.
    ///
    /// - Throws: ``RenderOutputError/cairoFailure(operation:message:)`` with Cairo's own text when
    ///   drawing failed (out of memory for a group surface); the next call starts afresh.
    /// - Complexity: O(canvas pixels + covered pixels of each layer + n log n for siblings whose
    ///   zPositions are not already ascending + subtree size × nesting for translucent groups).
    ///   After the first frame, no allocation happens besides the returned buffer and group
    ///   surfaces.
    public func render(_ layers: [LayerSnapshot]) throws(RenderOutputError) -> PixelBuffer {
        if cairo.status(context) != Cairo.statusSuccess {
            // A context in an error state draws nothing; start afresh rather than give up.
            let fresh = try Self.makeContext(cairo, surface)
            cairo.destroy(context)
            context = fresh
        }
        let cr = context
        cairo.identity_matrix(cr)
        cairo.new_path(cr)
        let bg = canvas.background
        cairo.set_operator(cr, Cairo.operatorSource)
        cairo.set_source_rgba(cr, unit(bg[0]), unit(bg[1]), unit(bg[2]), unit(bg[3]))
        cairo.paint(cr)
        cairo.set_operator(cr, Cairo.operatorOver)
        painter.draw(layers, on: cr, transform: .identity)
        try checkDrawing(cairo, cr, operation: "drawing a frame")
        return pixelBuffer(cairo, from: surface)
    }
}

/// The drawing rules for layer trees (documented on ``LayerSnapshot``), on any Cairo context and
/// under any base transform: frames use the identity, contact-sheet cells their cell's scale.
///
/// Not `Sendable`: it keeps scratch storage between calls; use it on the thread that draws.
final class LayerPainter {
    private let cairo: Cairo
    /// The device pixels drawing can reach (the surface, or a sheet's cell); groups are clipped to it.
    var device: DeviceRect
    /// How many device pixels group surfaces may hold at once: twice the surface's.
    private let groupBudget: Double
    /// Device pixels held by the group surfaces open now.
    private var groupPixels = 0.0
    /// Scratch indices for sorting siblings by zPosition, reused across layers and frames.
    private var order: [Int] = []

    init(cairo: Cairo, device: DeviceRect, groupBudget: Double? = nil) {
        self.cairo = cairo
        self.device = device
        self.groupBudget = groupBudget ?? 2 * device.area
    }

    /// Draws `layers` and their sublayers on `cr`, their coordinates mapped to device pixels by
    /// `transform`. Leaves the context's matrix changed and its source unspecified.
    func draw(_ layers: [LayerSnapshot], on cr: OpaquePointer, transform: Affine) {
        groupPixels = 0
        drawSiblings(layers, on: cr, parent: transform, alpha: 1, depth: 0)
    }

    private func drawSiblings(_ layers: [LayerSnapshot], on cr: OpaquePointer, parent: Affine, alpha: Double, depth: Int) {
        guard depth < FrameRenderer.maximumDepth, !layers.isEmpty else { return }
        var ascending = true
        var previous = -Double.infinity
        for layer in layers {
            let z = orderKey(layer.zPosition[0])
            if z < previous {
                ascending = false
                break
            }
            previous = z
        }
        if ascending {
            for layer in layers {
                draw(layer, on: cr, parent: parent, alpha: alpha, depth: depth)
            }
            return
        }
        let base = order.count
        order.append(contentsOf: layers.indices)
        order[base...].sort { a, b in
            let za = orderKey(layers[a].zPosition[0])
            let zb = orderKey(layers[b].zPosition[0])
            return za < zb || (za == zb && a < b)
        }
        for k in base..<(base + layers.count) {
            draw(layers[order[k]], on: cr, parent: parent, alpha: alpha, depth: depth)
        }
        order.removeSubrange(base...)
    }

    /// Draws one layer and its sublayers. `alpha` multiplies what is drawn directly: 1, unless
    /// an ancestor's group did not fit in the group budget and passed its opacity down.
    private func draw(_ layer: LayerSnapshot, on cr: OpaquePointer, parent: Affine, alpha: Double, depth: Int) {
        let opacity = unit(layer.opacity[0])
        guard opacity > 0, let m = transform(of: layer, in: parent) else { return }  // the subtree is invisible
        let shape = LayerShape(layer)
        let drawsChildren = !layer.children.isEmpty && depth + 1 < FrameRenderer.maximumDepth
        // Group opacity: a translucent layer with sublayers (or with a border over its fill) is
        // drawn opaque into a group surface, then painted at its opacity, as one.
        if opacity < 1, drawsChildren || (shape?.hasFill == true && shape?.hasBorder == true) {
            var bounds = DeviceRect.empty
            addBounds(of: layer, transform: m, depth: depth, to: &bounds)
            let clipped = bounds.outset(by: 1).roundedOut().intersection(device)
            guard clipped.area > 0 else { return }  // nothing of it reaches the surface
            if groupPixels + clipped.area <= groupBudget {
                groupPixels += clipped.area
                defer { groupPixels -= clipped.area }
                cairo.save(cr)
                cairo.identity_matrix(cr)
                cairo.rectangle(cr, clipped.x0, clipped.y0, clipped.x1 - clipped.x0, clipped.y1 - clipped.y0)
                cairo.clip(cr)
                cairo.push_group(cr)
                drawContent(shape, on: cr, transform: m, alpha: 1)
                if drawsChildren { drawSiblings(layer.children, on: cr, parent: m, alpha: 1, depth: depth + 1) }
                cairo.identity_matrix(cr)
                cairo.pop_group_to_source(cr)
                cairo.paint_with_alpha(cr, alpha * opacity)
                cairo.restore(cr)
                return
            }
            // Over budget (deeply nested translucent groups): opacity multiplies down instead.
        }
        drawContent(shape, on: cr, transform: m, alpha: alpha * opacity)
        if drawsChildren { drawSiblings(layer.children, on: cr, parent: m, alpha: alpha * opacity, depth: depth + 1) }
    }

    /// Fills the layer's shape with its background colour, then strokes its border inside its
    /// bounds: along the outline inset by half the border width, the inner path's corner
    /// radius `cornerRadius - borderWidth / 2` (at least 0).
    private func drawContent(_ shape: LayerShape?, on cr: OpaquePointer, transform m: Affine, alpha: Double) {
        guard let shape, shape.hasFill || shape.hasBorder else { return }
        var matrix: Cairo.Matrix = (m.xx, m.yx, m.xy, m.yy, m.x0, m.y0)
        withUnsafeBytes(of: &matrix) { cairo.set_matrix(cr, $0.baseAddress) }
        if shape.hasFill {
            let fill = shape.fill
            cairo.addShape(cr, x: shape.x, y: shape.y, w: shape.w, h: shape.h, radius: shape.radius, ellipse: shape.isEllipse)
            cairo.set_source_rgba(cr, fill.0, fill.1, fill.2, fill.3 * alpha)
            cairo.fill(cr)
        }
        if shape.hasBorder {
            let b = shape.border
            let stroke = shape.stroke
            cairo.addShape(
                cr, x: shape.x + b / 2, y: shape.y + b / 2, w: shape.w - b, h: shape.h - b,
                radius: max(0, shape.radius - b / 2), ellipse: shape.isEllipse)
            cairo.set_line_width(cr, b)
            cairo.set_line_join(cr, Cairo.lineJoinMiter)
            cairo.set_source_rgba(cr, stroke.0, stroke.1, stroke.2, stroke.3 * alpha)
            cairo.stroke(cr)
        }
    }

    /// Adds the device-space bounds of what `layer` (placed by `m`) and its visible sublayers draw.
    ///
    /// - Complexity: O(layers in the subtree).
    private func addBounds(of layer: LayerSnapshot, transform m: Affine, depth: Int, to bounds: inout DeviceRect) {
        if let shape = LayerShape(layer), shape.hasFill || shape.hasBorder {
            // The four corners (no array: this runs for every layer of a translucent subtree).
            let right = shape.x + shape.w
            let bottom = shape.y + shape.h
            bounds.add(m, x: shape.x, y: shape.y)
            bounds.add(m, x: right, y: shape.y)
            bounds.add(m, x: shape.x, y: bottom)
            bounds.add(m, x: right, y: bottom)
        }
        guard depth + 1 < FrameRenderer.maximumDepth else { return }
        for child in layer.children where unit(child.opacity[0]) > 0 {
            if let cm = transform(of: child, in: m) { addBounds(of: child, transform: cm, depth: depth + 1, to: &bounds) }
        }
    }
}

/// The transform that places `layer` in its parent's coordinates (`parent`): translate(position)
/// · rotate(rotation) · scale(scale); nil when the layer and its subtree cannot be drawn (a
/// position, anchor point, scale or rotation not finite, a singular transform, or too far away).
private func transform(of layer: LayerSnapshot, in parent: Affine) -> Affine? {
    let position = layer.position.components
    let anchor = layer.anchorPoint.components
    let scale = layer.scale.components
    let degrees = layer.rotation[0]
    guard position[0].isFinite, position[1].isFinite, anchor[0].isFinite, anchor[1].isFinite, scale[0].isFinite,
        scale[1].isFinite, degrees.isFinite
    else { return nil }
    let radians = degrees.truncatingRemainder(dividingBy: 360) * (Double.pi / 180)
    let c = cos(radians)
    let s = sin(radians)
    let local = Affine(
        xx: c * scale[0], yx: s * scale[0], xy: -s * scale[1], yy: c * scale[1],
        x0: position[0], y0: position[1])
    let m = parent.concatenating(local)
    return m.isDrawable ? m : nil
}

/// A layer's own drawing in its coordinates, with every value limited as drawn: sizes, corner
/// radius and border width non-negative and the latter two at most half the smaller side;
/// colour components in 0...1.
struct LayerShape {
    var x, y, w, h, radius, border: Double
    var isEllipse: Bool
    /// Straight RGBA, each in 0...1.
    var fill, stroke: (Double, Double, Double, Double)

    /// Nil for a layer without area (zero width or height) or whose anchor point is not finite.
    init?(_ layer: LayerSnapshot) {
        let anchor = layer.anchorPoint.components
        w = length(layer.size[0])
        h = length(layer.size[1])
        guard w > 0, h > 0, anchor[0].isFinite, anchor[1].isFinite else { return nil }
        x = -anchor[0] * w
        y = -anchor[1] * h
        let half = min(w, h) / 2
        isEllipse = layer.isEllipse
        radius = isEllipse ? 0 : min(length(layer.cornerRadius[0]), half)
        border = min(length(layer.borderWidth[0]), half)
        let f = layer.backgroundColor.components
        let s = layer.borderColor.components
        fill = (unit(f[0]), unit(f[1]), unit(f[2]), unit(f[3]))
        stroke = (unit(s[0]), unit(s[1]), unit(s[2]), border > 0 ? unit(s[3]) : 0)
    }

    var hasFill: Bool { fill.3 > 0 }
    var hasBorder: Bool { stroke.3 > 0 }
}

/// An axis-aligned rectangle in device pixels, `x0 <= x1`, `y0 <= y1` unless empty.
struct DeviceRect: Hashable {
    var x0, y0, x1, y1: Double

    static let empty = DeviceRect(x0: .infinity, y0: .infinity, x1: -.infinity, y1: -.infinity)

    /// Its area, 0 when empty.
    var area: Double { x1 > x0 && y1 > y0 ? (x1 - x0) * (y1 - y0) : 0 }

    /// Grows to hold the point `(x, y)` mapped by `m`.
    mutating func add(_ m: Affine, x: Double, y: Double) {
        let dx = m.xx * x + m.xy * y + m.x0
        let dy = m.yx * x + m.yy * y + m.y0
        x0 = min(x0, dx)
        y0 = min(y0, dy)
        x1 = max(x1, dx)
        y1 = max(y1, dy)
    }

    func outset(by d: Double) -> DeviceRect { DeviceRect(x0: x0 - d, y0: y0 - d, x1: x1 + d, y1: y1 + d) }

    func roundedOut() -> DeviceRect {
        DeviceRect(x0: x0.rounded(.down), y0: y0.rounded(.down), x1: x1.rounded(.up), y1: y1.rounded(.up))
    }

    func intersection(_ o: DeviceRect) -> DeviceRect {
        DeviceRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    }
}

extension Cairo {
    /// Adds a closed rect, rounded rect or inscribed ellipse to the current path, using Bézier
    /// quarter circles so that no Cairo state is saved or changed.
    func addShape(_ cr: OpaquePointer, x: Double, y: Double, w: Double, h: Double, radius r: Double, ellipse: Bool) {
        // The control-point distance that makes a cubic Bézier approximate a quarter circle.
        let k = 0.552_284_749_830_793_4
        if ellipse {
            let rx = w / 2
            let ry = h / 2
            let cx = x + rx
            let cy = y + ry
            move_to(cr, cx + rx, cy)
            curve_to(cr, cx + rx, cy + k * ry, cx + k * rx, cy + ry, cx, cy + ry)
            curve_to(cr, cx - k * rx, cy + ry, cx - rx, cy + k * ry, cx - rx, cy)
            curve_to(cr, cx - rx, cy - k * ry, cx - k * rx, cy - ry, cx, cy - ry)
            curve_to(cr, cx + k * rx, cy - ry, cx + rx, cy - k * ry, cx + rx, cy)
            close_path(cr)
        } else if r <= 0 {
            rectangle(cr, x, y, w, h)
        } else {
            let right = x + w
            let bottom = y + h
            let d = k * r
            move_to(cr, x + r, y)
            line_to(cr, right - r, y)
            curve_to(cr, right - r + d, y, right, y + r - d, right, y + r)
            line_to(cr, right, bottom - r)
            curve_to(cr, right, bottom - r + d, right - r + d, bottom, right - r, bottom)
            line_to(cr, x + r, bottom)
            curve_to(cr, x + r - d, bottom, x, bottom - r + d, x, bottom - r)
            line_to(cr, x, y + r)
            curve_to(cr, x, y + r - d, x + r - d, y, x + r, y)
            close_path(cr)
        }
    }
}

/// A 2D affine transform in Cairo's layout: `x' = xx·x + xy·y + x0`, `y' = yx·x + yy·y + y0`.
struct Affine: Hashable, Sendable {
    var xx, yx, xy, yy, x0, y0: Double

    static let identity = Affine(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0)

    /// `self · other`: applies `other` first, then `self`.
    func concatenating(_ o: Affine) -> Affine {
        Affine(
            xx: xx * o.xx + xy * o.yx, yx: yx * o.xx + yy * o.yx,
            xy: xx * o.xy + xy * o.yy, yy: yx * o.xy + yy * o.yy,
            x0: xx * o.x0 + xy * o.y0 + x0, y0: yx * o.x0 + yy * o.y0 + y0)
    }

    /// Whether Cairo can draw with it: finite, invertible (not collapsed by a zero scale) and
    /// within 10 million points of the origin, inside Cairo's fixed-point range.
    var isDrawable: Bool {
        let limit = 1e7
        let det = xx * yy - xy * yx
        return det.isFinite && abs(det) > 1e-12
            && abs(xx) <= limit && abs(yx) <= limit && abs(xy) <= limit && abs(yy) <= limit
            && abs(x0) <= limit && abs(y0) <= limit
    }
}

/// Clamps to 0...1; NaN reads as 0.
@inline(__always)
func unit(_ v: Double) -> Double {
    v.isNaN ? 0 : min(max(v, 0), 1)
}

/// A length: negative and NaN read as 0, capped at 1,000,000 points.
@inline(__always)
func length(_ v: Double) -> Double {
    v.isNaN ? 0 : min(max(v, 0), 1_000_000)
}

/// NaN reads as 0; infinities stay, they still order.
@inline(__always)
private func orderKey(_ v: Double) -> Double {
    v.isNaN ? 0 : v
}
