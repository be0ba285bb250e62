/// Why the benchmark could not finish.
struct BenchError: Error, CustomStringConvertible {
    let message: String
    var description: String { self.message }
}
