/// Generates the benchmark's motion document: thousands of targets, each with a keyframe tween,
/// a spring and a named draggable, in a valid document (so decoding and validation run fully).
enum BenchmarkDocument {
    /// A document of about `megabytes` MB.
    static func make(megabytes: Double) -> [UInt8] {
        let targetBytes = Int(megabytes * 1_000_000)
        var targets = "targets:\n"
        var ops = ""
        var i = 0
        // Each target adds about 1 KB between its layer and its three operations.
        while targets.utf8.count + ops.utf8.count < targetBytes {
            targets += """
                  card\(i):
                    type: Card
                    class: [elevated, group\(i % 16)]
                    layer:
                      position: [\(i % 1920), \(i % 1080).5]
                      size: [280, 160]
                      backgroundColor: "#6200EE"
                      cornerRadius: 16
                    children:
                      photo\(i): { type: Photo, layer: { position: [0, -30], size: [240, 80], opacity: 0.75 } }

                """
            ops += """
                      - add: tween
                        target: "#card\(i)"
                        property: opacity
                        values: [0, 0.6, 1]
                        offsets: [0, 0.4, 1]
                        easing: [standard, [0.05, 0.7, 0.1, 1]]
                        duration: 300ms
                        delay: \(Double(i % 10) * 0.01)
                      - add: spring
                        target: "#card\(i)"
                        property: position
                        destination: [\(i % 1000), 320]
                        stiffness: 342
                        damping: 30
                      - add: draggable
                        target: "#card\(i)"
                        name: drag
                        axis: horizontal

                """
            i += 1
        }
        let text = """
            motion: 1
            name: benchmark
            canvas:
              size: [1920, 1080]
              background: "#F5F5F5"
              fps: 60
            \(targets)transactions:
              - at: 0
                label: everything
                ops:
            \(ops)
            """
        return Array(text.utf8)
    }
}
