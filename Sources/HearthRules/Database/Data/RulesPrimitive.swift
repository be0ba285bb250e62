/// A leaf value of the Realtime Database as rules see it: a boolean, a number or a string.
///
/// RTDB numbers are JavaScript doubles in rules (`auth.someInt / 2 == 0.5`), so every number is a
/// `Double` here, as in Firebase's rules engine. `null` is never a leaf: a null location does not exist.
/// Also the type of a priority, which Firebase restricts to numbers and strings.
public enum RulesPrimitive: Sendable, Hashable {
    case bool(Bool)
    case number(Double)
    case string(String)
}
