import HearthJSON

/// Small project files (`firebase.json`, `.firebaserc`): read whole, parsed as JSON objects.
enum ProjectFile {
    /// The file's bytes, or nil when it does not exist.
    /// - Throws: when it exists but cannot be read.
    static func read(_ path: String) throws(ProjectConfigurationError) -> [UInt8]? {
        do {
            return try WholeFile.read(path)
        } catch {
            guard case .unreadable(let reason) = error else { return nil }
            throw ProjectConfigurationError("Cannot read \(path): \(reason).")
        }
    }

    /// The top-level object of a JSON file.
    static func object(_ bytes: [UInt8], _ name: String) throws(ProjectConfigurationError) -> JSONObject {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw ProjectConfigurationError("\(name) is not valid JSON: \(error). Fix it or move it away to start without it.")
        }
        guard let object = json.objectValue else { throw ProjectConfigurationError("\(name) must hold a JSON object.") }
        return object
    }
}
