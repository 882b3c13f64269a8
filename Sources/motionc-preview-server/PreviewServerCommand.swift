import ArgumentParser
import MotionCommandLine
import MotionTimeline

/// `motionc-preview-server FILE [--port N] [--reduced-motion]`: what `motionc preview FILE --serve` runs.
///
/// The live server is an executable of its own, installed next to `motionc`, so that only it
/// loads the HTTP and WebSocket server and what that links (Foundation's networking): every other
/// motionc command starts without them. `motionc preview --serve` checks its arguments and runs
/// this program in its place (the same process, so Ctrl-C and SIGTERM reach the server).
@main
struct PreviewServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "motionc-preview-server",
        abstract: "Serve a motion document's preview page on 127.0.0.1 and update it on every save.",
        discussion: """
            What `motionc preview FILE --serve` runs: see `motionc preview --help`. Ctrl-C stops the \
            server. Exit status: 0; 1 when FILE is a baked timeline; 2 when FILE cannot be read at \
            start or the port is in use.
            """)

    @Argument(help: "A motion document.")
    var file: String

    // A negative number is a value here, not an option: the range check says what is wrong.
    @Option(parsing: .unconditional, help: "The port to serve on.")
    var port = 7300

    @Flag(help: "Preview the reduced-motion variant: each op as its reducedMotion (or the document's) says.")
    var reducedMotion = false

    @Option(name: .short, help: "Also write the page of the first build to this file, as `motionc preview -o` does.")
    var output: String?

    func validate() throws {
        if !(1...65_535).contains(port) { throw ValidationError("--port must be from 1 to 65535") }
    }

    func run() throws {
        // Read before the build: a save between the two is a change the server's watcher sees.
        let bytes = try? AtomicFile.read(file)
        let build = try PreviewStart.firstBuild(file: file, reducedMotion: reducedMotion)
        // The server prints the build's diagnostics as it starts: the page's write does not too.
        if let output { try PreviewStart.writePage(of: build, to: output, printing: false) }
        try PreviewServer.serve(file: file, port: UInt16(port), first: (build, bytes), reducedMotion: reducedMotion)
    }

    /// Parses the command line and serves; a failure becomes its message and exit status.
    static func main() {
        mainReportingFailures()
    }
}
