/// One file of the web UI, embedded in the binary as a Swift string literal (no build step,
/// no npm, no resource bundle to ship beside `hearth`): its URL path, its media type and its
/// text.
public struct UIAsset: Sendable {
    /// `/`, `/app.js`, `/style.css`: the path the UI port serves it at.
    public let path: String
    public let contentType: String
    public let text: String

    public init(path: String, contentType: String, text: String) {
        self.path = path
        self.contentType = contentType
        self.text = text
    }
}
