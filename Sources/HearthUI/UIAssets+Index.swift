extension UIAssets {
    /// `index.html`. The page: the navigation between the views and the element they render into.
    static let indexHTML = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Hearth</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/style.css">
<script type="module" src="/app.js"></script>
</head>
<body>
<header class="top">
  <span class="brand">Hearth</span>
  <nav aria-label="Views">
    <ul>
      <li><a href="#/overview" data-view="overview">Overview</a></li>
      <li><a href="#/firestore" data-view="firestore">Firestore</a></li>
      <li><a href="#/database" data-view="database">Realtime Database</a></li>
      <li><a href="#/auth" data-view="auth">Authentication</a></li>
      <li><a href="#/requests" data-view="requests">Requests</a></li>
    </ul>
  </nav>
</header>
<main id="main" tabindex="-1"><p>Loading…</p></main>
<div id="status" class="status" role="status" aria-live="polite"></div>
</body>
</html>
"""#
}
