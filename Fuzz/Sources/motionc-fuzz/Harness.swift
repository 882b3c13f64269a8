import MotionPlans
import MotionValidation

/// libFuzzer's entry point: parse, decode and validate whatever bytes it gives. Any crash,
/// sanitizer report, hang or runaway allocation is a bug in motionc.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    let loaded = DocumentLoader.load(bytes, file: "fuzz.yaml")
    if let document = loaded.document, !loaded.diagnostics.containsErrors {
        _ = Validator.validate(document, options: ValidationOptions(forBake: true))
    }
    return 0
}

/// libFuzzer's driver, called from our own entry point: SwiftPM names an executable's entry
/// point after the target, so the harness hands control to libFuzzer itself.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@_cdecl("motionc_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { data, size in
        guard let data else { return 0 }
        return fuzz(data, size)
    }
}
