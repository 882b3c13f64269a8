import MotionCore
import Testing

@testable import MotionRenderServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let white = RGBA8(255, 255, 255)
let red = RGBA8(255, 0, 0)
let green = RGBA8(0, 255, 0)
let blue = RGBA8(0, 0, 255)

let redColor = MotionValue.color(1, 0, 0, 1)
let greenColor = MotionValue.color(0, 1, 0, 1)
let blueColor = MotionValue.color(0, 0, 1, 1)

/// A layer from property values.
func layer(
    _ id: String, _ values: [LayerProperty: MotionValue], children: [LayerSnapshot] = []
) -> LayerSnapshot {
    LayerSnapshot(id: id, values: values, children: children)
}

/// An anonymous layer from property values.
func layer(_ values: [LayerProperty: MotionValue], children: [LayerSnapshot] = []) -> LayerSnapshot {
    LayerSnapshot(id: "layer", values: values, children: children)
}

/// Draws one frame on a small white canvas.
func draw(
    _ layers: [LayerSnapshot], width: Int = 20, height: Int = 20, background: MotionValue = .color(1, 1, 1, 1)
) throws -> PixelBuffer {
    let renderer = try FrameRenderer(canvas: RenderCanvas(width: width, height: height, background: background))
    return try renderer.render(layers)
}

/// Whether every component of `pixel` is within `tolerance` of `expected`.
func isClose(_ pixel: RGBA8?, _ expected: RGBA8, tolerance: Int = 1) -> Bool {
    guard let pixel else { return false }
    return abs(Int(pixel.r) - Int(expected.r)) <= tolerance && abs(Int(pixel.g) - Int(expected.g)) <= tolerance
        && abs(Int(pixel.b) - Int(expected.b)) <= tolerance && abs(Int(pixel.a) - Int(expected.a)) <= tolerance
}

/// A fresh empty directory under /tmp.
func temporaryDirectory() -> String {
    let path = "/tmp/motionc-render-tests-\(UInt64.random(in: 0...UInt64.max))"
    _ = path.withCString { mkdir($0, 0o755) }
    return path
}
