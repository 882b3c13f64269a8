#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Cairo's C functions that the render server draws with, loaded from the Cairo runtime library
/// when drawing starts rather than linked at build time.
///
/// Building motionc needs no Cairo headers: the first drawing call opens `libcairo.so.2` with
/// `dlopen` and resolves each function below once with `dlsym`, cast to the C signature declared
/// here (Cairo's C API is stable ABI: contexts and surfaces are opaque pointers, enums and
/// statuses are C `int`s). Commands that never draw (validate, run, bake, play, schema, explain)
/// never load it. When the library or one of its functions is missing, every drawing entry point
/// throws ``RenderOutputError/cairoUnavailable(library:reason:)`` naming it and the package that
/// provides it.
///
/// The table is immutable after loading, so one instance is shared by every thread.
struct Cairo: @unchecked Sendable {
    /// The runtime library's name: Debian's and most distributions' `libcairo2`.
    static let libraryName = "libcairo.so.2"

    // Cairo's enum values used here (stable ABI). cairo_status_t:
    static let statusSuccess: Int32 = 0
    static let statusReadError: Int32 = 10
    static let statusWriteError: Int32 = 11
    static let statusFileNotFound: Int32 = 18
    // cairo_format_t, cairo_operator_t:
    static let formatARGB32: Int32 = 0
    static let operatorSource: Int32 = 1
    static let operatorOver: Int32 = 2
    // cairo_line_join_t, cairo_font_slant_t, cairo_font_weight_t:
    static let lineJoinMiter: Int32 = 0
    static let fontSlantNormal: Int32 = 0
    static let fontWeightNormal: Int32 = 0

    /// Cairo's `cairo_matrix_t`: `xx, yx, xy, yy, x0, y0`, six contiguous doubles.
    typealias Matrix = (Double, Double, Double, Double, Double, Double)
    /// Cairo's `cairo_text_extents_t`: `x_bearing, y_bearing, width, height, x_advance, y_advance`.
    typealias TextExtents = (Double, Double, Double, Double, Double, Double)
    /// Cairo's `cairo_write_func_t`.
    typealias WriteFunction = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, UInt32) -> Int32

    // Errors.
    let status_to_string: @convention(c) (Int32) -> UnsafePointer<CChar>?
    // Surfaces.
    let image_surface_create: @convention(c) (Int32, Int32, Int32) -> OpaquePointer?
    let image_surface_create_from_png: @convention(c) (UnsafePointer<CChar>) -> OpaquePointer?
    let image_surface_get_data: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<UInt8>?
    let image_surface_get_width: @convention(c) (OpaquePointer?) -> Int32
    let image_surface_get_height: @convention(c) (OpaquePointer?) -> Int32
    let image_surface_get_stride: @convention(c) (OpaquePointer?) -> Int32
    let image_surface_get_format: @convention(c) (OpaquePointer?) -> Int32
    let surface_status: @convention(c) (OpaquePointer?) -> Int32
    let surface_destroy: @convention(c) (OpaquePointer?) -> Void
    let surface_flush: @convention(c) (OpaquePointer?) -> Void
    let surface_mark_dirty: @convention(c) (OpaquePointer?) -> Void
    let surface_write_to_png_stream: @convention(c) (OpaquePointer?, WriteFunction, UnsafeMutableRawPointer?) -> Int32
    // Contexts and their state.
    let create: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let destroy: @convention(c) (OpaquePointer?) -> Void
    let status: @convention(c) (OpaquePointer?) -> Int32
    let save: @convention(c) (OpaquePointer?) -> Void
    let restore: @convention(c) (OpaquePointer?) -> Void
    let set_operator: @convention(c) (OpaquePointer?, Int32) -> Void
    let set_line_width: @convention(c) (OpaquePointer?, Double) -> Void
    let set_line_join: @convention(c) (OpaquePointer?, Int32) -> Void
    let set_source_rgb: @convention(c) (OpaquePointer?, Double, Double, Double) -> Void
    let set_source_rgba: @convention(c) (OpaquePointer?, Double, Double, Double, Double) -> Void
    let set_source_surface: @convention(c) (OpaquePointer?, OpaquePointer?, Double, Double) -> Void
    // The transform.
    let identity_matrix: @convention(c) (OpaquePointer?) -> Void
    let set_matrix: @convention(c) (OpaquePointer?, UnsafeRawPointer?) -> Void
    // Paths and painting.
    let new_path: @convention(c) (OpaquePointer?) -> Void
    let move_to: @convention(c) (OpaquePointer?, Double, Double) -> Void
    let line_to: @convention(c) (OpaquePointer?, Double, Double) -> Void
    let curve_to: @convention(c) (OpaquePointer?, Double, Double, Double, Double, Double, Double) -> Void
    let close_path: @convention(c) (OpaquePointer?) -> Void
    let rectangle: @convention(c) (OpaquePointer?, Double, Double, Double, Double) -> Void
    let fill: @convention(c) (OpaquePointer?) -> Void
    let stroke: @convention(c) (OpaquePointer?) -> Void
    let clip: @convention(c) (OpaquePointer?) -> Void
    let paint: @convention(c) (OpaquePointer?) -> Void
    let paint_with_alpha: @convention(c) (OpaquePointer?, Double) -> Void
    let push_group: @convention(c) (OpaquePointer?) -> Void
    let pop_group_to_source: @convention(c) (OpaquePointer?) -> Void
    // Text.
    let select_font_face: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, Int32) -> Void
    let set_font_size: @convention(c) (OpaquePointer?, Double) -> Void
    let text_extents: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void
    let show_text: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Void

    /// The process-wide table, loaded from ``libraryName`` on first use (thread-safe, once).
    private static let shared: Result<Cairo, RenderOutputError> = load(path: libraryName)

    /// The loaded table, loading Cairo on the first call.
    ///
    /// - Throws: ``RenderOutputError/cairoUnavailable(library:reason:)`` when the library or one
    ///   of its functions cannot be found.
    /// - Complexity: O(1) after the first call.
    static func loaded() throws(RenderOutputError) -> Cairo {
        try shared.get()
    }

    /// Loads the table from the library at `path` (a file name is searched for as `dlopen` does).
    ///
    /// Tests use it with a path that does not exist, or a library without Cairo's functions.
    static func load(path: String) -> Result<Cairo, RenderOutputError> {
        var library: DynamicLibrary
        switch DynamicLibrary.open(path) {
        case .success(let opened): library = opened
        case .failure(let message): return .failure(.cairoUnavailable(library: path, reason: message.text))
        }
        func symbol<F>(_ name: String) -> F { library.function(name) }
        let table = Cairo(
            status_to_string: symbol("cairo_status_to_string"),
            image_surface_create: symbol("cairo_image_surface_create"),
            image_surface_create_from_png: symbol("cairo_image_surface_create_from_png"),
            image_surface_get_data: symbol("cairo_image_surface_get_data"),
            image_surface_get_width: symbol("cairo_image_surface_get_width"),
            image_surface_get_height: symbol("cairo_image_surface_get_height"),
            image_surface_get_stride: symbol("cairo_image_surface_get_stride"),
            image_surface_get_format: symbol("cairo_image_surface_get_format"),
            surface_status: symbol("cairo_surface_status"),
            surface_destroy: symbol("cairo_surface_destroy"),
            surface_flush: symbol("cairo_surface_flush"),
            surface_mark_dirty: symbol("cairo_surface_mark_dirty"),
            surface_write_to_png_stream: symbol("cairo_surface_write_to_png_stream"),
            create: symbol("cairo_create"),
            destroy: symbol("cairo_destroy"),
            status: symbol("cairo_status"),
            save: symbol("cairo_save"),
            restore: symbol("cairo_restore"),
            set_operator: symbol("cairo_set_operator"),
            set_line_width: symbol("cairo_set_line_width"),
            set_line_join: symbol("cairo_set_line_join"),
            set_source_rgb: symbol("cairo_set_source_rgb"),
            set_source_rgba: symbol("cairo_set_source_rgba"),
            set_source_surface: symbol("cairo_set_source_surface"),
            identity_matrix: symbol("cairo_identity_matrix"),
            set_matrix: symbol("cairo_set_matrix"),
            new_path: symbol("cairo_new_path"),
            move_to: symbol("cairo_move_to"),
            line_to: symbol("cairo_line_to"),
            curve_to: symbol("cairo_curve_to"),
            close_path: symbol("cairo_close_path"),
            rectangle: symbol("cairo_rectangle"),
            fill: symbol("cairo_fill"),
            stroke: symbol("cairo_stroke"),
            clip: symbol("cairo_clip"),
            paint: symbol("cairo_paint"),
            paint_with_alpha: symbol("cairo_paint_with_alpha"),
            push_group: symbol("cairo_push_group"),
            pop_group_to_source: symbol("cairo_pop_group_to_source"),
            select_font_face: symbol("cairo_select_font_face"),
            set_font_size: symbol("cairo_set_font_size"),
            text_extents: symbol("cairo_text_extents"),
            show_text: symbol("cairo_show_text"))
        if let missing = library.missing {
            library.close()
            return .failure(.cairoUnavailable(library: path, reason: "it has no function \(missing) (a Cairo older than 1.10?)"))
        }
        // The handle stays open for the life of the process: the table points into it.
        return .success(table)
    }

    /// Cairo's own text for a status (`cairo_status_to_string`).
    func message(_ status: Int32) -> String {
        guard let text = status_to_string(status) else { return "status \(status)" }
        return String(cString: text)
    }
}
