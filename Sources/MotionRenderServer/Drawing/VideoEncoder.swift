import MotionCore
import MotionTimeline

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Encodes frames into one video file by piping raw pixels to `ffmpeg`.
///
/// `ffmpeg` (Debian: `apt-get install ffmpeg`) is found on `PATH` and reads straight RGBA frames
/// on its standard input (`-f rawvideo -pix_fmt rgba -s WxH -r FPS -i -`); the codec follows the
/// file's extension:
///
/// - `.mp4`: H.264 (libx264), yuv420p, which needs even sizes: an odd width or height loses its
///   last column or row;
/// - `.webm`: VP9 (libvpx-vp9), yuv420p;
/// - `.gif`: a palette computed from the whole video (palettegen), then applied (paletteuse), at
///   ``Container/frameRate(forCanvasFPS:)``: GIF frame delays are whole hundredths of a second.
///
/// Video has no alpha channel: each frame is composited over its matte, the canvas background made
/// opaque, before it is sent (a translucent background shows its colour at full opacity, and a
/// layer fading in over it fades in over that colour). `ffmpeg` would drop the alpha of straight
/// pixels instead, showing a half-transparent layer at full strength.
/// `ffmpeg` writes to a temporary file next to the destination, renamed over it only when every
/// frame was encoded and `ffmpeg` succeeded: a failure leaves no partial video.
public final class VideoEncoder {
    /// The containers `--video` writes, by file extension.
    public enum Container: String, CaseIterable, Sendable {
        /// MPEG-4 with H.264 video.
        case mp4
        /// WebM with VP9 video.
        case webm
        /// An animated GIF.
        case gif

        /// The container a path's extension names, or nil.
        public init?(path: String) {
            guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
            self.init(rawValue: path[path.index(after: dot)...].lowercased())
        }

        /// The frames a second a video of this container is drawn at, for a canvas at `fps`.
        ///
        /// MP4 and WebM keep the canvas's rate. A GIF keeps each frame's delay in whole hundredths
        /// of a second, and players treat a delay under 2 as 10: it is drawn at 100 / d fps, d the
        /// whole delay nearest 100 / `fps` and at least 2 (60 fps becomes 50, 30 becomes 33.3,
        /// 24 becomes 25), so that its frames play at the times they show.
        public func frameRate(forCanvasFPS fps: Double) -> Double {
            guard self == .gif else { return fps }
            return 100 / max(2, (100 / fps).rounded())
        }

        /// `ffmpeg`'s output options for this container.
        var outputOptions: [String] {
            switch self {
            case .mp4:
                return [
                    "-vf", "crop=trunc(iw/2)*2:trunc(ih/2)*2", "-c:v", "libx264", "-preset", "veryfast", "-crf", "18",
                    "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4",
                ]
            case .webm:
                return [
                    "-c:v", "libvpx-vp9", "-pix_fmt", "yuv420p", "-b:v", "0", "-crf", "30", "-deadline", "realtime",
                    "-cpu-used", "8", "-row-mt", "1", "-f", "webm",
                ]
            case .gif:
                return ["-vf", "split[a][b];[a]palettegen[p];[b][p]paletteuse", "-f", "gif"]
            }
        }
    }

    /// The destination path.
    public let path: String
    private let temporaryPath: String
    private let child: ChildProcess
    /// The write end of `ffmpeg`'s standard input; -1 once closed.
    private var input: Int32
    private let logPath: String
    private let frameBytes: Int
    /// What translucent pixels are composited over: opaque.
    private let matte: RGBA8
    /// The last frame composited over the matte, reused for the next.
    private var composited: [UInt8] = []
    private var closed = false

    /// The `ffmpeg` executable on `PATH`, or nil.
    public static func findFFmpeg(path: String? = getenv("PATH").map { String(cString: $0) }) -> String? {
        for folder in (path ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = String(folder) + "/ffmpeg"
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT != S_IFDIR, access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Checks that a video can be written at `path` before anything is drawn.
    ///
    /// A known extension and `ffmpeg` on `PATH`.
    ///
    /// - Throws: ``RenderOutputError/videoFormatUnsupported(path:)``,
    ///   ``RenderOutputError/videoEncoderUnavailable``.
    public static func check(path: String) throws(RenderOutputError) {
        guard Container(path: path) != nil else { throw .videoFormatUnsupported(path: path) }
        guard findFFmpeg() != nil else { throw .videoEncoderUnavailable }
    }

    /// Checks that a `width` x `height` canvas fits the container `path` names.
    ///
    /// H.264 and VP9 need at least 2x2 pixels. A fault of the document, so asked before what the
    /// machine lacks (``check(path:)``): the user fixes the document first. A name of no known
    /// container passes (``check(path:)`` says so).
    ///
    /// - Throws: ``RenderOutputError/videoTooSmall(path:width:height:)``.
    public static func checkCanvas(path: String, width: Int, height: Int) throws(RenderOutputError) {
        guard let container = Container(path: path) else { return }
        guard container == .gif || (width >= 2 && height >= 2) else { throw .videoTooSmall(path: path, width: width, height: height) }
    }

    /// Starts `ffmpeg` writing a `width` x `height` video at `fps` frames a second.
    ///
    /// It writes to a temporary file next to `path`. Frames are composited over `matte` (its alpha
    /// is ignored: the matte is opaque), normally the canvas background.
    ///
    /// - Throws: the errors of ``check(path:)``, ``RenderOutputError/videoTooSmall(path:width:height:)``,
    ///   ``RenderOutputError/file(_:)`` (a missing folder) and
    ///   ``RenderOutputError/videoEncodingFailed(path:reason:)`` when `ffmpeg` cannot start.
    public init(
        path: String, width: Int, height: Int, fps: Double, matte: RGBA8 = RGBA8(255, 255, 255)
    ) throws(RenderOutputError) {
        guard let container = Container(path: path) else { throw .videoFormatUnsupported(path: path) }
        try Self.checkCanvas(path: path, width: width, height: height)
        guard let ffmpeg = Self.findFFmpeg() else { throw .videoEncoderUnavailable }
        let folder = FileError.directoryName(of: path)
        var folderInfo = stat()
        guard stat(folder, &folderInfo) == 0, folderInfo.st_mode & S_IFMT == S_IFDIR else {
            throw .file(FileError(path: path, reason: "no such directory", kind: .missingDirectory))
        }
        self.path = path
        let name = path.split(separator: "/").last.map(String.init) ?? "video"
        let unique = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        temporaryPath = (folder == "." ? "" : folder + "/") + ".\(name).\(unique).partial"
        logPath = Self.temporaryDirectory() + "motionc-ffmpeg-\(unique).log"
        frameBytes = width * height * 4
        self.matte = RGBA8(matte.r, matte.g, matte.b)
        // A closed pipe must be an error from write(2), not a signal that ends motionc.
        signal(SIGPIPE, SIG_IGN)
        let log = open(logPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard log >= 0 else {
            throw .videoEncodingFailed(path: path, reason: "cannot create its log file \(logPath)")
        }
        defer { close(log) }
        // Removed with the command's other temporary files if it is interrupted (Ctrl-C).
        AtomicFileWriter.registerTemporaryFile(logPath)
        AtomicFileWriter.registerTemporaryFile(temporaryPath)
        let arguments =
            [
                "-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)",
                "-r", ShortestDouble.text(fps, integralSuffix: false), "-i", "-",
            ] + container.outputOptions + [temporaryPath]
        switch ChildProcess.start(ffmpeg, arguments: arguments, standardError: log) {
        case .success(let started):
            child = started.child
            input = started.input
        case .failure(let error):
            unlink(logPath)
            AtomicFileWriter.unregisterTemporaryFile(logPath)
            AtomicFileWriter.unregisterTemporaryFile(temporaryPath)
            throw .videoEncodingFailed(path: path, reason: "cannot start \(ffmpeg): \(systemErrorText(error.code))")
        }
    }

    /// Where the `ffmpeg` log goes: `TMPDIR`, or `/tmp/`, with a final slash.
    static func temporaryDirectory() -> String {
        guard let value = getenv("TMPDIR").map({ String(cString: $0) }), !value.isEmpty else { return "/tmp/" }
        return value.hasSuffix("/") ? value : value + "/"
    }

    deinit {
        cancel()
    }

    /// `rgba` (straight pixels) over the opaque matte: the frame itself when it is opaque.
    ///
    /// - Complexity: O(pixels), in a buffer reused from frame to frame.
    func composite(_ rgba: [UInt8]) -> [UInt8] {
        let opaque = rgba.withUnsafeBufferPointer { bytes in
            var minimum: UInt8 = 255
            for i in stride(from: 3, to: bytes.count, by: 4) { minimum = min(minimum, bytes[i]) }
            return minimum == 255
        }
        if opaque { return rgba }
        if composited.count != rgba.count { composited = [UInt8](repeating: 255, count: rgba.count) }
        let matte = (UInt32(self.matte.r), UInt32(self.matte.g), UInt32(self.matte.b))
        rgba.withUnsafeBufferPointer { source in
            composited.withUnsafeMutableBufferPointer { out in
                for i in stride(from: 0, to: source.count, by: 4) {
                    let a = UInt32(source[i + 3])
                    let b = 255 - a
                    // Rounded to the nearest level: (c a + m (255 - a)) / 255.
                    out[i] = UInt8(truncatingIfNeeded: (UInt32(source[i]) * a + matte.0 * b + 127) / 255)
                    out[i + 1] = UInt8(truncatingIfNeeded: (UInt32(source[i + 1]) * a + matte.1 * b + 127) / 255)
                    out[i + 2] = UInt8(truncatingIfNeeded: (UInt32(source[i + 2]) * a + matte.2 * b + 127) / 255)
                    out[i + 3] = 255
                }
            }
        }
        return composited
    }

    /// Sends one frame (`width × height` straight RGBA pixels), composited over the matte.
    ///
    /// - Throws: ``RenderOutputError/videoEncodingFailed(path:reason:)`` when `ffmpeg` stopped
    ///   reading (it failed); the encoder is cancelled then.
    public func append(_ frame: PixelBuffer) throws(RenderOutputError) {
        guard !closed, frame.rgba.count == frameBytes else {
            throw .videoEncodingFailed(path: path, reason: "a frame of \(frame.width)x\(frame.height) does not match the video")
        }
        let fd = input
        let pixels = composite(frame.rgba)
        let failed = pixels.withUnsafeBytes { bytes -> Int32? in
            var offset = 0
            while offset < bytes.count {
                let n = write(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return nil
        }
        if let failed {
            let reason = finishProcess() ?? String(cString: strerror(failed))
            cleanUp()
            throw .videoEncodingFailed(path: path, reason: reason)
        }
    }

    /// Ends the input, waits for `ffmpeg` and renames the video over ``path``.
    ///
    /// - Throws: ``RenderOutputError/videoEncodingFailed(path:reason:)`` with `ffmpeg`'s message
    ///   when it failed; ``RenderOutputError/file(_:)`` when the rename failed.
    public func finish() throws(RenderOutputError) {
        guard !closed else { throw .videoEncodingFailed(path: path, reason: "the encoder was already closed") }
        if let reason = finishProcess() {
            cleanUp()
            throw .videoEncodingFailed(path: path, reason: reason)
        }
        closed = true
        unlink(logPath)
        AtomicFileWriter.unregisterTemporaryFile(logPath)
        defer { AtomicFileWriter.unregisterTemporaryFile(temporaryPath) }
        guard rename(temporaryPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw .file(FileError(path: path, reason: reason, kind: .write))
        }
    }

    /// Abandons the video: stops `ffmpeg` and removes its partial output; ``path`` is untouched.
    public func cancel() {
        guard !closed else { return }
        child.terminate()
        _ = finishProcess()
        cleanUp()
    }

    /// Closes the input and waits; `ffmpeg`'s message when it failed, else nil.
    private func finishProcess() -> String? {
        if input >= 0 {
            close(input)
            input = -1
        }
        let ending = child.wait()
        guard ending != .exited(0) else { return nil }
        let text = (try? AtomicFile.read(logPath)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let lines = text.split(separator: "\n").suffix(3).joined(separator: "; ")
        return lines.isEmpty ? "ffmpeg exited with status \(ending.status)" : lines
    }

    private func cleanUp() {
        closed = true
        unlink(temporaryPath)
        unlink(logPath)
        AtomicFileWriter.unregisterTemporaryFile(temporaryPath)
        AtomicFileWriter.unregisterTemporaryFile(logPath)
    }
}
