/// A command's failure with a message for the user: ArgumentParser prints `Error: <message>` and
/// exits 1, without the usage text a `ValidationError` would add (the arguments were fine).
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    init(_ message: String) {
        self.description = message
    }
}
