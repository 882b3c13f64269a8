/// Springs by feel (docs/format.md §7.5): a spring given by how long it takes and how much it bounces.
///
/// This is how SwiftUI gives a spring, instead of by stiffness and damping.
public enum SpringFeel {
    /// The stiffness and damping of a spring of `duration` seconds and `bounce`, as SwiftUI defines them.
    ///
    /// The spring settles in about `duration` seconds and bounces by `bounce`, as SwiftUI's
    /// `.spring(duration:bounce:)` defines them.
    ///
    /// stiffness = (2 pi / duration)^2 m; damping = 4 pi (1 - bounce) m / duration for
    /// bounce >= 0, and 4 pi m / (duration (1 + bounce)) below 0. Bounce 0 is critical damping
    /// (damping^2 = 4 stiffness m); bounce b > 0 has the damping ratio 1 - b.
    ///
    /// - Parameters:
    ///   - duration: seconds, > 0 (the period of the undamped spring).
    ///   - bounce: in (-1, 1); 0 means no overshoot, closer to 1 more bounce, below 0 slower.
    ///   - mass: > 0.
    public static func stiffnessAndDamping(duration: Double, bounce: Double, mass: Double) -> (stiffness: Double, damping: Double) {
        let angularFrequency = 2 * Double.pi / duration
        let stiffness = angularFrequency * angularFrequency * mass
        let damping =
            bounce >= 0
            ? 4 * Double.pi * (1 - bounce) * mass / duration
            : 4 * Double.pi * mass / (duration * (1 + bounce))
        return (stiffness, damping)
    }

    /// Whether `bounce` lies in the open interval (-1, 1).
    public static func isValidBounce(_ bounce: Double) -> Bool { bounce > -1 && bounce < 1 }
}
