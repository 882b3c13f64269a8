import MotionRuntime
import Testing

/// Observers of one named intention's activity (per-plan observers).
extension ActivityTests {
    @Test("an observer of a named intention hears its executor start and come to rest, and no other name")
    func hearsItsPlan() throws {
        var heard: [ActivityState] = []
        var other: [ActivityState] = []
        let observer = ActivityObserver { heard.append($0) }
        let otherObserver = ActivityObserver { other.append($0) }
        runtime.addActivityObserver(observer, forIntentionNamed: "walk", on: target)
        runtime.addActivityObserver(observer, forIntentionNamed: "walk", on: target)
        runtime.addActivityObserver(otherObserver, forIntentionNamed: "mark", on: target)
        try runtime.add(Mark(text: "x"), named: "mark", to: target)
        try runtime.add(Steps(count: 2), named: "walk", to: target)
        #expect(heard == [.active])
        clock.advance(frames: 2)
        #expect(heard == [.active, .atRest])
        #expect(other.isEmpty)
        // The observer stays for a later intention of the same name.
        try runtime.add(Steps(count: 5), named: "walk", to: target)
        clock.advance()
        try runtime.removeIntention(named: "walk", from: target)
        #expect(heard == [.active, .atRest, .active, .atRest])
        runtime.removeActivityObserver(observer, forIntentionNamed: "walk", on: target)
        try runtime.add(Steps(count: 1), named: "walk", to: target)
        clock.advance()
        #expect(heard.count == 4)
    }
}
