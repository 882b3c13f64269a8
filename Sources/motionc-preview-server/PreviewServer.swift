import Dispatch
import FlyingFox
import FlyingSocks
import Foundation
import MotionCommandLine
import MotionPreview
import MotionTimeline
import Synchronization

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
final class ServeOutcome: Sendable {
    private let error = Mutex<(any Error)?>(nil)

    func fail(_ error: any Error) { self.error.withLock { $0 = error } }
    var failure: (any Error)? { error.withLock { $0 } }
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
            StandardStreams.error("motionc: \(PreviewStart.bakedTimelineMessage(file))")
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
