import ArgumentParser
import Dispatch
import FlyingFox
import FlyingSocks
import Foundation
import MotionPreview
import MotionRenderServer
import MotionTimeline

/// `motionc preview FILE -o OUT.html` and `motionc preview FILE --serve`: the document in the browser.
struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
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
        // Read before the build: a save between the two is a change the server's watcher sees.
        let bytes = serve ? try? AtomicFile.read(file) : nil
        let build = try Self.firstBuild(file: file, reducedMotion: reducedMotion)
        if let output {
            if !build.renderedDiagnostics.isEmpty { StandardStreams.error(String(build.renderedDiagnostics.dropLast())) }
            guard build.stage != nil else { throw CommandFailure.reported }
            try AtomicFile.write(Array(PreviewPage.html(build, live: false).utf8), to: output)
        }
        if serve {
            try PreviewServer.serve(
                file: file, port: UInt16(port ?? 7300), first: (build, bytes), reducedMotion: reducedMotion)
        }
    }

    /// The build the command starts from, with a progress bar on a terminal while the stage is made.
    ///
    /// - Throws: ``CommandFailure/file(_:)`` when the file cannot be read (exit 2, with `-o` and
    ///   `--serve` alike: a server that could only say so would serve nothing), and
    ///   ``CommandFailure/invalidInput(_:)`` for a baked timeline, as `bake` and `run` say.
    static func firstBuild(file: String, reducedMotion: Bool) throws -> PreviewBuild {
        var bar: TerminalProgress?
        let build = PreviewBuild.compile(path: file, reducedMotion: reducedMotion) { done, total in
            if let bar {
                bar.update(done: done)
            } else {
                // Drawn from the first report (the bake before it has no count to show).
                bar = TerminalProgress(total: total, unit: "steps", rate: "steps/s")
                bar?.update(done: 0)
            }
        }
        bar?.finish()
        if let readError = build.readError { throw CommandFailure.file(readError) }
        if build.isBakedTimeline { throw CommandFailure.invalidInput(bakedTimelineMessage(file)) }
        return build
    }

    /// What preview says of a baked timeline, in place of its screen of unknown keys.
    static func bakedTimelineMessage(_ file: String) -> String {
        "\(file) is a baked timeline, not a motion document: `preview` takes the document (`motionc preview DOCUMENT.yaml`); "
            + "`play`, `render` and `export` read timelines"
    }
}

/// The live preview: the page at `/`, updates on a WebSocket at `/events`, the file polled for saves.
enum PreviewServer {
    /// How often the document is read to see whether it changed.
    static let pollInterval: Duration = .milliseconds(100)

    /// Serves `first` (the file's build at start, and its bytes read before it) and its later
    /// builds until SIGINT or SIGTERM (exit 0); a port that cannot be bound is exit 2.
    static func serve(
        file: String, port: UInt16, first: (build: PreviewBuild, bytes: [UInt8]?), reducedMotion: Bool = false
    ) throws {
        let address: sockaddr_in
        do {
            address = try .inet(ip4: "127.0.0.1", port: port)
        } catch {
            throw CommandFailure.unavailable("cannot make the address 127.0.0.1:\(port): \(error)")
        }
        let hub = PreviewHub(file: file, first: first, reducedMotion: reducedMotion)
        let server = HTTPServer(config: HTTPServer.Configuration(address: address, logger: .disabled))
        let outcome = ServeOutcome()
        let finished = DispatchSemaphore(value: 0)
        let task = Task {
            let local = LocalRequests(port: port)
            await server.appendRoute(
                "GET /events", to: local.guarding(WebSocketHTTPHandler.webSocket(PreviewSocket(hub: hub))))
            await server.appendRoute("GET /", to: local.guarding(PreviewPageHandler(hub: hub)))
            let watcher = Task { await hub.watch() }
            let announcer = Task {
                try await server.waitUntilListening()
                StandardStreams.error(
                    "motionc: previewing \(file) at http://127.0.0.1:\(port)/ (watching for saves; Ctrl-C stops)")
            }
            do {
                try await server.run()
            } catch {
                if !Task.isCancelled { outcome.fail(error) }
            }
            watcher.cancel()
            announcer.cancel()
            finished.signal()
        }
        // Ctrl-C and SIGTERM stop the server gracefully (exit 0) instead of ending the process.
        Interruption.onSignal { task.cancel() }
        finished.wait()
        if let error = outcome.failure {
            if case .failed(_, let code, _) = error as? SocketError, code == EADDRINUSE {
                throw CommandFailure.unavailable("port \(port) on 127.0.0.1 is in use; choose another with --port N")
            }
            throw CommandFailure.unavailable("cannot serve on 127.0.0.1:\(port): \(error)")
        }
        StandardStreams.error("motionc: preview stopped")
    }
}

/// Why the server stopped, when it was not asked to: the server's task writes it, the command reads it.
final class ServeOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var error: (any Error)?

    func fail(_ error: any Error) { lock.withLock { self.error = error } }
    var failure: (any Error)? { lock.withLock { error } }
}

/// The document's latest build and the open pages to tell about the next one.
actor PreviewHub {
    let file: String
    /// Whether pages show the reduced-motion variant.
    let reducedMotion: Bool
    private var build: PreviewBuild
    private var version = 1
    /// This server's id, sent with the version: numbers start at 1 in every server, and a page
    /// that reconnects to another one must not take its first build for the one it shows.
    let instance = UUID().uuidString
    private var bytes: [UInt8]?
    private var pages: [UUID: AsyncStream<WSMessage>.Continuation] = [:]

    /// A hub for `file` whose first build is made, from the bytes read before it.
    init(file: String, first: (build: PreviewBuild, bytes: [UInt8]?), reducedMotion: Bool = false) {
        self.file = file
        self.reducedMotion = reducedMotion
        bytes = first.bytes
        build = first.build
        Self.log(build, file: file)
    }

    /// The page as it stands.
    func page() -> String { PreviewPage.html(build, live: true, version: version, instance: instance) }

    /// The most extra reads spent waiting for a save to finish, and the pause between them.
    static let settleReads = 10
    static let settleInterval: Duration = .milliseconds(20)

    /// A new page's stream of updates: the current build first, then every later one.
    func subscribe() -> AsyncStream<WSMessage> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<WSMessage>.makeStream(bufferingPolicy: .bufferingNewest(4))
        continuation.yield(.text(PreviewPage.update(build, version: version, instance: instance)))
        pages[id] = continuation
        continuation.onTermination = { _ in Task { await self.unsubscribe(id) } }
        return stream
    }

    private func unsubscribe(_ id: UUID) { pages[id] = nil }

    /// Reads the file every ``PreviewServer/pollInterval``; when its bytes change, rebuilds and
    /// sends the new build to every page.
    func watch() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: PreviewServer.pollInterval)
            var current = try? AtomicFile.read(file)
            guard current != bytes else { continue }
            // A save in progress (an editor truncating, then writing) reads as a partial file:
            // rebuild once two reads a moment apart agree.
            for _ in 0..<Self.settleReads {
                try? await Task.sleep(for: Self.settleInterval)
                let again = try? AtomicFile.read(file)
                if again == current { break }
                current = again
            }
            bytes = current
            build = PreviewBuild.compile(path: file, reducedMotion: reducedMotion)
            version += 1
            Self.log(build, file: file)
            let message = PreviewPage.update(build, version: version, instance: instance)
            for page in pages.values { page.yield(.text(message)) }
        }
    }

    /// What the terminal shows of a build: its diagnostics, as a compiler prints them.
    static func log(_ build: PreviewBuild, file: String) {
        if let readError = build.readError {
            StandardStreams.error("motionc: \(readError)")
        } else if build.isBakedTimeline {
            StandardStreams.error("motionc: \(Preview.bakedTimelineMessage(file))")
        } else if !build.renderedDiagnostics.isEmpty {
            StandardStreams.error(String(build.renderedDiagnostics.dropLast()))
        } else {
            StandardStreams.error("motionc: \(file): no problems found")
        }
    }
}

/// `GET /`: the page as it stands.
struct PreviewPageHandler: HTTPHandler {
    let hub: PreviewHub

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let page = await hub.page()
        return HTTPResponse(
            statusCode: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: Data(page.utf8))
    }
}

/// Requests from this machine's own pages only: the Host is the loopback address (not a name that
/// some web site rebinds to it) and an Origin, when sent, is this server's, so that no other site
/// open in the browser can read the document through the WebSocket.
struct LocalRequests: Sendable {
    let port: UInt16

    /// The hosts and origins accepted.
    var hosts: Set<String> { ["127.0.0.1:\(port)", "localhost:\(port)"] }

    func accepts(_ request: HTTPRequest) -> Bool {
        guard let host = request.headers[.host], hosts.contains(host) else { return false }
        guard let origin = request.headers[HTTPHeader("Origin")] else { return true }
        return hosts.contains { origin == "http://\($0)" }
    }

    /// `handler`, answering 403 to other requests.
    func guarding(_ handler: some HTTPHandler) -> some HTTPHandler {
        GuardedHandler(local: self, handler: handler)
    }
}

/// A handler behind ``LocalRequests``.
struct GuardedHandler<Handler: HTTPHandler>: HTTPHandler {
    let local: LocalRequests
    let handler: Handler

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard local.accepts(request) else { return HTTPResponse(statusCode: .forbidden) }
        return try await handler.handleRequest(request)
    }
}

/// The `/events` WebSocket: the hub's updates; what the page sends is ignored.
struct PreviewSocket: WSMessageHandler {
    let hub: PreviewHub

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        await hub.subscribe()
    }
}
