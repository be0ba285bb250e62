import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `main` of every fuzz harness: hands the harness to libFuzzer when the binary was built
/// with `-sanitize=fuzzer`, and otherwise replays input files through it.
///
/// SwiftPM links an executable target's `main` under a renamed entry point, so a harness cannot
/// simply leave `main` to libFuzzer; instead it always has one, which looks up libFuzzer's
/// `LLVMFuzzerRunDriver` (exported by `scripts/fuzz`'s `-Xlinker --export-dynamic`). That keeps
/// the harnesses compiling and runnable in a plain `swift build`, where they replay a corpus or
/// a crash file: `fuzz-http Tests/Fuzz/fuzz-http crash-1234`.
public enum FuzzDriver {
    /// Whether `HEARTH_FUZZ_VERBOSE=1` asks harnesses to print what they produce (when replaying
    /// a few inputs by hand; never while fuzzing).
    public static let isVerbose = ProcessInfo.processInfo.environment["HEARTH_FUZZ_VERBOSE"] == "1"

    /// libFuzzer's `LLVMFuzzerTestOneInput` signature.
    public typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    private typealias RunDriver = @convention(c) (
        UnsafeMutablePointer<CInt>,
        UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        TestOneInput
    ) -> CInt

    /// Runs libFuzzer with the command-line arguments, or replays each file (and each file of
    /// each directory) named by them; exits with libFuzzer's status, or 0 after a replay.
    public static func main(_ testOneInput: TestOneInput) -> Never {
        if let symbol = dlsym(nil, "LLVMFuzzerRunDriver") {
            let runDriver = unsafeBitCast(symbol, to: RunDriver.self)
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(runDriver(&argc, &argv, testOneInput))
        }
        let files = CommandLine.arguments.dropFirst().flatMap(Self.inputFiles(at:))
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                FileHandle.standardError.write(Data("cannot read \(file)\n".utf8))
                exit(2)
            }
            let bytes = [UInt8](data)
            _ = bytes.withUnsafeBufferPointer { testOneInput($0.baseAddress, $0.count) }
        }
        print("replayed \(files.count) inputs without a crash (not a libFuzzer build: nothing was fuzzed)")
        exit(0)
    }

    /// `path` itself, or the regular files directly inside it, sorted.
    private static func inputFiles(at path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return [path]
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { path + "/" + $0 }
    }
}
