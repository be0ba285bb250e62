extension String {
    /// `value` with two decimals, without Foundation.
    init(format2 value: Double) {
        let hundredths = Int((value * 100).rounded())
        let fraction = abs(hundredths % 100)
        self = "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
