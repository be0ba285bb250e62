/// `service cloud.firestore { … }`
public struct ServiceDecl: Sendable {
    public var name: String
    public var location: SourceLocation
    public var functions: [FunctionDecl] = []
    public var matches: [MatchDecl] = []
}
