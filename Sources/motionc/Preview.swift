import ArgumentParser
import MotionCommandLine
import MotionPreview
import MotionTimeline

/// `motionc preview FILE -o OUT.html` and `motionc preview FILE --serve`: the document in the browser.
struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "See and scrub a document in the browser: a page, or a live server while you edit.",
        discussion: """
            Writes one self-contained page (-o): the stage is the document exactly as `export --to html` \
            shows it, with a transport (play, scrub, frame steps, speed, loop; Space, Left/Right, \
            Shift for ten frames, Home/End), one curve per animated property with its keyframes (fitted \
            parts dashed), the export's report and the document's warnings. --serve serves the page on \
            127.0.0.1 only and updates it on every save, keeping the playhead; a save with errors keeps \
            the last good stage and shows the diagnostics over it. Ctrl-C stops the server. Exit status: \
            0; 1 when the document has errors (-o writes nothing) or FILE is a baked timeline; 2 when a \
            file cannot be read (at start, with -o or --serve) or written, or the port is in use.
            """)

    @Argument(help: "A motion document.")
    var file: String

    @Option(name: .shortAndLong, help: "Write the page here.")
    var output: String?

    @Flag(help: "Serve the page on 127.0.0.1 and update it on every save.")
    var serve = false

    // A negative number is a value here, not an option: the range check says what is wrong.
    @Option(parsing: .unconditional, help: "The port to serve on (default: 7300).")
    var port: Int?

    @Flag(help: "Preview the reduced-motion variant: each op as its reducedMotion (or the document's) says.")
    var reducedMotion = false

    func validate() throws {
        if output == nil && !serve { throw ValidationError("give -o OUT.html to write the page, or --serve") }
        if port != nil && !serve { throw ValidationError("--port goes with --serve") }
        if let port, !(1...65_535).contains(port) { throw ValidationError("--port must be from 1 to 65535") }
        try OutputCollisions.check(inputs: [file], outputs: [("-o", output)])
    }

    func run() throws {
        if serve {
            // The server is a program of its own (only it links the HTTP server and Foundation's
            // networking): it takes this process over, so Ctrl-C and SIGTERM reach it. It writes
            // `-o`'s page from its own first build, so the document is built once.
            var arguments = ["--port", String(port ?? 7300)]
            if reducedMotion { arguments.append("--reduced-motion") }
            if let output { arguments += ["-o", output] }
            try SiblingExecutable.replaceProcess(with: PreviewStart.serverProduct, arguments: arguments + ["--", file])
        }
        if let output {
            try PreviewStart.writePage(of: PreviewStart.firstBuild(file: file, reducedMotion: reducedMotion), to: output)
        }
    }
}
