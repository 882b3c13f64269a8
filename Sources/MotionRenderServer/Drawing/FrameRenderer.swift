import CCairo
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
/// server's thread) and use it there. The drawing semantics are documented on ``LayerSnapshot``.
public final class FrameRenderer {
    /// How deep a layer tree is drawn; sublayers nested deeper are skipped.
    public static let maximumDepth = 256

    /// The canvas every frame is drawn on.
    public let canvas: RenderCanvas

    private let surface: OpaquePointer
    private var context: OpaquePointer
    /// Scratch indices for sorting siblings by zPosition, reused across layers and frames.
    private var order: [Int] = []

    /// Creates a renderer for a canvas, allocating its pixel surface.
    ///
    /// - Throws: ``RenderOutputError/invalidCanvasSize(width:height:)`` for a canvas narrower or
    ///   shorter than 1 pixel, ``RenderOutputError/canvasTooLarge(width:height:limit:)`` above
    ///   ``RenderCanvas/maximumDimension``, ``RenderOutputError/cairoFailure(operation:message:)``
    ///   when Cairo cannot allocate the surface.
    public init(canvas: RenderCanvas) throws(RenderOutputError) {
        try canvas.validate()
        self.canvas = canvas
        surface = try makeImageSurface(width: canvas.width, height: canvas.height, operation: "creating the canvas")
        do {
            context = try Self.makeContext(surface)
        } catch {
            cairo_surface_destroy(surface)
            throw error
        }
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    private static func makeContext(_ surface: OpaquePointer) throws(RenderOutputError) -> OpaquePointer {
        guard let cr = cairo_create(surface) else {
            throw .cairoFailure(operation: "creating a drawing context", message: "out of memory")
        }
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(cr)
            throw .cairoFailure(operation: "creating a drawing context", message: cairoMessage(status))
        }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        return cr
    }

    /// Draws one frame: the canvas background, then `layers` (top-level, in document order) and
    /// their sublayers, and returns the pixels.
    ///
    /// - Complexity: O(canvas pixels + covered pixels of each layer + n log n for siblings whose
    ///   zPositions are not already ascending). After the first frame, no allocation happens
    ///   besides the returned buffer.
    public func render(_ layers: [LayerSnapshot]) -> PixelBuffer {
        if cairo_status(context) != CAIRO_STATUS_SUCCESS, let fresh = try? Self.makeContext(surface) {
            // A context in an error state draws nothing; start afresh rather than give up.
            cairo_destroy(context)
            context = fresh
        }
        let cr = context
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        let bg = canvas.background
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(cr, unit(bg[0]), unit(bg[1]), unit(bg[2]), unit(bg[3]))
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        drawSiblings(layers, parent: .identity, opacity: 1, depth: 0)
        return pixelBuffer(from: surface)
    }

    private func drawSiblings(_ layers: [LayerSnapshot], parent: Affine, opacity: Double, depth: Int) {
        guard depth < Self.maximumDepth, !layers.isEmpty else { return }
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
                draw(layer, parent: parent, opacity: opacity, depth: depth)
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
            draw(layers[order[k]], parent: parent, opacity: opacity, depth: depth)
        }
        order.removeSubrange(base...)
    }

    private func draw(_ layer: LayerSnapshot, parent: Affine, opacity parentOpacity: Double, depth: Int) {
        let opacity = parentOpacity * unit(layer.opacity[0])
        guard opacity > 0 else { return }  // the whole subtree is invisible
        let position = layer.position.components
        let anchor = layer.anchorPoint.components
        let scale = layer.scale.components
        let degrees = layer.rotation[0]
        guard position[0].isFinite, position[1].isFinite, anchor[0].isFinite, anchor[1].isFinite,
            scale[0].isFinite, scale[1].isFinite, degrees.isFinite
        else { return }
        let radians = degrees.truncatingRemainder(dividingBy: 360) * (Double.pi / 180)
        let c = cos(radians)
        let s = sin(radians)
        let local = Affine(
            xx: c * scale[0], yx: s * scale[0], xy: -s * scale[1], yy: c * scale[1],
            x0: position[0], y0: position[1])
        let m = parent.concatenating(local)
        guard m.isDrawable else { return }

        let cr = context
        var matrix = cairo_matrix_t(xx: m.xx, yx: m.yx, xy: m.xy, yy: m.yy, x0: m.x0, y0: m.y0)
        cairo_set_matrix(cr, &matrix)

        let w = length(layer.size[0])
        let h = length(layer.size[1])
        if w > 0, h > 0 {
            let x = -anchor[0] * w
            let y = -anchor[1] * h
            let half = min(w, h) / 2
            let radius = layer.isEllipse ? 0 : min(length(layer.cornerRadius[0]), half)
            let border = min(length(layer.borderWidth[0]), half)
            let fill = layer.backgroundColor.components
            let stroke = layer.borderColor.components
            let fillAlpha = unit(fill[3]) * opacity
            let strokeAlpha = border > 0 ? unit(stroke[3]) * opacity : 0

            if fillAlpha > 0 || strokeAlpha > 0 {
                addShape(cr, x: x, y: y, w: w, h: h, radius: radius, ellipse: layer.isEllipse)
                if fillAlpha > 0 {
                    cairo_set_source_rgba(cr, unit(fill[0]), unit(fill[1]), unit(fill[2]), fillAlpha)
                    if strokeAlpha > 0 { cairo_fill_preserve(cr) } else { cairo_fill(cr) }
                }
                if strokeAlpha > 0 {
                    // The border is the ring between the outline and the outline inset by the
                    // border width, filled even-odd: it lies inside the shape, like Core Animation's.
                    if border < half {
                        addShape(
                            cr, x: x + border, y: y + border, w: w - 2 * border, h: h - 2 * border,
                            radius: max(0, radius - border), ellipse: layer.isEllipse)
                    }
                    cairo_set_source_rgba(cr, unit(stroke[0]), unit(stroke[1]), unit(stroke[2]), strokeAlpha)
                    cairo_fill(cr)
                }
            }
        }
        if !layer.children.isEmpty {
            drawSiblings(layer.children, parent: m, opacity: opacity, depth: depth + 1)
        }
    }
}

/// Adds a closed rect, rounded rect or inscribed ellipse to the current path, using Bézier
/// quarter circles so that no Cairo state is saved or changed.
private func addShape(_ cr: OpaquePointer, x: Double, y: Double, w: Double, h: Double, radius r: Double, ellipse: Bool) {
    // The control-point distance that makes a cubic Bézier approximate a quarter circle.
    let k = 0.552_284_749_830_793_4
    if ellipse {
        let rx = w / 2
        let ry = h / 2
        let cx = x + rx
        let cy = y + ry
        cairo_move_to(cr, cx + rx, cy)
        cairo_curve_to(cr, cx + rx, cy + k * ry, cx + k * rx, cy + ry, cx, cy + ry)
        cairo_curve_to(cr, cx - k * rx, cy + ry, cx - rx, cy + k * ry, cx - rx, cy)
        cairo_curve_to(cr, cx - rx, cy - k * ry, cx - k * rx, cy - ry, cx, cy - ry)
        cairo_curve_to(cr, cx + k * rx, cy - ry, cx + rx, cy - k * ry, cx + rx, cy)
        cairo_close_path(cr)
    } else if r <= 0 {
        cairo_rectangle(cr, x, y, w, h)
    } else {
        let right = x + w
        let bottom = y + h
        let d = k * r
        cairo_move_to(cr, x + r, y)
        cairo_line_to(cr, right - r, y)
        cairo_curve_to(cr, right - r + d, y, right, y + r - d, right, y + r)
        cairo_line_to(cr, right, bottom - r)
        cairo_curve_to(cr, right, bottom - r + d, right - r + d, bottom, right - r, bottom)
        cairo_line_to(cr, x + r, bottom)
        cairo_curve_to(cr, x + r - d, bottom, x, bottom - r + d, x, bottom - r)
        cairo_line_to(cr, x, y + r)
        cairo_curve_to(cr, x, y + r - d, x + r - d, y, x + r, y)
        cairo_close_path(cr)
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
private func length(_ v: Double) -> Double {
    v.isNaN ? 0 : min(max(v, 0), 1_000_000)
}

/// NaN reads as 0; infinities stay, they still order.
@inline(__always)
private func orderKey(_ v: Double) -> Double {
    v.isNaN ? 0 : v
}
