import MotionCore
import Testing

@testable import MotionRenderServer

@Suite("Frame geometry")
struct GeometryTests {
    /// A red 8x8 square centred at (10, 10) covers pixels 6..<14 in both directions.
    @Test(arguments: [
        (6, 6, red), (13, 13, red), (10, 10, red), (6, 13, red),
        (5, 5, white), (14, 14, white), (5, 10, white), (10, 14, white), (0, 0, white),
    ])
    func redSquareAtItsPlace(x: Int, y: Int, expected: RGBA8) throws {
        let frame = try draw([layer([.position: .point(10, 10), .size: .size(8, 8), .backgroundColor: redColor])])
        #expect(frame.pixel(x: x, y: y) == expected)
    }

    @Test func pixelBufferLayout() throws {
        let frame = try draw([layer([.position: .point(10, 10), .size: .size(8, 8), .backgroundColor: redColor])])
        #expect(frame.width == 20 && frame.height == 20 && frame.rgba.count == 20 * 20 * 4)
        #expect(frame.pixel(x: 20, y: 0) == nil)
        #expect(frame.pixel(x: -1, y: 0) == nil)
    }

    /// anchorPoint (0, 0) puts the top-left corner at the position.
    @Test(arguments: [(2, 3, red), (5, 6, red), (1, 3, white), (6, 6, white), (5, 7, white)])
    func anchorPointPlacesTheRect(x: Int, y: Int, expected: RGBA8) throws {
        let frame = try draw([
            layer([.position: .point(2, 3), .anchorPoint: .point(0, 0), .size: .size(4, 4), .backgroundColor: redColor])
        ])
        #expect(frame.pixel(x: x, y: y) == expected)
    }

    /// A 12x4 rect rotated 90° about its centre becomes 4x12.
    @Test(arguments: [(10, 5, red), (10, 14, red), (8, 10, red), (5, 10, white), (14, 10, white), (10, 3, white)])
    func rotationBy90DegreesOfANonSquareRect(x: Int, y: Int, expected: RGBA8) throws {
        let frame = try draw([
            layer([.position: .point(10, 10), .size: .size(12, 4), .rotation: .scalar(90), .backgroundColor: redColor])
        ])
        #expect(frame.pixel(x: x, y: y) == expected)
    }

    /// Positive rotation is clockwise on screen: a bar pointing right from its anchor ends up
    /// pointing down (and its thickness goes to the left).
    @Test(arguments: [(9, 15, red), (8, 11, red), (11, 15, white), (15, 11, white), (9, 8, white)])
    func positiveRotationIsClockwise(x: Int, y: Int, expected: RGBA8) throws {
        let frame = try draw([
            layer([
                .position: .point(10, 10), .anchorPoint: .point(0, 0), .size: .size(8, 2),
                .rotation: .scalar(90), .backgroundColor: redColor,
            ])
        ])
        #expect(frame.pixel(x: x, y: y) == expected)
    }

    struct ScaleCase: Sendable, CustomTestStringConvertible {
        var anchor: (Double, Double)
        var position: (Double, Double)
        var scale: (Double, Double)
        var inside: [(Int, Int)]
        var outside: [(Int, Int)]
        var testDescription: String { "anchor \(anchor) scale \(scale)" }
    }

    @Test(arguments: [
        // 4x4 around (10, 10) scaled 2 about its centre: 6..<14.
        ScaleCase(
            anchor: (0.5, 0.5), position: (10, 10), scale: (2, 2), inside: [(6, 6), (13, 13)],
            outside: [(5, 5), (14, 14)]),
        // Scaled about the top-left anchor: grows right and down only, x 4..<12, y 4..<16.
        ScaleCase(
            anchor: (0, 0), position: (4, 4), scale: (2, 3), inside: [(4, 4), (11, 15)],
            outside: [(3, 4), (12, 10), (8, 16)]),
        // Anchored bottom-right at (16, 16): x 8..<16, y 12..<16.
        ScaleCase(
            anchor: (1, 1), position: (16, 16), scale: (2, 1), inside: [(8, 12), (15, 15)],
            outside: [(7, 14), (12, 11), (16, 16)]),
    ])
    func scaleAroundTheAnchorPoint(_ c: ScaleCase) throws {
        let frame = try draw([
            layer([
                .position: .point(c.position.0, c.position.1), .anchorPoint: .point(c.anchor.0, c.anchor.1),
                .size: .size(4, 4), .scale: .point(c.scale.0, c.scale.1), .backgroundColor: redColor,
            ])
        ])
        for (x, y) in c.inside { #expect(frame.pixel(x: x, y: y) == red, "(\(x), \(y))") }
        for (x, y) in c.outside { #expect(frame.pixel(x: x, y: y) == white, "(\(x), \(y))") }
    }

    /// A child's position is relative to its parent's anchor point.
    @Test func childIsPositionedRelativeToTheParentsAnchorPoint() throws {
        let child = layer("child", [.position: .point(2, 3), .anchorPoint: .point(0, 0), .size: .size(2, 2), .backgroundColor: redColor])
        let parent = layer("parent", [.position: .point(10, 10), .anchorPoint: .point(0, 0), .size: .size(10, 10)], children: [child])
        let frame = try draw([parent])
        #expect(frame.pixel(x: 12, y: 13) == red)
        #expect(frame.pixel(x: 13, y: 14) == red)
        #expect(frame.pixel(x: 11, y: 13) == white)
        #expect(frame.pixel(x: 14, y: 15) == white)
    }

    /// With the default centre anchor, a child at (0, 0) is centred on its parent.
    @Test func childAtOriginSitsOnTheParentsCentreAnchor() throws {
        let child = layer("child", [.size: .size(2, 2), .backgroundColor: redColor])
        let parent = layer("parent", [.position: .point(6, 6), .size: .size(10, 10)], children: [child])
        let frame = try draw([parent])
        #expect(frame.pixel(x: 5, y: 5) == red)
        #expect(frame.pixel(x: 6, y: 6) == red)
        #expect(frame.pixel(x: 7, y: 7) == white)
        #expect(frame.pixel(x: 4, y: 4) == white)
    }

    /// Children inherit the parent's scale and rotation.
    @Test func childInheritsTheParentsTransform() throws {
        let child = layer("child", [.position: .point(2, 0), .anchorPoint: .point(0, 0), .size: .size(2, 1), .backgroundColor: redColor])
        // Parent scale 2 then rotation 90° clockwise: the child's local (2, 0)..(4, 1) maps to
        // canvas x 8..10 (from -y·2 + 10) and y 14..18 (from x·2 + 10).
        let parent = layer(
            "parent", [.position: .point(10, 10), .scale: .point(2, 2), .rotation: .scalar(90)], children: [child])
        let frame = try draw([parent])
        #expect(frame.pixel(x: 8, y: 14) == red)
        #expect(frame.pixel(x: 9, y: 17) == red)
        #expect(frame.pixel(x: 10, y: 15) == white)
        #expect(frame.pixel(x: 8, y: 18) == white)
        #expect(frame.pixel(x: 8, y: 13) == white)
    }
}

@Suite("Shapes, borders and opacity")
struct AppearanceTests {
    @Test func roundedRectCornerPixelIsBackground() throws {
        let frame = try draw([
            layer([.position: .point(10, 10), .size: .size(16, 16), .cornerRadius: .scalar(6), .backgroundColor: redColor])
        ])
        #expect(frame.pixel(x: 2, y: 2) == white)  // the rect's corner pixel
        #expect(frame.pixel(x: 17, y: 17) == white)
        #expect(frame.pixel(x: 10, y: 2) == red)  // middle of the top edge
        #expect(frame.pixel(x: 2, y: 10) == red)
        #expect(frame.pixel(x: 4, y: 4) == red)  // inside the rounded corner
    }

    /// A radius above min(w, h)/2 is clamped: a 16x8 rect with radius 100 is a stadium.
    @Test func cornerRadiusIsClampedToHalfTheShortSide() throws {
        let frame = try draw([
            layer([.position: .point(10, 10), .size: .size(16, 8), .cornerRadius: .scalar(100), .backgroundColor: redColor])
        ])
        #expect(frame.pixel(x: 2, y: 6) == white)
        #expect(frame.pixel(x: 3, y: 10) == red)  // inside the round end
        #expect(frame.pixel(x: 3, y: 9) == red)
        #expect(frame.pixel(x: 10, y: 6) == red)  // straight top edge
        #expect(frame.pixel(x: 10, y: 5) == white)
    }

    /// A 16x8 ellipse centred at (10, 10): x 2..<18, y 6..<14.
    @Test(arguments: [
        (10, 10, red), (3, 10, red), (16, 10, red), (10, 6, red), (10, 13, red),
        (2, 6, white), (17, 6, white), (2, 13, white), (17, 13, white), (2, 7, white), (1, 10, white), (4, 7, red),
    ])
    func ellipseInscribedInTheRect(x: Int, y: Int, expected: RGBA8) throws {
        var ellipse = layer([.position: .point(10, 10), .size: .size(16, 8), .backgroundColor: redColor])
        ellipse.isEllipse = true
        let frame = try draw([ellipse])
        #expect(isClose(frame.pixel(x: x, y: y), expected, tolerance: 40), "(\(x), \(y)): \(String(describing: frame.pixel(x: x, y: y)))")
    }

    /// A 12x12 rect from (4, 4) with a 2-point blue border drawn inside the shape.
    @Test(arguments: [
        (4, 4, blue), (5, 10, blue), (15, 10, blue), (10, 14, blue), (6, 10, red), (10, 10, red),
        (13, 13, red), (3, 10, white), (16, 10, white),
    ])
    func borderIsStrokedInsideTheShape(x: Int, y: Int, expected: RGBA8) throws {
        let frame = try draw([
            layer([
                .position: .point(4, 4), .anchorPoint: .point(0, 0), .size: .size(12, 12), .backgroundColor: redColor,
                .borderWidth: .scalar(2), .borderColor: blueColor,
            ])
        ])
        #expect(frame.pixel(x: x, y: y) == expected)
    }

    @Test func borderWiderThanHalfTheShapeFillsIt() throws {
        let frame = try draw([
            layer([
                .position: .point(10, 10), .size: .size(6, 6), .backgroundColor: redColor, .borderWidth: .scalar(50),
                .borderColor: blueColor,
            ])
        ])
        #expect(frame.pixel(x: 10, y: 10) == blue)
        #expect(frame.pixel(x: 7, y: 7) == blue)
        #expect(frame.pixel(x: 6, y: 6) == white)
    }

    @Test func borderOnAnEllipseFollowsTheOutline() throws {
        var ring = layer([
            .position: .point(10, 10), .size: .size(16, 16), .borderWidth: .scalar(3), .borderColor: blueColor,
        ])
        ring.isEllipse = true
        let frame = try draw([ring])
        #expect(frame.pixel(x: 10, y: 3) == blue)
        #expect(frame.pixel(x: 10, y: 10) == white)  // no fill
        #expect(frame.pixel(x: 3, y: 3) == white)  // outside the circle
    }

    struct OpacityCase: Sendable {
        var opacity: Double
        var colorAlpha: Double
        var expected: RGBA8
    }

    /// Straight-alpha red over white: 50% gives (255, 128, 128), 25% gives (255, 191, 191).
    @Test(arguments: [
        OpacityCase(opacity: 0.5, colorAlpha: 1, expected: RGBA8(255, 128, 128)),
        OpacityCase(opacity: 1, colorAlpha: 0.5, expected: RGBA8(255, 128, 128)),
        OpacityCase(opacity: 0.5, colorAlpha: 0.5, expected: RGBA8(255, 191, 191)),
        OpacityCase(opacity: 0, colorAlpha: 1, expected: white),
        OpacityCase(opacity: 2, colorAlpha: 1, expected: red),  // clamped to 1
        OpacityCase(opacity: -1, colorAlpha: 1, expected: white),  // clamped to 0
        OpacityCase(opacity: .nan, colorAlpha: 1, expected: white),  // NaN reads as 0
    ])
    func opacityBlendsOverTheBackground(_ c: OpacityCase) throws {
        let frame = try draw([
            layer([
                .position: .point(10, 10), .size: .size(8, 8), .opacity: .scalar(c.opacity),
                .backgroundColor: .color(1, 0, 0, c.colorAlpha),
            ])
        ])
        #expect(isClose(frame.pixel(x: 10, y: 10), c.expected), "\(String(describing: frame.pixel(x: 10, y: 10)))")
    }

    @Test(arguments: [(0.5, 0.5, RGBA8(255, 191, 191)), (1.0, 0.5, RGBA8(255, 128, 128)), (0.0, 1.0, white)])
    func opacityMultipliesThroughParentAndChild(parent: Double, child: Double, expected: RGBA8) throws {
        let c = layer("child", [.size: .size(4, 4), .opacity: .scalar(child), .backgroundColor: redColor])
        let p = layer("parent", [.position: .point(10, 10), .size: .size(12, 12), .opacity: .scalar(parent)], children: [c])
        let frame = try draw([p])
        #expect(isClose(frame.pixel(x: 10, y: 10), expected), "\(String(describing: frame.pixel(x: 10, y: 10)))")
    }

    /// Group opacity: the parent and its child are composited first, then faded as one, so the
    /// translucent parent's red does not show through its opaque child.
    @Test func opacityAppliesToTheLayerAndItsSublayersAsOneGroup() throws {
        let c = layer("child", [.size: .size(4, 4), .backgroundColor: blueColor])
        let p = layer(
            "parent", [.position: .point(10, 10), .size: .size(12, 12), .opacity: .scalar(0.5), .backgroundColor: redColor],
            children: [c])
        let frame = try draw([p])
        // Blue at 50% over white; per-layer opacity would give (128, 64, 191).
        #expect(isClose(frame.pixel(x: 10, y: 10), RGBA8(128, 128, 255)), "\(String(describing: frame.pixel(x: 10, y: 10)))")
        #expect(isClose(frame.pixel(x: 5, y: 5), RGBA8(255, 128, 128)))
    }

    /// Two overlapping opaque children under a parent at opacity 0.5: the overlap is not darker
    /// than the rest (per-layer opacity would draw it twice: (255, 64, 64)).
    @Test func overlappingChildrenOfATranslucentParentFadeAsOne() throws {
        let a = layer("a", [.position: .point(-3, 0), .size: .size(8, 4), .backgroundColor: redColor])
        let b = layer("b", [.position: .point(3, 0), .size: .size(8, 4), .backgroundColor: redColor])
        let p = layer("parent", [.position: .point(10, 10), .size: .size(2, 2), .opacity: .scalar(0.5)], children: [a, b])
        let frame = try draw([p])
        let half = RGBA8(255, 128, 128)
        #expect(isClose(frame.pixel(x: 10, y: 10), half), "overlap: \(String(describing: frame.pixel(x: 10, y: 10)))")
        #expect(isClose(frame.pixel(x: 4, y: 10), half), "a only: \(String(describing: frame.pixel(x: 4, y: 10)))")
        #expect(isClose(frame.pixel(x: 15, y: 10), half), "b only: \(String(describing: frame.pixel(x: 15, y: 10)))")
        #expect(frame.pixel(x: 10, y: 5) == white)
    }

    /// Nested groups: a grandparent at 0.5 and a parent at 0.5 fade their opaque grandchild to 25%.
    @Test func nestedGroupOpacitiesMultiply() throws {
        let leaf = layer("leaf", [.size: .size(6, 6), .backgroundColor: redColor])
        let parent = layer("parent", [.opacity: .scalar(0.5)], children: [leaf])
        let top = layer("top", [.position: .point(10, 10), .opacity: .scalar(0.5)], children: [parent])
        let frame = try draw([top])
        #expect(isClose(frame.pixel(x: 10, y: 10), RGBA8(255, 191, 191)), "\(String(describing: frame.pixel(x: 10, y: 10)))")
        #expect(frame.pixel(x: 3, y: 3) == white)
    }

    /// Forty nested translucent layers (0.98 each) over a red square: groups nest until their
    /// surfaces reach the budget, then opacity passes down; either way the square shows at
    /// 0.98^40 = 0.446 (one child per level, so a group and a product agree).
    @Test func deeplyNestedTranslucentGroupsStayBoundedAndExact() throws {
        var node = layer("leaf", [.size: .size(20, 20), .backgroundColor: redColor, .opacity: .scalar(0.98)])
        for _ in 0..<39 { node = layer("level", [.opacity: .scalar(0.98)], children: [node]) }
        node.position = .point(10, 10)
        let frame = try draw([node])
        let alpha = (0..<40).reduce(1.0) { product, _ in product * 0.98 }
        let g = UInt8((255 * (1 - alpha)).rounded())
        #expect(isClose(frame.pixel(x: 10, y: 10), RGBA8(255, g, g), tolerance: 3), "\(String(describing: frame.pixel(x: 10, y: 10)))")
    }

    /// A translucent layer's border covers its fill before the fade: the border pixel is blue at
    /// 50%, with no red showing through it.
    @Test func aLayersBorderAndFillFadeAsOne() throws {
        let frame = try draw([
            layer([
                .position: .point(4, 4), .anchorPoint: .point(0, 0), .size: .size(12, 12), .backgroundColor: redColor,
                .borderWidth: .scalar(2), .borderColor: blueColor, .opacity: .scalar(0.5),
            ])
        ])
        #expect(isClose(frame.pixel(x: 4, y: 10), RGBA8(128, 128, 255)), "\(String(describing: frame.pixel(x: 4, y: 10)))")
        #expect(isClose(frame.pixel(x: 10, y: 10), RGBA8(255, 128, 128)))
    }

    /// A spring may overshoot colours and opacity in the trace; drawing limits them to 0...1.
    @Test func colourComponentsAreLimitedToTheUnitRange() throws {
        let frame = try draw([
            layer([
                .position: .point(4, 4), .anchorPoint: .point(0, 0), .size: .size(12, 12),
                .backgroundColor: .color(1.7, -0.4, 0.5, 1.3), .borderWidth: .scalar(2), .borderColor: .color(-1, 2, -3, 4),
                .opacity: .scalar(1.2),
            ])
        ])
        #expect(isClose(frame.pixel(x: 10, y: 10), RGBA8(255, 0, 128)), "\(String(describing: frame.pixel(x: 10, y: 10)))")
        #expect(frame.pixel(x: 4, y: 10) == green)
    }

    /// The border is the outline inset by half its width, stroked: with cornerRadius 16 and
    /// borderWidth 8 on a 40x40 rect, the inner path's radius is 12, so the border's outer
    /// corner has radius 16 (like the fill) and its inner corner radius 8.
    @Test(arguments: [
        (0, 0, white), (3, 3, white), (9, 9, blue), (7, 20, blue), (20, 7, blue), (12, 12, red), (20, 20, red), (8, 20, red),
    ])
    func borderCornersFollowTheInsetPath(x: Int, y: Int, expected: RGBA8) throws {
        let frame = try draw(
            [
                layer([
                    .anchorPoint: .point(0, 0), .size: .size(40, 40), .cornerRadius: .scalar(16), .backgroundColor: redColor,
                    .borderWidth: .scalar(8), .borderColor: blueColor,
                ])
            ], width: 40, height: 40)
        #expect(frame.pixel(x: x, y: y) == expected, "(\(x), \(y)): \(String(describing: frame.pixel(x: x, y: y)))")
    }

    /// cornerRadius 2 with borderWidth 8: the inner path's radius is max(0, 2 - 4) = 0, so the
    /// stroked border has square (mitred) corners, still inside the layer's bounds.
    @Test func borderWiderThanTheCornerHasSquareCorners() throws {
        let frame = try draw(
            [
                layer([
                    .position: .point(2, 2), .anchorPoint: .point(0, 0), .size: .size(20, 20), .cornerRadius: .scalar(2),
                    .backgroundColor: redColor, .borderWidth: .scalar(8), .borderColor: blueColor,
                ])
            ], width: 24, height: 24)
        #expect(frame.pixel(x: 2, y: 2) == blue)
        #expect(frame.pixel(x: 21, y: 21) == blue)
        #expect(frame.pixel(x: 1, y: 1) == white)
        #expect(frame.pixel(x: 22, y: 22) == white)
        #expect(frame.pixel(x: 12, y: 12) == red)
    }

    @Test func translucentBackgroundGivesStraightAlphaPixels() throws {
        let frame = try draw(
            [layer([.position: .point(10, 10), .size: .size(4, 4), .backgroundColor: redColor])], background: .color(0, 0, 1, 0.5))
        #expect(isClose(frame.pixel(x: 0, y: 0), RGBA8(0, 0, 255, 128)))
        #expect(frame.pixel(x: 10, y: 10) == red)
        let clear = try draw([], background: .color(0, 0, 0, 0))
        #expect(clear.pixel(x: 3, y: 3) == RGBA8(0, 0, 0, 0))
    }
}

@Suite("Drawing order")
struct OrderTests {
    /// Three equal overlapping squares red, green, blue in document order: the one drawn last
    /// shows. Higher zPosition draws on top; equal zPositions keep document order.
    @Test(arguments: [
        ([0.0, 0, 0], blue), ([1.0, 0, 0], red), ([0.0, 2, 1], green), ([0.0, 0, -1], green),
        ([5.0, 5, 5], blue), ([.nan, -1, -2], red), ([-1.0, .nan, 0], blue),
    ])
    func zPositionOrdersSiblings(z: [Double], expected: RGBA8) throws {
        let colors = [redColor, greenColor, blueColor]
        let squares = (0..<3).map { i in
            layer("s\(i)", [.position: .point(10, 10), .size: .size(6, 6), .backgroundColor: colors[i], .zPosition: .scalar(z[i])])
        }
        #expect(try draw(squares).pixel(x: 10, y: 10) == expected)
        // The same rule among a parent's children, which draw after (over) the parent.
        let parent = layer(
            "p", [.position: .point(10, 10), .size: .size(10, 10), .backgroundColor: .color(0, 0, 0, 1)],
            children: squares.map {
                var s = $0
                s.position = .point(0, 0)
                return s
            })
        let frame = try draw([parent])
        #expect(frame.pixel(x: 10, y: 10) == expected)
        #expect(frame.pixel(x: 6, y: 6) == RGBA8(0, 0, 0))
    }

    @Test func childrenDrawOverTheirParentEvenWithLowerZPosition() throws {
        let child = layer("c", [.size: .size(4, 4), .backgroundColor: blueColor, .zPosition: .scalar(-10)])
        let parent = layer("p", [.position: .point(10, 10), .size: .size(8, 8), .backgroundColor: redColor], children: [child])
        #expect(try draw([parent]).pixel(x: 10, y: 10) == blue)
    }
}

@Suite("Robustness")
struct RobustnessTests {
    @Test(arguments: [(0, 0), (-1, 5), (5, -1), (0, 10), (100_000, 100_000), (8193, 1), (1, 8193), (Int.max, Int.max)])
    func unusableCanvasesAreRefused(width: Int, height: Int) {
        #expect(throws: RenderOutputError.self) {
            _ = try FrameRenderer(canvas: RenderCanvas(width: width, height: height))
        }
    }

    @Test func canvasErrorsSayWhatToDo() {
        let error = RenderOutputError.canvasTooLarge(width: 100_000, height: 100_000, limit: 8192)
        #expect(error.description.contains("8192x8192"))
        #expect(error.description.contains("canvas.size"))
    }

    @Test func largestCanvasIsAccepted() throws {
        let frame = try draw([], width: 8192, height: 1)
        #expect(frame.width == 8192 && frame.pixel(x: 8191, y: 0) == white)
    }

    /// Degenerate layers draw nothing (nor their children) and do not stop the layers after
    /// them from drawing.
    @Test(arguments: [
        [LayerProperty.position: MotionValue.point(.nan, 3)],
        [.position: .point(.infinity, 0)],
        [.scale: .point(0, 1)],
        [.scale: .point(1e-200, 1e-200)],
        [.scale: .point(1e200, 1e200)],
        [.rotation: .scalar(.nan)],
        [.anchorPoint: .point(.nan, 0)],
        [.position: .point(1e12, 1e12)],
        [.size: .size(-5, 10)],
        [.size: .size(.nan, .nan)],
        [.size: .size(1e30, 1e30)],
        [.cornerRadius: .scalar(.nan), .borderWidth: .scalar(-3)],
        [.borderWidth: .scalar(.infinity)],
        [.backgroundColor: .color(.nan, 2, -1, .nan)],
        [.zPosition: .scalar(.infinity)],
    ])
    func degenerateValuesNeverCrash(values: [LayerProperty: MotionValue]) throws {
        var bad = layer("bad", [.position: .point(3, 3), .size: .size(4, 4), .backgroundColor: greenColor])
        for (property, value) in values { bad[property] = value }
        bad.children = [layer("child", [.size: .size(2, 2), .backgroundColor: greenColor])]
        let good = layer("good", [.position: .point(15, 15), .size: .size(4, 4), .backgroundColor: redColor])
        let frame = try draw([bad, good])
        #expect(frame.pixel(x: 15, y: 15) == red)
    }

    @Test func deepTreesStopAtTheDepthLimit() throws {
        var node = layer("leaf", [.size: .size(2, 2), .backgroundColor: redColor])
        for i in 0..<(FrameRenderer.maximumDepth + 50) {
            node = layer("n\(i)", [:], children: [node])
        }
        node.position = .point(10, 10)
        let frame = try draw([node])
        #expect(frame.pixel(x: 10, y: 10) == white)  // the leaf is below the limit
    }

    /// One renderer draws many frames; each starts from the background.
    @Test func rendererReusesItsSurfaceCleanly() throws {
        let renderer = try FrameRenderer(canvas: RenderCanvas(width: 20, height: 20))
        let first = try renderer.render([layer([.position: .point(5, 5), .size: .size(4, 4), .backgroundColor: redColor])])
        let second = try renderer.render([layer([.position: .point(15, 15), .size: .size(4, 4), .backgroundColor: blueColor])])
        #expect(first.pixel(x: 5, y: 5) == red)
        #expect(second.pixel(x: 5, y: 5) == white)
        #expect(second.pixel(x: 15, y: 15) == blue)
        #expect(try renderer.render([]) == PixelBuffer(width: 20, height: 20, fill: white))
    }

    @Test func snapshotSubscriptCoversEveryProperty() {
        var snapshot = LayerSnapshot(id: "x")
        for property in LayerProperty.allCases {
            #expect(snapshot[property] == property.defaultValue, "\(property)")
        }
        snapshot[.shape] = .scalar(1)
        #expect(snapshot.isEllipse && snapshot[.shape] == .scalar(1))
        snapshot[.rotation] = .scalar(45)
        #expect(snapshot.rotation == .scalar(45))
        let built = LayerSnapshot(id: "y", values: [.opacity: .scalar(0.25), .shape: .scalar(1)])
        #expect(built.opacity == .scalar(0.25) && built.isEllipse && built.size == .size(0, 0))
    }

    @Test func pixelBufferInitChecksItsByteCount() {
        #expect(PixelBuffer(width: 2, height: 2, rgba: [UInt8](repeating: 0, count: 16)) != nil)
        #expect(PixelBuffer(width: 2, height: 2, rgba: [UInt8](repeating: 0, count: 15)) == nil)
        #expect(PixelBuffer(width: -1, height: -4, rgba: [UInt8](repeating: 0, count: 16)) == nil)
        #expect(PixelBuffer(width: Int.max, height: 2, rgba: []) == nil)
    }
}
