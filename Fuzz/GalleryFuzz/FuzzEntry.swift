import Foundation
import FuzzTargets
#if FUZZING
import CLibFuzzer
#endif

/// Runs one fuzz target, named by `FUZZ_TARGET` in the environment. Built with FUZZING (and
/// -sanitize=fuzzer), it hands over to libFuzzer, whose arguments it takes; without, it replays
/// the files given as arguments, as the fuzzer runs them.
///
/// The program keeps its own `main` in both builds, rather than leaving `main` to libFuzzer:
/// SwiftPM on Linux links every executable's entry point under a name of its own and points
/// `main` at it, so an executable without one does not link.
@main
enum GalleryFuzz {
    static func main() {
        #if FUZZING
        _ = selectedTarget  // a wrong name fails before libFuzzer starts, not at its first input
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput))
        #else
        replay(CommandLine.arguments.dropFirst())
        #endif
    }

    /// Stops at the first file that fails a check (a crash stops anyway), with status 1.
    static func replay(_ paths: ArraySlice<String>) {
        guard !paths.isEmpty else { fail("usage: FUZZ_TARGET=NAME GalleryFuzz FILE...", status: 2) }
        for path in paths {
            guard let input = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
            do {
                try selectedTarget.run([UInt8](input))
                print("\(path): ok")
            } catch {
                fail("\(path): \(error)")
            }
        }
    }
}

/// The target this process runs.
let selectedTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        fail("set FUZZ_TARGET to one of: \(names) (it is \"\(name)\")", status: 2)
    }
    return target
}()

/// libFuzzer calls this for every input.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    do {
        try selectedTarget.run(UnsafeRawBufferPointer(start: data, count: count))
    } catch {
        // A crash is what libFuzzer records, with the input that caused it.
        fatalError("\(error)")
    }
    return 0
}

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("GalleryFuzz: \(message)\n".utf8))
    exit(status)
}
