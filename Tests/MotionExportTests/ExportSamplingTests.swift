import Foundation
import MotionCore
import MotionJSON
import MotionTimeline
import Testing

@testable import MotionExport

/// The exports' fast paths give what the slower originals give: channel samples, number text.
@Suite("Export sampling and number text")
struct ExportSamplingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every snapshot of every channel history of a timeline, sampled both ways at `count` times
    /// spread over the span and at the entries' own start and end times.
    func expectSamplesAgree(_ tracks: TimelineTracks, count: Int = 240, _ context: String) {
        var compared = 0
        for (key, history) in tracks.histories.enumerated() {
            #expect(history.samplers.count == history.channels.count)
            for (channel, sampler) in zip(history.channels, history.samplers) {
                var times = (0...count).map { tracks.span.upperBound * 1.25 * Double($0) / Double(count) - 0.1 }
                for entry in channel.entries { times += [entry.addedTime, entry.end, entry.end.nextDown, entry.end.nextUp] }
                for t in times where t.isFinite {
                    let value = channel.value(at: t)
                    for c in 0..<value.kind.componentCount {
                        let fast = sampler.value(c, at: t)
                        // Bit for bit: the exports' text must not change.
                        #expect(
                            fast.bitPattern == value[c].bitPattern || (fast.isNaN && value[c].isNaN),
                            "\(context) channel \(key) component \(c) at \(t): \(fast) against \(value[c])")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 0, "\(context): nothing compared")
    }

    /// Every history's snapshots against the channels a plain replay of the events makes: the
    /// channel copied and changed at each event, as the render server applies them.
    func expectSnapshotsMatchReplay(_ tracks: TimelineTracks, _ context: String) {
        let timeline = tracks.timeline
        var replays: [Int: (times: [Double], channels: [PropertyChannel])] = [:]
        func write(_ layer: Int, _ property: LayerProperty, at t: Double, _ change: (inout PropertyChannel) -> Bool) {
            let key = layer * PresentationModel.channelsPerLayer + property.ordinal
            var replay =
                replays[key]
                ?? ([-.infinity], [PropertyChannel(model: timeline.layers[layer].model[property] ?? property.defaultValue)])
            var channel = replay.channels[replay.channels.count - 1]
            guard change(&channel) else { return }
            if replay.times.last == t {
                replay.channels[replay.channels.count - 1] = channel
            } else {
                replay.times.append(t)
                replay.channels.append(channel)
            }
            replays[key] = replay
        }
        func remove(_ key: String, layer: Int, except skipped: LayerProperty?, at t: Double) {
            for property in LayerProperty.allCases where property.isAnimatable && property != skipped {
                let slot = layer * PresentationModel.channelsPerLayer + property.ordinal
                guard replays[slot] != nil else { continue }
                write(layer, property, at: t) { $0.remove(key: key) }
            }
        }
        for event in timeline.events where timeline.layers.indices.contains(event.layer) {
            switch event.action {
            case .set(let path, let value):
                write(event.layer, path.property, at: event.time) {
                    $0.set(value, component: path.component, at: event.time)
                    return true
                }
            case .add(let key, let path, let animation, let modelValue, _):
                remove(key, layer: event.layer, except: path.property, at: event.time)
                write(event.layer, path.property, at: event.time) {
                    $0.set(modelValue, component: path.component, at: event.time)
                    $0.add(animation, key: key, component: path.component, at: event.time)
                    return true
                }
            case .remove(let key):
                remove(key, layer: event.layer, except: nil, at: event.time)
            }
        }
        #expect(replays.count == tracks.histories.count, "\(context): histories")
        for (key, replay) in replays {
            let layer = key / PresentationModel.channelsPerLayer
            let property = LayerProperty.allCases[key % PresentationModel.channelsPerLayer]
            guard let history = tracks.history(layer, property) else {
                Issue.record("\(context): no history of layer \(layer) \(property)")
                continue
            }
            #expect(history.times == replay.times, "\(context): times of layer \(layer) \(property)")
            #expect(history.channels == replay.channels, "\(context): snapshots of layer \(layer) \(property)")
            for sampler in history.samplers {
                #expect(sampler.count == sampler.channel.entries.count)
                let settled = sampler.channel.entries.reduce(-Double.infinity) { !($1.end <= $0) ? $1.end : $0 }
                #expect(sampler.settled.bitPattern == settled.bitPattern || (sampler.settled.isNaN && settled.isNaN))
            }
        }
    }

    /// Nested pans on one card (each later one ends before the one before it), and a spring
    /// retargeted under one key as often: n animations on one channel.
    static func overlappingDocument(_ n: Int) -> String {
        let inputs = (0..<n).map { i in
            """
              - { id: p\(i), kind: pan, target: "#card", at: \(Double(i) * 0.01), duration: \(Double(2 * n - 2 * i) * 0.01 + 0.01), translation: [[0, 0], [5, 5]] }
            """
        }
        let springs = (0..<n).map { i in
            """
              - at: \(Double(i) * 0.02)
                ops:
                  - { add: spring, target: "#card", property: opacity, destination: \(i % 2), stiffness: 200, damping: 20 }
            """
        }
        return """
            motion: 1
            targets:
              card: { layer: { position: [0, 0], size: [8, 8] } }
            transactions:
              - at: 0
                ops:
                  - { add: draggable, target: "#card" }
            \(springs.joined(separator: "\n"))
            inputs:
            \(inputs.joined(separator: "\n"))
            """
    }

    @Test("snapshots of n animations on one channel share their logs, and are the channels a plain replay makes")
    func snapshotsShareTheirLogs() throws {
        let n = 40
        let tracks = TimelineTracks(try bake(Self.overlappingDocument(n)))
        expectSnapshotsMatchReplay(tracks, "overlapping")
        expectSamplesAgree(tracks, count: 400, "overlapping")
        // The pans: one log of n entries, read by every snapshot (no copy of the channel per event).
        let position = try #require(tracks.history(0, .position))
        #expect(position.samplers.count == n + 1)
        #expect(Set(position.samplers.map { ObjectIdentifier($0.log) }).count == 1)
        #expect(position.samplers.last?.log.entries.count == n)
        #expect(position.samplers.last?.count == n)
        // The pans after the innermost ends: the entries that ended are walked past until the
        // last snapshot's index of each component is made, which then answers.
        #expect(position.samplers.last?.indexedComponents == 0b11)
        // The springs under one key: each replaces the one before, and the log begins again from
        // the live one once the dead outnumber it, so a walk passes few dead entries.
        let opacity = try #require(tracks.history(0, .opacity))
        #expect(Set(opacity.samplers.map { ObjectIdentifier($0.log) }).count > 2)
        for sampler in opacity.samplers {
            #expect(sampler.prefix <= 2 * sampler.count + ChannelLog.deadEntriesKept)
        }
    }

    @Test("a channel sampler gives PropertyChannel.value bit for bit: every Plans and export test document")
    func samplersAgree() throws {
        var files: [URL] = []
        for folder in ["Plans", "Tests/Exports/documents"] {
            let directory = Self.root.appendingPathComponent(folder)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".yaml") }
            files += names.sorted().map { directory.appendingPathComponent($0) }
        }
        #expect(files.count > 20)
        for file in files {
            let tracks = TimelineTracks(try bake(try String(contentsOf: file, encoding: .utf8)))
            expectSamplesAgree(tracks, file.lastPathComponent)
            expectSnapshotsMatchReplay(tracks, file.lastPathComponent)
        }
    }

    @Test("a channel sampler agrees where entries overlap, drive single components and end between samples")
    func samplersAgreeOnOverlaps() throws {
        let document = """
            motion: 1
            targets:
              card: { layer: { position: [100, 100], size: [80, 40] } }
            transactions:
              - at: 0
                ops:
                  - { add: tween, target: "#card", property: position, to: [200, 50], duration: 1, repeat: 2, autoreverse: true }
                  - { add: spring, target: "#card", property: backgroundColor, destination: "#FF000080", stiffness: 120, damping: 8 }
              - at: 0.3
                ops:
                  - { add: spring, target: "#card", property: position.x, destination: 20, stiffness: 200, damping: 5 }
                  - { add: tween, target: "#card", property: position.y, values: [0, 80, 10], offsets: [0, 0.3, 1], duration: 0.7 }
              - at: 0.9
                ops:
                  - { add: tween, target: "#card", property: backgroundColor.g, to: 0.5, duration: 0.2 }
            """
        expectSamplesAgree(TimelineTracks(try bake(document)), count: 2000, "overlaps")
    }

    @Test("a spring still moving at the export's end is fitted a little past it, not for the hour it takes to settle")
    func unsettledSpringsAreFittedOverTheExportOnly() throws {
        let document = """
            motion: 1
            targets: { dot: {} }
            transactions:
              - ops:
                  - { add: spring, target: "#dot", property: opacity, destination: 0.5, damping: 0 }
                  - { add: spring, target: "#dot", property: position, destination: [300, 400], bounce: 0.99999999999 }
            """
        let tracks = TimelineTracks(try bake(document), duration: 2)
        for format in [ExportFormat.lottie, .html] {
            let result = tracks.export(to: format)
            #expect(result.items.count == 3, "\(format): \(result.items.map(\.line))")
        }
        let fits = tracks.springFits.made
        #expect(fits.count >= 2)
        for (shape, fit) in fits {
            // Covered: twice the 2 s span and a second; an hour (3600 s) before.
            #expect(shape.cover == 5)
            let end = try #require(fit.segments.last?.end)
            #expect(end <= 5 + 1e-9)
            #expect(end >= 2, "the whole export is covered")
        }
    }

    @Test("one curve's keyframes are those of the general alignment: every component of every Plans document")
    func singleCurveKeyframesAgree() throws {
        let directory = Self.root.appendingPathComponent("Plans")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".yaml") }.sorted()
        var compared = 0
        for name in names {
            let tracks = TimelineTracks(try bake(try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)))
            for (layer, property, c) in tracks.timeline.touchedComponents {
                for limit in [nil, 0...1] as [ClosedRange<Double>?] {
                    let curve = tracks.curve(layer: layer, property: property, component: c, limit: limit)
                    let keyframes = PlayerKeyframes.keyframes([curve])
                    #expect(keyframes == PlayerKeyframes.alignedKeyframes([curve]), "\(name) layer \(layer) \(property) \(c)")
                    // Counted and visited without the arrays: the same keyframes.
                    #expect(PlayerKeyframes.count(curve) == keyframes.count, "\(name) layer \(layer) \(property) \(c)")
                    var visited: [PlayerKeyframe] = []
                    let visitable = PlayerKeyframes.forEachKeyframe(curve.segments) { time, value, easing, hold in
                        visited.append(PlayerKeyframe(time: time, values: [value], easings: easing.map { [$0] } ?? [], hold: hold))
                    }
                    if visitable { #expect(visited == keyframes, "\(name) layer \(layer) \(property) \(c)") }
                    compared += 1
                }
            }
        }
        #expect(compared > 100)
    }

    @Test("a jump between two segments: the piece before it ends two jump leads early, a step holds its end value")
    func jumpKeyframes() {
        let linear = CurveSegment.Easing.curve(.linear)
        let curve = ShownCurve(
            segments: [
                CurveSegment(start: 0, end: 1, from: 0, to: 1, easing: linear),
                CurveSegment(start: 1, end: 2, from: 3, to: 3, easing: linear),
            ], method: .exact, maxError: 0)
        var times: [Double] = []
        var values: [Double] = []
        var holds: [Bool] = []
        let visitable = PlayerKeyframes.forEachKeyframe(curve.segments) { time, value, _, hold in
            times.append(time)
            values.append(value)
            holds.append(hold)
        }
        let lead = PlayerKeyframes.jumpLead
        #expect(visitable)
        #expect(times == [0, 1 - 2 * lead, 1 - lead, 2])
        #expect(values == [0, 1, 3, 3])
        #expect(holds == [false, true, false, false])
        #expect(PlayerKeyframes.count(curve) == 4)
    }

    @Test("a jump between passes of 4 ms: the piece before is cut, the piece after holds until its own start")
    func shortJumpKeyframes() {
        let easeIn = CurveSegment.Easing.curve(.cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1))
        let curve = ShownCurve(
            segments: [
                CurveSegment(start: 0, end: 0.004, from: 1, to: 0, easing: easeIn),
                CurveSegment(start: 0.004, end: 0.008, from: 1, to: 0, easing: easeIn),
            ], method: .exact, maxError: 0)
        let keyframes = PlayerKeyframes.keyframes([curve])
        #expect(keyframes == PlayerKeyframes.alignedKeyframes([curve]))
        #expect(PlayerKeyframes.count(curve) == keyframes.count)
        let lead = PlayerKeyframes.jumpLead
        #expect(keyframes.map(\.time) == [0, 0.004 - 2 * lead, 0.004 - lead, 0.004, 0.008])
        #expect(keyframes.map(\.hold) == [false, true, true, false, false])
        // The first pass stops where easeIn is at the cut, and the second starts from 1 at its own start.
        #expect(keyframes.first?.values == [1])
        #expect(abs((keyframes[1].values.first ?? 0) - (1 - cssBezier(0.42, 0, 1, 1, 1 - 2 * lead / 0.004))) < 1e-12)
        #expect(keyframes[2].values == [1] && keyframes[3].values == [1])
        #expect(keyframes[3].easings == [.cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)])
    }

    @Test("export number text is JSONNumber's, for edge cases and a million random doubles")
    func numberTextIsJSONs() {
        var values: [Double] = [
            0, -0.0, 1, -1, 0.1, -0.1, 1e-4, 1e-5, 123_456.789, 1e15, 1e15 + 1, 999_999_999_999_999,
            9_007_199_254_740_991, 9_007_199_254_740_992, 9_007_199_254_740_992.nextUp, -9_007_199_254_740_992, 1e16, 1e300,
            .leastNonzeroMagnitude, .leastNormalMagnitude, -.leastNormalMagnitude.nextDown, .greatestFiniteMagnitude,
            .infinity, -.infinity, .nan, 0.5, 2.5e-7, 100, 1 / 3, 59.999999999999, 60.00000000000001,
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<1_000_000 {
            let bits = generator.next() as UInt64
            values.append(Double(bitPattern: bits))
            // Numbers like an export's: frames, pixels, handles, fractions.
            values.append(Double(Int64(bitPattern: bits) % 100_000) / Double(1 + Int(bits >> 48) % 1000))
        }
        var mismatches: [Double] = []
        for v in values {
            var bytes: [UInt8] = []
            ExportNumber.append(v, to: &bytes)
            let expected = JSONNumber.format(v)
            if String(decoding: bytes, as: UTF8.self) != expected || ExportNumber.text(v) != expected { mismatches.append(v) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5).map { "\($0): \(ExportNumber.text($0)) vs \(JSONNumber.format($0))" })")
    }
}

/// Layers whose shapes hold still share their text, each with its own values.
@Suite("Lottie still shapes")
struct LottieStillShapesTests {
    @Test("layers with the same still shapes get the same fill, a layer with another colour its own")
    func sharedStillShapes() throws {
        let yaml = """
            motion: 1
            canvas: { fps: 60 }
            targets:
              a: { layer: { position: [10, 10], size: [40, 20], backgroundColor: "#FF0000" } }
              b: { layer: { position: [50, 10], size: [40, 20], backgroundColor: "#FF0000" } }
              c: { layer: { position: [90, 10], size: [40, 20], backgroundColor: "#0000FF" } }
            transactions:
              - ops:
                  - { add: tween, target: "*", property: opacity, from: 0, to: 1, duration: 0.2 }
            """
        let text = TimelineTracks(try bake(yaml)).export(to: .lottie).text
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let layers = try #require(root["layers"] as? [[String: Any]])
        var colours: [String: [Double]] = [:]
        for layer in layers {
            guard let name = layer["nm"] as? String, let shapes = layer["shapes"] as? [[String: Any]] else { continue }
            for group in shapes where group["nm"] as? String == "fill" {
                let items = try #require(group["it"] as? [[String: Any]])
                let fill = try #require(items.first { $0["ty"] as? String == "fl" })
                let colour = try #require(fill["c"] as? [String: Any])
                colours[name] = colour["k"] as? [Double]
            }
        }
        #expect(colours["a"] == [1, 0, 0, 1])
        #expect(colours["b"] == [1, 0, 0, 1])
        #expect(colours["c"] == [0, 0, 1, 1])
    }
}
