import MotionCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Many frames on one image, for `motionc render --sheet`.
///
/// A grid of cells, each with its frame time printed under it (`0.250 s`), separated by thin grey
/// lines.
///
/// Every cell shows the whole canvas. When the sheet would be wider or taller than
/// ``targetDimension`` the cells (not the labels) are scaled down uniformly to fit, to no less
/// than one pixel; a sheet that still exceeds ``maximumDimension`` is refused. Each cell is drawn
/// directly at its scale (never drawn at canvas size and shrunk), so memory is bounded by the
/// sheet, not the canvas: the sheet's surface (4 bytes a pixel, at most ``targetDimension``
/// pixels on each side unless one-pixel cells need more) and its copy as the returned buffer.
/// Frames with a translucent background are composited over white.
public struct ContactSheet: Sendable {
    /// The size, in pixels, that sheets are scaled down to fit within: 4096.
    public static let targetDimension = 4096
    /// The largest sheet width or height ever produced: ``RenderCanvas/maximumDimension``.
    public static let maximumDimension = RenderCanvas.maximumDimension
    /// Height of the label band under each cell, in pixels.
    public static let labelHeight = 18
    /// Width of the separator lines, in pixels.
    public static let separatorWidth = 1

    /// The canvas each cell shows.
    public var canvas: RenderCanvas
    /// The frames in reading order (left to right, top to bottom).
    ///
    /// Their times in seconds and their layer trees.
    public var frames: [(time: Double, layers: [LayerSnapshot])]
    /// Cells per row; nil picks `ceil(sqrt(frames.count))`, a near-square grid.
    ///
    /// Values below 1 read as 1 and values above the frame count as the frame count.
    public var columns: Int?

    /// Creates a sheet of `frames` drawn on `canvas`.
    public init(canvas: RenderCanvas, frames: [(time: Double, layers: [LayerSnapshot])], columns: Int? = nil) {
        self.canvas = canvas
        self.frames = frames
        self.columns = columns
    }

    /// The grid's column count after defaults and clamping.
    var resolvedColumns: Int {
        let n = frames.count
        guard n > 0 else { return 1 }
        var guess = columns ?? Int(Double(n).squareRoot().rounded(.up))
        while guess * guess < n && columns == nil { guess += 1 }  // guard against rounding
        return min(max(guess, 1), n)
    }

    /// Draws the sheet. A sheet without frames is a single white pixel.
    ///
    /// - Throws: ``RenderOutputError/invalidCanvasSize(width:height:)`` and
    ///   ``RenderOutputError/canvasTooLarge(width:height:limit:)`` for a canvas that cannot be
    ///   drawn; ``RenderOutputError/sheetTooLarge(frames:columns:limit:)`` when even one-pixel
    ///   cells would exceed ``maximumDimension``; ``RenderOutputError/cairoUnavailable(library:reason:)``
    ///   without the Cairo library; ``RenderOutputError/cairoFailure(operation:message:)`` with
    ///   Cairo's own text when it cannot allocate or draw the sheet.
    /// - Complexity: O(sheet pixels + covered cell pixels of each layer of each frame).
    public func render() throws(RenderOutputError) -> PixelBuffer {
        guard !frames.isEmpty else { return PixelBuffer(width: 1, height: 1, fill: RGBA8(255, 255, 255)) }
        try canvas.validate()
        let cairo = try Cairo.loaded()
        let n = frames.count
        let cols = resolvedColumns
        let rows = (n + cols - 1) / cols
        let gap = Self.separatorWidth
        let label = Self.labelHeight
        let cellW = canvas.width
        let cellH = canvas.height

        let target = Double(Self.targetDimension)
        let fitW = (target - Double(gap * (cols + 1))) / Double(cols * cellW)
        let fitH = (target - Double(gap * (rows + 1) + rows * label)) / Double(rows * cellH)
        let scale = max(0, min(1, fitW, fitH))
        let cw = max(1, Int((Double(cellW) * scale).rounded(.down)))
        let ch = max(1, Int((Double(cellH) * scale).rounded(.down)))
        let frameScale = min(Double(cw) / Double(cellW), Double(ch) / Double(cellH))

        let (w1, o1) = cols.multipliedReportingOverflow(by: cw + gap)
        let (h1, o2) = rows.multipliedReportingOverflow(by: ch + label + gap)
        guard !o1, !o2, w1 + gap <= Self.maximumDimension, h1 + gap <= Self.maximumDimension else {
            throw .sheetTooLarge(frames: n, columns: cols, limit: Self.maximumDimension)
        }
        let sheetW = w1 + gap
        let sheetH = h1 + gap

        let surface = try makeImageSurface(cairo, width: sheetW, height: sheetH, operation: "creating the contact sheet")
        defer { cairo.surface_destroy(surface) }
        guard let cr = cairo.create(surface) else {
            throw .cairoFailure(operation: "creating the contact sheet", message: "out of memory")
        }
        defer { cairo.destroy(cr) }

        cairo.set_source_rgb(cr, 1, 1, 1)
        cairo.paint(cr)

        cairo.set_source_rgb(cr, 0.75, 0.75, 0.75)
        for c in 0...cols {
            cairo.rectangle(cr, Double(c * (cw + gap)), 0, Double(gap), Double(sheetH))
        }
        for r in 0...rows {
            cairo.rectangle(cr, 0, Double(r * (ch + label + gap)), Double(sheetW), Double(gap))
        }
        cairo.fill(cr)

        cairo.select_font_face(cr, "sans-serif", Cairo.fontSlantNormal, Cairo.fontWeightNormal)
        cairo.set_font_size(cr, 12)

        let painter = LayerPainter(
            cairo: cairo, device: DeviceRect(x0: 0, y0: 0, x1: Double(sheetW), y1: Double(sheetH)),
            groupBudget: 2 * Double(sheetW) * Double(sheetH))
        let bg = canvas.background
        let drawnW = Double(cellW) * frameScale
        let drawnH = Double(cellH) * frameScale
        for (index, frame) in frames.enumerated() {
            let cellX = Double((index % cols) * (cw + gap) + gap)
            let cellY = Double((index / cols) * (ch + label + gap) + gap)
            let cell = DeviceRect(x0: cellX, y0: cellY, x1: cellX + Double(cw), y1: cellY + Double(ch))
            let originX = cellX + ((Double(cw) - drawnW) / 2).rounded(.down)
            let originY = cellY + ((Double(ch) - drawnH) / 2).rounded(.down)
            cairo.save(cr)
            cairo.rectangle(cr, cellX, cellY, Double(cw), Double(ch))
            cairo.clip(cr)
            // The canvas at cell scale: its background, then its layers.
            cairo.rectangle(cr, originX, originY, drawnW, drawnH)
            cairo.set_source_rgba(cr, unit(bg[0]), unit(bg[1]), unit(bg[2]), unit(bg[3]))
            cairo.fill(cr)
            painter.device = cell
            painter.draw(
                frame.layers, on: cr,
                transform: Affine(xx: frameScale, yx: 0, xy: 0, yy: frameScale, x0: originX, y0: originY))
            cairo.restore(cr)

            let text = Self.label(for: frame.time)
            var extents: Cairo.TextExtents = (0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &extents) { cairo.text_extents(cr, text, $0.baseAddress) }
            cairo.save(cr)
            cairo.rectangle(cr, cellX, cellY + Double(ch), Double(cw), Double(label))
            cairo.clip(cr)
            cairo.set_source_rgb(cr, 0.2, 0.2, 0.2)
            let textX = cellX + max(2, (Double(cw) - extents.4) / 2)
            cairo.move_to(cr, textX.rounded(), cellY + Double(ch) + 13)
            cairo.show_text(cr, text)
            cairo.restore(cr)
        }
        try checkDrawing(cairo, cr, operation: "drawing the contact sheet")
        return pixelBuffer(cairo, from: surface)
    }

    /// The label under a cell: seconds with three decimals and a unit, `0.250 s`; `? s` for a
    /// time that is not finite.
    static func label(for time: Double) -> String {
        SecondsText.fixed(time) + " s"
    }
}
