import Testing

@testable import MotionRenderServer

/// Cairo is loaded when drawing starts; a missing library or function is an error that says
/// what is missing and how to install it, never a loader crash.
@Suite("Loading Cairo")
struct CairoLoadingTests {
    @Test func theRuntimeLibraryLoads() throws {
        let cairo = try Cairo.load(path: Cairo.libraryName).get()
        #expect(cairo.message(Cairo.statusSuccess) == "no error has occurred")
    }

    @Test func aMissingLibraryIsAnErrorThatSaysHowToInstallIt() {
        let path = "/nonexistent/motionc-tests/libcairo.so.2"
        let result = Cairo.load(path: path)
        guard case .failure(let error) = result else {
            Issue.record("loading \(path) succeeded")
            return
        }
        guard case .cairoUnavailable(let library, let reason) = error else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(library == path)
        #expect(reason.contains("No such file"), "\(reason)")
        let message = error.description
        #expect(message.contains("Cairo") && message.contains(path))
        #expect(message.contains("apt-get install libcairo2"))
    }

    /// Cairo found but unable to load a library it links (the dynamic loader names that one) is
    /// said to be that library's fault, not Cairo's absence.
    @Test func aDependencyThatDoesNotLoadIsNamed() {
        let error = RenderOutputError.cairoUnavailable(
            library: "libcairo.so.2", reason: "/usr/lib/x86_64-linux-gnu/libpng16.so.16: invalid ELF header")
        #expect(error.description.contains("Cairo needs '/usr/lib/x86_64-linux-gnu/libpng16.so.16', which did not load"))
        #expect(!error.description.contains("apt-get install libcairo2"))
        let missing = RenderOutputError.cairoUnavailable(
            library: "libcairo.so.2", reason: "libcairo.so.2: cannot open shared object file: No such file or directory")
        #expect(missing.description.contains("apt-get install libcairo2"))
    }

    /// A library that exists but is not Cairo (the C maths library) lacks cairo_status_to_string,
    /// the first function looked up.
    @Test func aLibraryWithoutCairosFunctionsIsAnError() {
        guard case .failure(.cairoUnavailable(let library, let reason)) = Cairo.load(path: "libm.so.6") else {
            Issue.record("libm.so.6 loaded as Cairo")
            return
        }
        #expect(library == "libm.so.6")
        #expect(reason.contains("cairo_status_to_string"), "\(reason)")
    }

    /// A surface Cairo refuses (wider than its 32767-pixel limit) is an error with Cairo's own
    /// text, not a crash.
    @Test func aRefusedSurfaceIsAnErrorWithCairosText() throws {
        let cairo = try Cairo.loaded()
        #expect(throws: RenderOutputError.cairoFailure(operation: "testing", message: cairo.message(32))) {
            _ = try makeImageSurface(cairo, width: 40_000, height: 1, operation: "testing")
        }
        #expect(cairo.message(32).contains("invalid value"), "\(cairo.message(32))")
    }

    /// Drawing on a context in an error state is reported after drawing, with Cairo's text.
    @Test func aFailedContextIsReportedAfterDrawing() throws {
        let cairo = try Cairo.loaded()
        let surface = cairo.image_surface_create(Cairo.formatARGB32, -1, -1)
        defer { cairo.surface_destroy(surface) }
        let cr = try #require(cairo.create(surface))
        defer { cairo.destroy(cr) }
        cairo.paint(cr)
        do {
            try checkDrawing(cairo, cr, operation: "drawing a test")
            Issue.record("a context on an invalid surface reported success")
        } catch {
            guard case .cairoFailure(let operation, let message) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(operation == "drawing a test")
            #expect(message == cairo.message(cairo.status(cr)) && message != cairo.message(Cairo.statusSuccess))
        }
    }
}
