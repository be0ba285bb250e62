/// Every file of the web UI: one HTML page, one stylesheet and a few JavaScript modules the
/// browser loads as they are (`<script type="module">`). Each lives in its own
/// `UIAssets+Name.swift` as a raw string literal, so the text is the file.
///
/// The page talks to Hearth only through its public HTTP APIs (Firestore REST and listen
/// streams, Realtime Database REST and streams, the Auth emulator's endpoints, the admin
/// endpoints and the Requests feed), reading where each runs from the UI port's
/// `/api/config`; see the README's "Web UI" section.
public enum UIAssets {
    public static let all: [UIAsset] = [
        UIAsset(path: "/", contentType: "text/html; charset=utf-8", text: indexHTML),
        UIAsset(path: "/style.css", contentType: "text/css; charset=utf-8", text: styleCSS),
        UIAsset(path: "/api.js", contentType: "text/javascript; charset=utf-8", text: apiJS),
        UIAsset(path: "/app.js", contentType: "text/javascript; charset=utf-8", text: appJS),
        UIAsset(path: "/values.js", contentType: "text/javascript; charset=utf-8", text: valuesJS),
        UIAsset(path: "/overview.js", contentType: "text/javascript; charset=utf-8", text: overviewJS),
        UIAsset(path: "/firestore.js", contentType: "text/javascript; charset=utf-8", text: firestoreJS),
        UIAsset(path: "/database.js", contentType: "text/javascript; charset=utf-8", text: databaseJS),
        UIAsset(path: "/auth.js", contentType: "text/javascript; charset=utf-8", text: authJS),
        UIAsset(path: "/requests.js", contentType: "text/javascript; charset=utf-8", text: requestsJS),
    ]
}
