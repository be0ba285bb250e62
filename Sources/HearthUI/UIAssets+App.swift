extension UIAssets {
    /// `app.js`. The shell: the view named by the URL hash (bookmarkable), and closing what the previous view opened.
    static let appJS = #"""
// The page's shell: picks the view from the URL's hash (#/firestore/…, bookmarkable), renders
// it into <main>, and closes what the previous view left open (its streams) when it changes.
import { routeSegments, say, h } from '/api.js';
import * as overview from '/overview.js';
import * as firestore from '/firestore.js';
import * as database from '/database.js';
import * as auth from '/auth.js';
import * as requests from '/requests.js';

const views = { overview, firestore, database, auth, requests };
let cleanup = null;
let current = null;

async function show() {
  const segments = routeSegments();
  const name = views[segments[0]] ? segments[0] : 'overview';
  const main = document.getElementById('main');
  for (const link of document.querySelectorAll('nav a[data-view]')) {
    if (link.dataset.view === name) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  // A view may handle a change of its own route (a document picked) without starting over.
  if (current === name && cleanup && cleanup.update && cleanup.update(segments.slice(1)) !== false) return;
  if (cleanup) {
    try { (cleanup.close || cleanup)(); } catch (_) { /* already closed */ }
  }
  cleanup = null;
  current = name;
  main.replaceChildren(h('p', {}, 'Loading…'));
  say('');
  try {
    cleanup = (await views[name].render(main, segments.slice(1))) || null;
  } catch (error) {
    main.replaceChildren(h('h1', {}, 'Something went wrong'), h('p', { class: 'error' }, error.message || String(error)));
  }
  const heading = main.querySelector('h1');
  if (heading && document.activeElement === document.body) {
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }
}

window.addEventListener('hashchange', show);
show();
"""#
}
