import CCairo

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Many frames on one image: a grid of cells, each with its frame time printed under it
/// (`0.250 s`), separated by thin grey lines, for `motionc render --sheet`.
///
/// Every cell is as large as the largest frame; smaller frames are centred in their cell. When
/// the sheet would be wider or taller than ``targetDimension`` the cells (not the labels) are
/// scaled down uniformly to fit, to no less than one pixel; a sheet that still exceeds
/// ``maximumDimension`` is refused. Frames with transparency are composited over white.
public struct ContactSheet: Sendable {
    /// The size, in pixels, that sheets are scaled down to fit within: 4096.
    public static let targetDimension = 4096
    /// The largest sheet width or height ever produced: ``RenderCanvas/maximumDimension``.
    public static let maximumDimension = RenderCanvas.maximumDimension
    /// Height of the label band under each cell, in pixels.
    public static let labelHeight = 18
    /// Width of the separator lines, in pixels.
    public static let separatorWidth = 1

    /// The frames in reading order (left to right, top to bottom) with their times in seconds.
    public var frames: [(time: Double, buffer: PixelBuffer)]
    /// Cells per row; nil picks `ceil(sqrt(frames.count))`, a near-square grid. Values below 1
    /// read as 1 and values above the frame count as the frame count.
    public var columns: Int?

    /// Creates a sheet of `frames`.
    public init(frames: [(time: Double, buffer: PixelBuffer)], columns: Int? = nil) {
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
    /// - Throws: ``RenderOutputError/sheetTooLarge(frames:columns:limit:)`` when even one-pixel
    ///   cells would exceed ``maximumDimension``; ``RenderOutputError/cairoFailure(operation:message:)``
    ///   when Cairo cannot allocate it.
    /// - Complexity: O(sheet pixels + frame pixels).
    public func render() throws(RenderOutputError) -> PixelBuffer {
        guard !frames.isEmpty else { return PixelBuffer(width: 1, height: 1, fill: RGBA8(255, 255, 255)) }
        let n = frames.count
        let cols = resolvedColumns
        let rows = (n + cols - 1) / cols
        let gap = Self.separatorWidth
        let label = Self.labelHeight
        let cellW = max(1, frames.map(\.buffer.width).max() ?? 1)
        let cellH = max(1, frames.map(\.buffer.height).max() ?? 1)

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

        let surface = try makeImageSurface(width: sheetW, height: sheetH, operation: "creating the contact sheet")
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else {
            throw .cairoFailure(operation: "creating the contact sheet", message: "out of memory")
        }
        defer { cairo_destroy(cr) }

        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)

        cairo_set_source_rgb(cr, 0.75, 0.75, 0.75)
        for c in 0...cols {
            cairo_rectangle(cr, Double(c * (cw + gap)), 0, Double(gap), Double(sheetH))
        }
        for r in 0...rows {
            cairo_rectangle(cr, 0, Double(r * (ch + label + gap)), Double(sheetW), Double(gap))
        }
        cairo_fill(cr)

        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, 12)

        for (index, frame) in frames.enumerated() {
            let cellX = Double((index % cols) * (cw + gap) + gap)
            let cellY = Double((index / cols) * (ch + label + gap) + gap)
            let buffer = frame.buffer
            if buffer.width > 0, buffer.height > 0 {
                let image = try makeImageSurface(from: buffer, operation: "preparing a contact sheet cell")
                defer { cairo_surface_destroy(image) }
                let drawnW = Double(buffer.width) * frameScale
                let drawnH = Double(buffer.height) * frameScale
                cairo_save(cr)
                cairo_rectangle(cr, cellX, cellY, Double(cw), Double(ch))
                cairo_clip(cr)
                cairo_translate(
                    cr, cellX + ((Double(cw) - drawnW) / 2).rounded(.down), cellY + ((Double(ch) - drawnH) / 2).rounded(.down))
                cairo_scale(cr, frameScale, frameScale)
                cairo_set_source_surface(cr, image, 0, 0)
                if let pattern = cairo_get_source(cr) { cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD) }
                cairo_paint(cr)
                cairo_restore(cr)
            }

            let text = Self.label(for: frame.time)
            var extents = cairo_text_extents_t()
            cairo_text_extents(cr, text, &extents)
            cairo_save(cr)
            cairo_rectangle(cr, cellX, cellY + Double(ch), Double(cw), Double(label))
            cairo_clip(cr)
            cairo_set_source_rgb(cr, 0.2, 0.2, 0.2)
            let textX = cellX + max(2, (Double(cw) - extents.x_advance) / 2)
            cairo_move_to(cr, textX.rounded(), cellY + Double(ch) + 13)
            cairo_show_text(cr, text)
            cairo_restore(cr)
        }
        return pixelBuffer(from: surface)
    }

    /// The label under a cell: seconds with three decimals and a unit, `0.250 s`; `? s` for a
    /// time that is not finite.
    static func label(for time: Double) -> String {
        guard time.isFinite else { return "? s" }
        let millis = (abs(time) * 1000).rounded()
        guard millis < 1e15 else { return "\(time) s" }
        let ms = Int(millis)
        let fraction = String(ms % 1000)
        let sign = time < 0 && ms != 0 ? "-" : ""
        return "\(sign)\(ms / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) s"
    }
}
