import MotionCore
import Testing

@testable import MotionRenderServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The names in a directory, without `.` and `..`.
private func listing(_ directory: String) -> [String] {
    guard let dir = opendir(directory) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
}

private func writeText(_ text: String, to path: String) {
    guard let file = fopen(path, "w") else { return }
    fputs(text, file)
    fclose(file)
}

private func readText(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    while case let c = fgetc(file), c != EOF { bytes.append(UInt8(truncatingIfNeeded: c)) }
    return String(decoding: bytes, as: UTF8.self)
}

private func sampleFrame(background: MotionValue = .color(1, 1, 1, 1)) throws -> PixelBuffer {
    try draw(
        [
            layer([.position: .point(6, 6), .size: .size(6, 6), .backgroundColor: redColor]),
            layer([.position: .point(14, 14), .size: .size(6, 6), .cornerRadius: .scalar(2), .backgroundColor: .color(0, 0, 1, 0.5)]),
        ], width: 20, height: 16, background: background)
}

@Suite("PNG output")
struct PNGTests {
    @Test func opaqueFrameRoundTripsExactly() throws {
        let dir = temporaryDirectory()
        let path = dir + "/frame-00000.png"
        let frame = try sampleFrame()
        try PNGWriter.write(frame, to: path)
        let back = try PixelBuffer(contentsOfPNG: path)
        #expect(back.width == 20 && back.height == 16)
        #expect(back == frame)
        #expect(back.pixel(x: 5, y: 5) == red)
        #expect(listing(dir) == ["frame-00000.png"])  // no temporary file left
    }

    @Test func translucentFrameRoundTripsWithinRounding() throws {
        let dir = temporaryDirectory()
        let path = dir + "/clear.png"
        let frame = try sampleFrame(background: .color(0, 1, 0, 0.25))
        try PNGWriter.write(frame, to: path)
        let back = try PixelBuffer(contentsOfPNG: path)
        #expect(back.width == frame.width && back.height == frame.height)
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                guard let expected = frame.pixel(x: x, y: y) else { continue }
                #expect(isClose(back.pixel(x: x, y: y), expected, tolerance: 2), "(\(x), \(y))")
            }
        }
        #expect(isClose(back.pixel(x: 0, y: 0), RGBA8(0, 255, 0, 64)))
    }

    @Test func replacingAFileKeepsNoTemporaryFiles() throws {
        let dir = temporaryDirectory()
        let path = dir + "/out.png"
        writeText("old", to: path)
        try PNGWriter.write(try sampleFrame(), to: path)
        #expect(try PixelBuffer(contentsOfPNG: path).pixel(x: 5, y: 5) == red)
        #expect(listing(dir) == ["out.png"])
    }

    /// A write that fails after the temporary file is complete leaves the old file as it was.
    @Test func failedWriteLeavesTheExistingFileUntouched() throws {
        let dir = temporaryDirectory()
        let path = dir + "/out.png"
        writeText("old contents", to: path)
        var sawTemporary = false
        #expect(throws: RenderOutputError.file(FileError(path: path, reason: "simulated", kind: .write))) {
            try PNGWriter.write(try sampleFrame(), to: path) { (temporary: String) -> String? in
                sawTemporary = temporary.hasPrefix(dir + "/.out.png.") && access(temporary, F_OK) == 0
                return "simulated"
            }
        }
        #expect(sawTemporary)
        #expect(readText(path) == "old contents")
        #expect(listing(dir) == ["out.png"])
    }

    @Test func writingOverADirectoryFailsAndCleansUp() throws {
        let dir = temporaryDirectory()
        let target = dir + "/taken"
        mkdir(target, 0o755)
        writeText("keep", to: target + "/inside")
        let frame = try sampleFrame()
        do throws(RenderOutputError) {
            try PNGWriter.write(frame, to: target)
            Issue.record("expected an error")
        } catch {
            guard case .file(let file) = error, file.kind == .write else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(file.path == target)
            #expect(error.description.contains(target))
        }
        #expect(listing(dir) == ["taken"])
        #expect(readText(target + "/inside") == "keep")
    }

    @Test func writingIntoAMissingDirectoryThrows() throws {
        let folder = temporaryDirectory() + "/missing/deeper"
        let path = folder + "/frame.png"
        let frame = try sampleFrame()
        do throws(RenderOutputError) {
            try PNGWriter.write(frame, to: path)
            Issue.record("expected an error")
        } catch {
            guard case .file(let file) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(file.kind == .missingDirectory && file.path == path)
            #expect(error.description == "cannot write '\(path)': directory '\(folder)' does not exist; create it first")
        }
    }

    @Test func emptyImagesAreRefused() {
        #expect(throws: RenderOutputError.emptyImage(path: "/tmp/empty.png")) {
            try PNGWriter.write(PixelBuffer(width: 0, height: 3, fill: red), to: "/tmp/empty.png")
        }
    }

    @Test func readingAMissingOrBrokenFileThrows() {
        let dir = temporaryDirectory()
        #expect(throws: RenderOutputError.self) { try PixelBuffer(contentsOfPNG: dir + "/nope.png") }
        writeText("not a png", to: dir + "/bad.png")
        #expect(throws: RenderOutputError.self) { try PixelBuffer(contentsOfPNG: dir + "/bad.png") }
    }
}

@Suite("Contact sheets")
struct ContactSheetTests {
    @Test(arguments: [
        (0.25, "0.250 s"), (0, "0.000 s"), (1.5, "1.500 s"), (12.3456, "12.346 s"), (-0.1, "-0.100 s"),
        (0.0004, "0.000 s"), (Double.nan, "? s"), (Double.infinity, "? s"),
    ])
    func timeLabels(time: Double, expected: String) {
        #expect(ContactSheet.label(for: time) == expected)
    }

    /// A layer that fills a `width x height` canvas with `color`.
    private func filling(_ width: Double, _ height: Double, _ color: MotionValue) -> [LayerSnapshot] {
        [layer([.position: .point(width / 2, height / 2), .size: .size(width, height), .backgroundColor: color])]
    }

    /// Two 10x10 frames side by side: 1 px separators, an 18 px label band under each cell.
    @Test func cellsSeparatorsAndLabels() throws {
        let frames = [(time: 0.0, layers: filling(10, 10, redColor)), (time: 0.25, layers: filling(10, 10, blueColor))]
        let sheet = try ContactSheet(canvas: RenderCanvas(width: 10, height: 10), frames: frames, columns: 2).render()
        #expect(sheet.width == 2 * 10 + 3)
        #expect(sheet.height == 10 + 18 + 2)
        #expect(sheet.pixel(x: 1, y: 1) == red)
        #expect(sheet.pixel(x: 10, y: 10) == red)
        #expect(sheet.pixel(x: 12, y: 1) == blue)
        #expect(sheet.pixel(x: 21, y: 10) == blue)
        let separator = RGBA8(191, 191, 191)
        #expect(sheet.pixel(x: 0, y: 5) == separator)
        #expect(sheet.pixel(x: 11, y: 5) == separator)
        #expect(sheet.pixel(x: 5, y: 0) == separator)
        #expect(sheet.pixel(x: 5, y: 29) == separator)
        // Text was printed in the label band (dark pixels), which is otherwise white.
        var dark = 0
        for y in 11..<29 {
            for x in 1..<11 where (sheet.pixel(x: x, y: y)?.r ?? 255) < 128 { dark += 1 }
        }
        #expect(dark > 0)
    }

    @Test(arguments: [(1, 1), (4, 2), (5, 3), (9, 3), (10, 4)])
    func defaultColumnsMakeANearSquareGrid(frames: Int, columns: Int) {
        let sheet = ContactSheet(
            canvas: RenderCanvas(width: 2, height: 2), frames: (0..<frames).map { (time: Double($0), layers: []) })
        #expect(sheet.resolvedColumns == columns)
    }

    @Test func largeSheetsAreScaledDownToFit() throws {
        // Two 3000-wide frames side by side would make a 6003-pixel sheet: cells shrink to fit.
        let canvas = RenderCanvas(width: 3000, height: 100, background: greenColor)
        let frames = (0..<2).map { (time: Double($0) / 60, layers: [LayerSnapshot]()) }
        let sheet = try ContactSheet(canvas: canvas, frames: frames).render()
        #expect(sheet.width <= ContactSheet.targetDimension && sheet.width > 4000)
        #expect(sheet.height < 100 + 18 + 2)  // cells shrink uniformly; labels keep their height
        #expect(sheet.pixel(x: 100, y: 20) == green)
        #expect(sheet.pixel(x: 3000, y: 20) == green)
    }

    /// The largest canvas: cells are drawn at cell scale, so the sheet stays within the target
    /// size (a full frame alone would be 8192x8192) and shows each frame's layers where the
    /// canvas has them: a red left half, then a blue top half.
    @Test func largestCanvasSheetIsDrawnAtCellScale() throws {
        let side = Double(RenderCanvas.maximumDimension)
        let leftHalf = [layer([.position: .point(side / 4, side / 2), .size: .size(side / 2, side), .backgroundColor: redColor])]
        let topHalf = [layer([.position: .point(side / 2, side / 4), .size: .size(side, side / 2), .backgroundColor: blueColor])]
        let frames = (0..<24).map { (time: Double($0) / 60, layers: $0.isMultiple(of: 2) ? leftHalf : topHalf) }
        let canvas = RenderCanvas(width: Int(side), height: Int(side))
        let sheet = try ContactSheet(canvas: canvas, frames: frames).render()
        #expect(sheet.width <= ContactSheet.targetDimension && sheet.height <= ContactSheet.targetDimension)
        // 5 rows of cells and 18-pixel labels fill 4096 pixels: cells of 800 pixels.
        let cell = (ContactSheet.targetDimension - 6 - 5 * ContactSheet.labelHeight) / 5
        #expect(sheet.width == 5 * (cell + 1) + 1)
        let quarter = cell / 4
        // First cell (left half red), second cell (top half blue).
        #expect(sheet.pixel(x: 1 + quarter, y: 1 + quarter) == red)
        #expect(sheet.pixel(x: 1 + 3 * quarter, y: 1 + quarter) == white)
        let second = 1 + cell + 1
        #expect(sheet.pixel(x: second + 3 * quarter, y: 1 + quarter) == blue)
        #expect(sheet.pixel(x: second + 3 * quarter, y: 1 + 3 * quarter) == white)
    }

    @Test func impossibleSheetsAreRefused() {
        let frames = (0..<1000).map { (time: Double($0), layers: [LayerSnapshot]()) }
        #expect(throws: RenderOutputError.self) {
            _ = try ContactSheet(canvas: RenderCanvas(width: 1, height: 1), frames: frames, columns: 1).render()
        }
    }

    @Test func emptyAndOddInputDoNotCrash() throws {
        #expect(try ContactSheet(canvas: RenderCanvas(), frames: []).render().width == 1)
        let frames = [(time: 0.0, layers: [LayerSnapshot]()), (time: 0.5, layers: [])]
        let canvas = RenderCanvas(width: 4, height: 6, background: blueColor)
        let sheet = try ContactSheet(canvas: canvas, frames: frames, columns: -3).render()
        #expect(sheet.width == 4 + 2 && sheet.height == 2 * (6 + 18) + 3)
        #expect(sheet.pixel(x: 2, y: 30) == blue)
        #expect(throws: RenderOutputError.self) {
            _ = try ContactSheet(canvas: RenderCanvas(width: 0, height: 6), frames: frames).render()
        }
    }
}
