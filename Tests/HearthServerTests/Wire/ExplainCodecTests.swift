import Testing

@testable import HearthServer

/// Query Explain's execution time in proto3 JSON (a `Duration`): whole seconds bare, otherwise
/// the fewest of 3, 6 or 9 fractional digits that are exact, as protobuf's JSON printer writes them.
@Suite struct ExplainCodecTests {
    @Test(arguments: [
        (Int64(0), "0s"), (1_000_000_000, "1s"), (16_815, "0.000016815s"), (2_500_000_000, "2.500s"), (1, "0.000000001s"),
        (1_000, "0.000001s"), (12_345_000, "0.012345s"),
    ])
    func durations(_ nanoseconds: Int64, _ json: String) {
        #expect(ExplainCodec.duration(nanoseconds: nanoseconds) == json)
    }
}
