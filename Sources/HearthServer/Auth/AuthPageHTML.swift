import HearthHTTP
import HearthJSON

/// The Auth port's few HTML pages (`/emulator/action`, the fake IdP chooser): one plain,
/// self-contained layout with no external scripts, fonts or styles, so they work offline and
/// in an in-app browser. Text is escaped here, in one place.
enum AuthPageHTML {
    /// A page titled `title` with `body` (already HTML) inside.
    static func page(title: String, body: String, status: HTTPStatus = .ok) -> Response {
        let html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(Self.escape(title))</title>
            <style>body{font-family:-apple-system,system-ui,sans-serif;max-width:34em;margin:2em auto;padding:0 1em;color:#222}
            a.account{display:block;padding:.6em;border:1px solid #ccc;border-radius:6px;margin:.4em 0;text-decoration:none;color:inherit}
            label{display:block;margin:.5em 0}input{width:100%;padding:.4em;box-sizing:border-box}.note{color:#666;font-size:.9em}
            .error{color:#b00}</style></head>
            <body><h1>\(Self.escape(title))</h1>
            \(body)
            <p class="note">Served by the Hearth Auth emulator.</p></body></html>
            """
        return Response(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: .bytes(Array(html.utf8)))
    }

    /// The emulator's JSON answer (`{"authEmulator":{…}}`), or the same as a page when the
    /// client asked for HTML (a browser following a link).
    static func outcome(_ request: Request, status: HTTPStatus, title: String, _ members: [(String, String)]) -> Response {
        let accept = request.headers["Accept"]?.lowercased() ?? ""
        guard accept.contains("text/html") else {
            let object = JSONObject(members.map { JSONObject.Member(key: $0.0, value: .string($0.1)) })
            let json = JSONValue.object(JSONObject([.init(key: "authEmulator", value: .object(object))]))
            return .json(json.serialized(), status: status)
        }
        let rows = members.map { key, value in
            key == "error" ? "<p class=\"error\">\(Self.escape(value))</p>" : "<p>\(Self.escape(value))</p>"
        }
        return Self.page(title: title, body: rows.joined(separator: "\n"), status: status)
    }

    /// A 303 to `location` with a link to it in the body (for clients that do not follow
    /// redirects to custom URL schemes on their own).
    static func redirect(to location: String) -> Response {
        var response = Self.page(title: "Continue in the app", body: "<p><a href=\"\(Self.escape(location))\">Continue</a></p>", status: HTTPStatus(code: 303))
        response.headers.replaceOrAdd(name: "Location", value: location)
        return response
    }

    /// Escapes `& < > " '` for text and attribute values. O(length).
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
