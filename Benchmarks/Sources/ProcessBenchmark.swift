import MotionYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What users run, as whole processes: `motionc validate FILE` against libyaml's bare event loop
/// (this executable's `event-loop FILE` mode) and PyYAML's CSafeLoader, each started as its own
/// process on the same generated file, so start-up, reading, page faults and teardown count on
/// every side. Times are the child's wall time (start to exit, what a user waits) and CPU time
/// (user + system, from `wait4`; both threads when `motionc` reads and decodes on two), each the
/// best of alternating rounds; peak memory is the child's maximum resident set.
///
/// Each child is started by a small process of its own (this executable's `measure` mode), which
/// reports what `wait4` said: Linux counts the memory of the process a child was spawned from in
/// the child's peak, and this benchmark holds the whole document in memory.
enum ProcessBenchmark {
    /// One finished child process: CPU and wall seconds, peak resident kilobytes, exit status.
    struct Child {
        var seconds: Double
        var wall: Double
        var peakKilobytes: Int
        var status: Int32
    }

    /// The event-loop mode: reads `path` whole as `motionc` does, then runs libyaml's bare event
    /// loop over it. Returns the process exit status.
    static func eventLoop(path: String) -> Int32 {
        guard let handle = fopen(path, "rb") else { return 2 }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, handle) }
            bytes.append(contentsOf: chunk[0..<count])
            if count < chunk.count { break }
        }
        return YAMLEventLoop.countEvents(bytes) > 0 ? 0 : 1
    }

    /// Runs `arguments` (the first one a path) as a child process with its output discarded and
    /// waits for it.
    static func spawn(_ arguments: [String]) -> Child? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
        guard spawned == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { return nil }
        var end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &end)
        let wall = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) * 1e-9
        let cpu =
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) * 1e-6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) * 1e-6
        let exited = status & 0x7f == 0
        return Child(seconds: cpu, wall: wall, peakKilobytes: usage.ru_maxrss, status: exited ? (status >> 8) & 0xff : -1)
    }

    /// The measure mode: runs `command`, then writes its CPU seconds, wall seconds, peak kilobytes
    /// and exit status to `report`. Returns this process's exit status.
    static func measure(report: String, command: [String]) -> Int32 {
        guard !command.isEmpty, let child = spawn(command), let handle = fopen(report, "w") else { return 2 }
        fputs("\(child.seconds) \(child.wall) \(child.peakKilobytes) \(child.status)\n", handle)
        fclose(handle)
        return 0
    }

    /// Runs `command` through the measure mode (see the type's comment).
    static func measured(_ command: [String], me: String, report: String) -> Child? {
        guard spawn([me, "measure", report] + command)?.status == 0, let handle = fopen(report, "r") else { return nil }
        defer { fclose(handle) }
        var line = [CChar](repeating: 0, count: 256)
        guard fgets(&line, Int32(line.count), handle) != nil else { return nil }
        let fields = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: " ")
        guard fields.count == 4, let seconds = Double(fields[0]), let wall = Double(fields[1]), let peak = Int(fields[2]),
            let status = Int32(fields[3].filter { $0 != "\n" })
        else { return nil }
        return Child(seconds: seconds, wall: wall, peakKilobytes: peak, status: status)
    }

    /// Writes `bytes` to a fresh temporary file and returns its path.
    static func temporaryFile(_ bytes: [UInt8], name: String) -> String? {
        var template = Array("/tmp/motionc-bench-XXXXXX".utf8CString)
        guard let directory = mkdtemp(&template) else { return nil }
        let path = String(cString: directory) + "/" + name
        guard let handle = fopen(path, "wb") else { return nil }
        let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, handle) }
        fclose(handle)
        return written == bytes.count ? path : nil
    }

    static func remove(_ path: String) {
        unlink(path)
        var folder = path
        while let last = folder.last, last != "/" { folder.removeLast() }
        rmdir(String(folder.dropLast()))
    }

    /// The folder of this executable, where `swift build` puts `motionc` too.
    static var buildFolder: String {
        var path = CommandLine.arguments[0]
        if !path.contains("/") { return "." }
        while let last = path.last, last != "/" { path.removeLast() }
        return String(path.dropLast())
    }

    static let python = """
        import sys, yaml
        with open(sys.argv[1], 'rb') as f: yaml.load(f.read(), Loader=yaml.CSafeLoader)
        """

    static func run(megabytes: Double, rounds: Int, motionc: String?) -> Bool {
        let bytes = BenchmarkDocument.make(megabytes: megabytes)
        let tiny = BenchmarkDocument.make(megabytes: 0.001)
        let motionc = motionc ?? buildFolder + "/motionc"
        guard access(motionc, X_OK) == 0 else {
            print("validate: no motionc at \(motionc): build it (swift build -c release --product motionc) or pass --motionc PATH")
            return false
        }
        guard let file = temporaryFile(bytes, name: "benchmark.yaml"), let small = temporaryFile(tiny, name: "tiny.yaml") else {
            print("validate: could not write the benchmark document to /tmp")
            return false
        }
        let report = file + ".report"
        defer {
            unlink(report)
            remove(file)
            remove(small)
        }
        let me = CommandLine.arguments[0].contains("/") ? CommandLine.arguments[0] : buildFolder + "/motionc-benchmarks"
        let hasPython = spawn(["python3", "-c", "import yaml; yaml.CSafeLoader"])?.status == 0
        var commands: [[String]] = [
            [me, "event-loop", file], [motionc, "validate", file], [motionc, "validate", small],
        ]
        if hasPython { commands.append(["python3", "-c", python, file]) }
        var best = [Child](repeating: Child(seconds: .infinity, wall: .infinity, peakKilobytes: 0, status: 0), count: commands.count)
        for round in 0..<rounds {
            // PyYAML is some 30 times slower than the rest: once is enough.
            for (i, command) in commands.enumerated() where round == 0 || command[0] != "python3" {
                guard let child = measured(command, me: me, report: report) else {
                    print("validate: could not run \(command[0])")
                    return false
                }
                guard child.status == 0 else {
                    print("validate: \(command.joined(separator: " ")) exited with \(child.status)")
                    return false
                }
                best[i].seconds = min(best[i].seconds, child.seconds)
                best[i].wall = min(best[i].wall, child.wall)
                best[i].peakKilobytes = max(best[i].peakKilobytes, child.peakKilobytes)
            }
        }
        let mb = Double(bytes.count) / 1_000_000
        let (loop, validate, empty) = (best[0], best[1], best[2])
        print(
            "validate, whole processes: \(Measure.fixed(mb, 1)) MB file (child wall time, and CPU time user + system, "
                + "best of \(rounds) alternating rounds)")
        print(
            "  libyaml event loop process     wall \(Measure.fixed(loop.wall * 1e3, 1)) ms   CPU \(Measure.fixed(loop.seconds * 1e3, 1)) ms   "
                + "\(Measure.fixed(mb / loop.wall, 1)) MB/s   (baseline)")
        print(
            "  motionc validate               wall \(Measure.fixed(validate.wall * 1e3, 1)) ms   CPU \(Measure.fixed(validate.seconds * 1e3, 1)) ms   "
                + "\(Measure.fixed(mb / validate.wall, 1)) MB/s   ratio wall \(Measure.fixed(loop.wall / validate.wall, 2)), "
                + "CPU \(Measure.fixed(loop.seconds / validate.seconds, 2))   (goal >= 0.50)")
        if hasPython {
            let py = best[3]
            print(
                "  PyYAML CSafeLoader load        wall \(Measure.fixed(py.wall * 1e3, 1)) ms   CPU \(Measure.fixed(py.seconds * 1e3, 1)) ms   "
                    + "validate is \(Measure.fixed(py.wall / validate.wall, 1))x faster (wall), "
                    + "\(Measure.fixed(py.seconds / validate.seconds, 1))x (CPU)   (goal >= 30x)")
        } else {
            print("  PyYAML CSafeLoader             not installed: skipped")
        }
        let base = Double(empty.peakKilobytes) / 1024
        let perFile = (Double(validate.peakKilobytes) - Double(empty.peakKilobytes)) * 1024 / Double(bytes.count)
        print(
            "  validate peak memory           \(Measure.fixed(Double(validate.peakKilobytes) / 1024, 1)) MB = "
                + "\(Measure.fixed(base, 1)) MB (a tiny file) + \(Measure.fixed(perFile, 2))x the file   (goal <= 30 MB + 3x)")
        return true
    }
}
