extension UIAssets {
    /// `requests.js`. The Requests view: every rules evaluation, live, with the rules lines that allowed or denied.
    static let requestsJS = #"""
// The Requests view: every security-rules evaluation of Firestore and the Realtime Database,
// live, from Hearth's feed (GET /emulator/v1/requests with Accept: text/event-stream: a
// snapshot, then one `request` event per evaluation, `rules` events with the sources). Pick
// one to see its explanation and the rules source with each evaluated line marked allow,
// deny or error.
import { stream, h, field, say } from '/api.js';

const KEEP = 2000;

/** A Firestore resource name without its `projects/…/documents` prefix (the detail shows it whole). */
const shortPath = (path) => path.replace(/^projects\/[^/]+\/databases\/[^/]+\/documents/, '') || '/';

export async function render(main) {
  const view = new RequestsView(main);
  view.draw();
  return { close: () => view.close() };
}

class RequestsView {
  constructor(main) {
    this.main = main;
    this.entries = [];
    this.sources = new Map();
    this.selected = null;
  }

  close() { this.closed = true; this.feed && this.feed.close(); }

  draw() {
    this.outcome = h('select', {}, h('option', { value: '' }, 'any'), h('option', { value: 'allow' }, 'allowed'), h('option', { value: 'deny' }, 'denied'));
    this.product = h('select', {}, h('option', { value: '' }, 'both'), h('option', { value: 'firestore' }, 'Firestore'), h('option', { value: 'database' }, 'Realtime Database'));
    this.pathFilter = h('input', { type: 'search', placeholder: 'part of a path' });
    for (const control of [this.outcome, this.product, this.pathFilter]) for (const type of ['input', 'change']) control.addEventListener(type, () => this.drawTable());
    this.body = h('tbody');
    this.count = h('p', { class: 'muted', 'aria-live': 'polite' });
    this.detail = h('section', { class: 'panel wide detail', 'aria-labelledby': 'rq-detail' }, h('h2', { id: 'rq-detail' }, 'Evaluation'), h('p', { class: 'muted' }, 'Pick a request to see the rules that judged it.'));
    this.main.replaceChildren(
      h('h1', {}, 'Requests'),
      h('p', {}, 'Every security-rules evaluation of Firestore and the Realtime Database (REST, listen streams, gRPC, WebSocket), newest first, live. Requests as owner and projects without rules are not evaluated and do not appear.'),
      h('form', { class: 'inline', onsubmit: (e) => e.preventDefault() }, field('Outcome', this.outcome), field('Product', this.product), field('Path contains', this.pathFilter)),
      this.count,
      h('div', { class: 'columns two' },
        h('section', { class: 'panel wide', 'aria-labelledby': 'rq-list' }, h('h2', { id: 'rq-list' }, 'Evaluations'),
          h('div', { class: 'scroll' }, h('table', { class: 'requests' },
            h('thead', {}, h('tr', {}, ['Time', 'Product', 'Method', 'Path', 'Caller', 'Outcome'].map((c) => h('th', { scope: 'col' }, c)))),
            this.body))),
        this.detail));
    this.connect();
  }

  connect() {
    stream('firestore', '/emulator/v1/requests', {
      onEvent: (name, data) => {
        const value = JSON.parse(data);
        if (name === 'snapshot') {
          for (const source of value.rules) this.sources.set(source.id, source);
          this.entries = value.requests.slice(-KEEP);
        } else if (name === 'rules') {
          this.sources.set(value.id, value);
        } else if (name === 'request') {
          this.entries.push(value);
          if (this.entries.length > KEEP) this.entries.splice(0, this.entries.length - KEEP);
        } else if (name === 'error') {
          say(`The Requests feed stopped: ${value.error.message}`, true);
          return;
        }
        this.scheduleDraw();
      },
      onEnd: (error) => {
        if (this.closed) return;
        say(`The Requests feed ended${error ? `: ${error.message}` : ''}; reconnecting.`, !!error);
        setTimeout(() => { if (!this.closed) this.connect(); }, 1000);
      },
    }).then((handle) => { if (this.closed) handle.close(); else this.feed = handle; });
  }

  scheduleDraw() {
    if (this.drawPending) return;
    this.drawPending = true;
    requestAnimationFrame(() => { this.drawPending = false; this.drawTable(); });
  }

  drawTable() {
    const outcome = this.outcome.value, product = this.product.value, needle = this.pathFilter.value.trim();
    const shown = this.entries.filter((e) =>
      (!outcome || (outcome === 'allow' ? e.outcome === 'allow' : e.outcome !== 'allow')) && (!product || e.product === product) && (!needle || e.path.includes(needle)));
    const rows = shown.slice(-500).reverse().map((e) => {
      const open = () => this.show(e);
      return h('tr', { tabindex: '0', class: `outcome-${e.outcome}${this.selected === e.id ? ' selected' : ''}`, 'data-id': String(e.id), 'aria-current': this.selected === e.id ? 'true' : null,
        onclick: open, onkeydown: (event) => { if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); open(); } } },
      h('td', {}, new Date(e.time / 1000).toLocaleTimeString()), h('td', {}, e.product === 'firestore' ? 'Firestore' : 'RTDB'),
      h('td', {}, e.method), h('td', { class: 'path', title: e.path }, shortPath(e.path)), h('td', {}, e.caller),
      h('td', {}, h('span', { class: `badge ${e.outcome}` }, e.outcome === 'allow' ? 'allowed' : 'denied')));
    });
    this.body.replaceChildren(...rows);
    this.count.textContent = `${shown.length} of ${this.entries.length} evaluations shown.`;
  }

  show(entry) {
    this.selected = entry.id;
    for (const row of this.body.querySelectorAll('tr')) {
      const on = row.dataset.id === String(entry.id);
      row.classList.toggle('selected', on);
      if (on) row.setAttribute('aria-current', 'true'); else row.removeAttribute('aria-current');
    }
    const source = this.sources.get(entry.rules);
    const marks = new Map();
    for (const line of entry.lines) {
      const previous = marks.get(line.line);
      // A line evaluated several times shows its worst outcome.
      if (!previous || previous.outcome === 'allow') marks.set(line.line, line);
    }
    const lines = source ? source.source.split('\n').map((text, index) => {
      const mark = marks.get(index + 1);
      return h('li', { class: mark ? `line-${mark.outcome}` : null, 'data-line': String(index + 1), title: mark ? mark.detail : null },
        h('code', {}, text || ' '), mark ? h('span', { class: 'visually-hidden' }, ` (${mark.outcome}: ${mark.detail})`) : null);
    }) : [];
    this.detail.replaceChildren(
      h('h2', { id: 'rq-detail', tabindex: '-1' }, `${entry.method} ${entry.path}`),
      h('dl', {},
        h('dt', {}, 'Outcome'), h('dd', {}, h('span', { class: `badge ${entry.outcome}` }, entry.outcome === 'allow' ? 'allowed' : 'denied')),
        h('dt', {}, 'Caller'), h('dd', {}, entry.caller),
        h('dt', {}, entry.product === 'firestore' ? 'Project' : 'Namespace'), h('dd', {}, entry.scope),
        h('dt', {}, 'Time'), h('dd', {}, new Date(entry.time / 1000).toISOString()),
        h('dt', {}, 'Explanation'), h('dd', {}, entry.explanation),
        h('dt', {}, 'Rules'), h('dd', {}, source ? source.origin : 'no longer held')),
      h('ul', { class: 'evaluated' }, entry.lines.map((l) => h('li', { class: `line-${l.outcome}` }, `line ${l.line}: ${l.detail}`))),
      h('ol', { class: 'source', 'aria-label': 'Rules source', tabindex: '0' }, lines));
    const firstMarked = this.detail.querySelector('.source li[class^="line-"]');
    firstMarked && firstMarked.scrollIntoView({ block: 'nearest' });
    this.detail.querySelector('h2').focus({ preventScroll: true });
  }
}
"""#
}
