import MotionCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An error drawing a frame or writing an image, with a message that says what to change.
///
/// Every case that involves a file carries its path, so the message can name it.
public enum RenderOutputError: Error, CustomStringConvertible, Hashable, Sendable {
    /// The canvas has a zero or negative width or height.
    case invalidCanvasSize(width: Int, height: Int)
    /// The canvas is larger than ``RenderCanvas/maximumDimension`` in width or height.
    case canvasTooLarge(width: Int, height: Int, limit: Int)
    /// A contact sheet would not fit in ``ContactSheet/maximumDimension`` even with one-pixel cells.
    case sheetTooLarge(frames: Int, columns: Int, limit: Int)
    /// Cairo refused an operation; `message` is Cairo's own status text.
    case cairoFailure(operation: String, message: String)
    /// The Cairo runtime library, which every drawing needs, cannot be loaded from `library`.
    ///
    /// Or it lacks a function; `reason` says which (the dynamic loader's text).
    case cairoUnavailable(library: String, reason: String)
    /// The libpng runtime library, which writing PNG images needs, cannot be loaded from `library`.
    ///
    /// Or it lacks a function; `reason` says which.
    case pngLibraryUnavailable(library: String, reason: String)
    /// `ffmpeg`, which `--video` pipes frames to, is not on `PATH`.
    case videoEncoderUnavailable
    /// A video path whose extension is not one of ``VideoEncoder/Container``'s.
    case videoFormatUnsupported(path: String)
    /// An MP4 or WebM video of a canvas under 2x2 pixels, which their 4:2:0 colour cannot hold.
    case videoTooSmall(path: String, width: Int, height: Int)
    /// `ffmpeg` failed or stopped before encoding every frame; `reason` is its own message.
    case videoEncodingFailed(path: String, reason: String)
    /// An image with no pixels (zero width or height) cannot be written as PNG.
    case emptyImage(path: String)
    /// A file could not be read (or is not a PNG image Cairo can decode) or written.
    case file(FileError)

    /// The library other than `library` that the dynamic loader's `reason` names first
    /// (`/usr/lib/.../libpng16.so.16: invalid ELF header` for libcairo), or nil.
    static func otherLibrary(in reason: String, than library: String) -> String? {
        guard let colon = reason.firstIndex(of: ":") else { return nil }
        let named = reason[..<colon]
        let name = named.split(separator: "/").last.map(String.init) ?? String(named)
        let own = library.split(separator: "/").last.map(String.init) ?? library
        guard name.contains(".so"), name != own else { return nil }
        return String(named)
    }

    /// A one-line message naming the problem and what to do about it.
    public var description: String {
        switch self {
        case .invalidCanvasSize(let width, let height):
            return "canvas size \(width)x\(height) has no pixels; give canvas.size a width and height of at least 1"
        case .canvasTooLarge(let width, let height, let limit):
            return "canvas size \(width)x\(height) is larger than the render limit of \(limit)x\(limit) pixels; "
                + "reduce canvas.size"
        case .sheetTooLarge(let frames, let columns, let limit):
            return "a contact sheet of \(frames) frames in \(columns) columns would exceed \(limit)x\(limit) pixels; "
                + "render fewer frames (a lower fps or a shorter duration) or write them with --frames"
        case .cairoFailure(let operation, let message):
            return "Cairo failed in \(operation): \(message)"
        case .cairoUnavailable(let library, let reason):
            if let dependency = Self.otherLibrary(in: reason, than: library) {
                // Cairo is there, but a library it links failed to load: reinstalling Cairo may not help.
                return "cannot draw: the Cairo graphics library '\(library)' could not be loaded: \(reason); "
                    + "Cairo needs '\(dependency)', which did not load: reinstall the package that provides it"
            }
            return "cannot draw: the Cairo graphics library '\(library)' could not be loaded: \(reason); "
                + "install Cairo's runtime library (Debian, Ubuntu: apt-get install libcairo2; Fedora: dnf install cairo)"
        case .pngLibraryUnavailable(let library, let reason):
            return "cannot write PNG images: the libpng library '\(library)' could not be loaded: \(reason); "
                + "install libpng's runtime library (Debian, Ubuntu: apt-get install libpng16-16; Fedora: dnf install libpng)"
        case .videoEncoderUnavailable:
            return "cannot write video: ffmpeg is not on PATH; install ffmpeg (apt-get install ffmpeg)"
        case .videoFormatUnsupported(let path):
            return "cannot write video '\(path)': the name must end in .mp4, .webm or .gif"
        case .videoTooSmall(let path, let width, let height):
            return "cannot write video '\(path)': H.264 and VP9 video need a canvas of at least 2x2 pixels, and this one is "
                + "\(width)x\(height); write a .gif, or PNG frames with --frames"
        case .videoEncodingFailed(let path, let reason):
            return "cannot write video '\(path)': ffmpeg failed: \(reason)"
        case .emptyImage(let path):
            return "cannot write '\(path)': the image has no pixels (width or height is 0)"
        case .file(let error):
            return error.description
        }
    }
}

extension RenderOutputError {
    /// The exit status the error calls for.
    ///
    /// What the environment lacks (a library, ffmpeg) or a file that cannot be written: 2; anything
    /// the input asks for that cannot be drawn: 1.
    public var isEnvironmentFailure: Bool {
        switch self {
        case .cairoUnavailable, .pngLibraryUnavailable, .videoEncoderUnavailable, .file, .videoEncodingFailed:
            return true
        case .invalidCanvasSize, .canvasTooLarge, .sheetTooLarge, .cairoFailure, .emptyImage, .videoFormatUnsupported,
            .videoTooSmall:
            return false
        }
    }
}
