#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HearthJSON

/// Small project files (`firebase.json`, `.firebaserc`): read whole, parsed as JSON objects.
enum ProjectFile {
    /// The file's bytes, or nil when it does not exist.
    /// - Throws: when it exists but cannot be read.
    static func read(_ path: String) throws(ProjectConfigurationError) -> [UInt8]? {
        guard let file = fopen(path, "rb") else {
            if errno == ENOENT { return nil }
            throw ProjectConfigurationError("Cannot read \(path): \(String(cString: strerror(errno))).")
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            bytes.append(contentsOf: chunk[0..<count])
            if count < chunk.count { break }
        }
        return bytes
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
