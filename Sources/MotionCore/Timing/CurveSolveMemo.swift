#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The latest cubic-bezier solves of one sampling loop, so that channels eased by the same curve
/// at the same progress (layers animated together) solve it once per frame.
///
/// A solve is a pure function of the curve's coefficients and the progress, so a remembered
/// result is the one a new solve would give, bit for bit. The memo is direct-mapped: each solve
/// goes to one of ``slotCount`` slots chosen by its bits, replacing what the slot held; a slot
/// answers only a solve whose seven inputs are bit-equal to the ones it holds.
///
/// A loop may own one memo (beside its other tables) and pass it down to ``SamplingArena``'s
/// keyframe sampling; sampling without one uses the calling thread's own memo
/// (``forCurrentThread()``). Nothing is shared between threads.
@usableFromInline
struct CurveSolveMemo {
    /// The number of slots: a power of two.
    static let slotCount = 64

    /// One remembered solve: the polynomial's coefficients and the progress, and the eased value.
    struct Slot {
        var ax: UInt64
        var bx: UInt64
        var cx: UInt64
        var ay: UInt64
        var by: UInt64
        var cy: UInt64
        var progress: UInt64
        var eased: Double
    }

    /// The slots; a slot whose progress bits are those of NaN holds nothing (no solve is
    /// remembered for a NaN progress, which never reaches a solve).
    private var slots: [Slot]

    /// How many solves were answered from the memo (for tests).
    private(set) var hits = 0

    /// An empty memo.
    init() {
        let empty = Slot(ax: 0, bx: 0, cx: 0, ay: 0, by: 0, cy: 0, progress: Double.nan.bitPattern, eased: 0)
        slots = [Slot](repeating: empty, count: Self.slotCount)
    }

    /// `curve.solve(u)`, remembered: from the slot of these inputs when it holds them, else
    /// solved and remembered there.
    ///
    /// - Complexity: O(1): one hash, seven comparisons, and a solve on a miss.
    @inline(__always)
    mutating func solve(_ curve: UnitBezier, _ u: Double) -> Double {
        let key = (
            curve.ax.bitPattern, curve.bx.bitPattern, curve.cx.bitPattern, curve.ay.bitPattern, curve.by.bitPattern,
            curve.cy.bitPattern, u.bitPattern
        )
        // The progress varies most between solves, then the curve's shape.
        var h = key.6 &* 0x9E37_79B9_7F4A_7C15
        h ^= (key.0 ^ key.4) &* 0xC2B2_AE3D_27D4_EB4F
        let index = Int(truncatingIfNeeded: (h ^ (h >> 29)) >> 58) & (Self.slotCount - 1)
        let remembered = slots.withUnsafeBufferPointer { slots -> Double? in
            let s = slots[index]
            guard s.progress == key.6, s.ax == key.0, s.bx == key.1, s.cx == key.2, s.ay == key.3, s.by == key.4, s.cy == key.5
            else { return nil }
            return s.eased
        }
        if let remembered {
            hits &+= 1
            return remembered
        }
        let eased = curve.solve(u)
        slots.withUnsafeMutableBufferPointer { slots in
            slots[index] = Slot(ax: key.0, bx: key.1, cx: key.2, ay: key.3, by: key.4, cy: key.5, progress: key.6, eased: eased)
        }
        return eased
    }
}

extension CurveSolveMemo {
    /// The key of each thread's memo, made once; nil if the system has no key left (sampling then
    /// solves every curve afresh).
    private static let threadKey: pthread_key_t? = {
        var key = pthread_key_t()
        guard pthread_key_create(&key, { memo in Self.release(memo) }) == 0 else { return nil }
        return key
    }()

    /// Frees a thread's memo when the thread ends.
    #if canImport(Darwin)
        private static func release(_ memo: UnsafeMutableRawPointer) {
            let memo = memo.assumingMemoryBound(to: CurveSolveMemo.self)
            memo.deinitialize(count: 1)
            memo.deallocate()
        }
    #else
        private static func release(_ memo: UnsafeMutableRawPointer?) {
            guard let memo = memo?.assumingMemoryBound(to: CurveSolveMemo.self) else { return }
            memo.deinitialize(count: 1)
            memo.deallocate()
        }
    #endif

    /// The calling thread's memo, made on its first solve: for sampling that is handed no memo
    /// (one value at a time, ``PresentationModel/value(layer:property:at:)``). Only this thread
    /// reads or writes it, and a solve never samples again, so it is never used re-entrantly.
    ///
    /// - Complexity: O(1): one thread-specific read (plus one allocation per thread).
    @usableFromInline
    static func forCurrentThread() -> UnsafeMutablePointer<CurveSolveMemo>? {
        guard let key = threadKey else { return nil }
        if let memo = pthread_getspecific(key) { return memo.assumingMemoryBound(to: CurveSolveMemo.self) }
        let memo = UnsafeMutablePointer<CurveSolveMemo>.allocate(capacity: 1)
        memo.initialize(to: CurveSolveMemo())
        guard pthread_setspecific(key, memo) == 0 else {
            memo.deinitialize(count: 1)
            memo.deallocate()
            return nil
        }
        return memo
    }
}
