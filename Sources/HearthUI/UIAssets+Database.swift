extension UIAssets {
    /// `database.js`. The Realtime Database view: the tree read with shallow, editing, queries, import/export, live updates.
    static let databaseJS = #"""
// The Realtime Database view: one namespace's tree from a chosen location, read level by
// level with `shallow=true` (a node's keys only, shown 100 at a time, so a node with a
// million children costs one small read), edited with PUT/PATCH/DELETE as `Bearer owner`,
// kept live by the REST streaming protocol on the shown location, with queries and JSON
// import/export of any subtree.
import { call, stream, h, field, say, attempt, routeHash, config, download, readFile } from '/api.js';

const PAGE = 100;
/** The latest first-page fill of each list (see `fill`). */
const fillTickets = new WeakMap();
/** A new ticket for `list`: the fills under way there drop what they build. */
const newTicket = (list) => { const ticket = (fillTickets.get(list) || 0) + 1; fillTickets.set(list, ticket); return ticket; };
const encPath = (path) => path.map(encodeURIComponent).join('/');

export async function render(main, segments) {
  const cfg = await config();
  const view = new DatabaseView(main, segments[0] || cfg.defaultNamespace, segments.slice(1));
  await view.draw();
  return { close: () => view.close() };
}

class DatabaseView {
  constructor(main, namespace, path) {
    this.main = main;
    this.namespace = namespace;
    this.path = path;
    this.expanded = new Set();
    /** Pages of children shown per path beyond the first ("Show more"), kept across live updates. */
    this.pagesShown = new Map();
    this.live = null;
    this.closed = false;
  }

  url(path, query = '') {
    return `/${encPath(path)}${path.length ? '' : ''}.json?ns=${encodeURIComponent(this.namespace)}${query}`;
  }

  close() {
    this.closed = true;
    this.live && this.live.close();
    clearTimeout(this.refreshTimer);
  }

  async draw() {
    const namespaces = await attempt(() => call('database', 'GET', '/.inspect/databases.json')) || [];
    const names = new Set([this.namespace, ...namespaces.map((n) => n.name)]);
    const select = h('select', {}, [...names].sort().map((n) => h('option', { value: n }, n)));
    select.value = this.namespace;
    const other = h('input', { type: 'text', placeholder: 'another namespace' });
    const picker = h('form', { class: 'inline', onsubmit: (e) => {
      e.preventDefault();
      location.hash = routeHash(['database', other.value.trim() || select.value]);
    } }, field('Namespace', select), field('Or type one', other), h('button', { type: 'submit' }, 'Open'));
    select.addEventListener('change', () => { location.hash = routeHash(['database', select.value]); });

    const crumbs = [h('li', {}, h('a', { href: routeHash(['database', this.namespace]) }, '/'))];
    this.path.forEach((segment, i) => crumbs.push(h('li', {}, h('a', { href: routeHash(['database', this.namespace, ...this.path.slice(0, i + 1)]), 'aria-current': i === this.path.length - 1 ? 'location' : null }, segment))));

    this.tree = h('ul', { class: 'tree', 'aria-label': `Data at /${this.path.join('/')}` });
    this.main.replaceChildren(
      h('h1', {}, 'Realtime Database'), picker,
      h('nav', { class: 'breadcrumb', 'aria-label': 'Location' }, h('ol', {}, crumbs)),
      h('div', { class: 'columns two' },
        h('section', { class: 'panel wide', 'aria-labelledby': 'db-tree' }, h('h2', { id: 'db-tree' }, `Data at /${this.path.join('/')}`), this.nodeActions(this.path), this.tree),
        h('section', { class: 'panel', 'aria-labelledby': 'db-tools' }, h('h2', { id: 'db-tools' }, 'Query, import and export'), this.queryForm(), this.transferForm())));
    await this.fill(this.tree, this.path);
    this.listen();
  }

  /**
   * Fills `list` with the children of `path` from `page` on: from the first, as many pages as
   * the user has opened there (a live update keeps them open, as it keeps nodes expanded), or
   * one more page after "Show more". The items are built first (reading open branches as it
   * goes) and put in the list at once; a fill overtaken by a newer first-page fill of the same
   * list (a live update arrived while it was reading) drops what it built. Without this, two
   * fills a live update apart appended into one list in turn.
   */
  async fill(list, path, page = 0) {
    const ticket = page === 0 ? newTicket(list) : fillTickets.get(list);
    const current = () => fillTickets.get(list) === ticket;
    const where = path.join('/');
    let value;
    try {
      value = await call('database', 'GET', this.url(path, '&shallow=true'));
    } catch (error) {
      if (current()) list.replaceChildren(h('li', { class: 'error' }, error.message));
      return;
    }
    const items = [];
    if (value === null) {
      items.push(h('li', { class: 'muted' }, 'null (no data here)'));
    } else if (typeof value !== 'object') {
      items.push(this.leaf(path, value, true));
    } else {
      const keys = Object.keys(value).sort();
      const end = page === 0 ? (this.pagesShown.get(where) || 1) * PAGE : (page + 1) * PAGE;
      for (const key of keys.slice(page * PAGE, end)) {
        items.push(value[key] === true ? await this.branch([...path, key]) : this.leaf([...path, key], value[key]));
      }
      if (keys.length > end) {
        const more = h('li', {}, h('button', { type: 'button', class: 'small', onclick: async () => {
          more.remove();
          this.pagesShown.set(where, end / PAGE + 1);
          await this.fill(list, path, end / PAGE);
        } }, `Show ${Math.min(PAGE, keys.length - end)} more of ${keys.length} children of /${where}`));
        items.push(more);
      }
    }
    if (!current()) return;
    if (page === 0) list.replaceChildren(...items); else list.append(...items);
  }

  /** A node that may have children (shallow says `true`): a toggle that reads them. */
  async branch(path) {
    const key = path.at(-1);
    const children = h('ul', {});
    const open = this.expanded.has(path.join('/'));
    const toggle = h('button', { type: 'button', class: 'toggle', 'aria-expanded': String(open), 'aria-label': `${open ? 'Collapse' : 'Expand'} ${key}` }, open ? '▾' : '▸');
    const item = h('li', { 'data-path': path.join('/') },
      toggle, h('a', { href: routeHash(['database', this.namespace, ...path]), class: 'key' }, key), this.nodeActions(path, true), children);
    toggle.addEventListener('click', async () => {
      const nowOpen = toggle.getAttribute('aria-expanded') !== 'true';
      toggle.setAttribute('aria-expanded', String(nowOpen));
      toggle.textContent = nowOpen ? '▾' : '▸';
      toggle.setAttribute('aria-label', `${nowOpen ? 'Collapse' : 'Expand'} ${key}`);
      if (nowOpen) { this.expanded.add(path.join('/')); await this.fill(children, path); } else { this.expanded.delete(path.join('/')); this.pagesShown.delete(path.join('/')); newTicket(children); children.replaceChildren(); }
    });
    if (open) await this.fill(children, path);
    return item;
  }

  /** A primitive value with an inline editor. */
  leaf(path, value, isRoot = false) {
    const key = path.at(-1) ?? '/';
    const input = h('input', { type: 'text', class: 'leaf-value', 'aria-label': `Value of ${path.join('/') || '/'} (JSON)` });
    input.value = JSON.stringify(value);
    const save = h('form', { class: 'inline leaf', onsubmit: async (e) => {
      e.preventDefault();
      let parsed;
      try { parsed = JSON.parse(input.value); } catch (_) { parsed = input.value; }
      await attempt(() => call('database', 'PUT', this.url(path), JSON.stringify(parsed)), `Saved /${path.join('/')}.`);
    } }, input, h('button', { type: 'submit', class: 'small' }, 'Set'),
    h('button', { type: 'button', class: 'small danger', 'aria-label': `Delete ${path.join('/')}`, onclick: () => this.remove(path) }, '✕'));
    return h('li', { 'data-path': path.join('/') }, h('span', { class: 'key' }, isRoot ? `${key}:` : `${key}:`), save);
  }

  nodeActions(path, compact = false) {
    const where = `/${path.join('/')}`;
    const add = h('button', { type: 'button', class: 'small', 'aria-label': `Add child to ${where}`, onclick: () => this.addChild(path, wrapper) }, compact ? '+' : 'Add child');
    const remove = h('button', { type: 'button', class: 'small danger', 'aria-label': `Delete ${where}`, onclick: () => this.remove(path) }, compact ? '✕' : 'Delete this node');
    const wrapper = h('span', { class: 'node-actions' }, add, remove);
    return wrapper;
  }

  addChild(path, anchor) {
    const keyInput = h('input', { type: 'text', placeholder: 'automatic push ID' });
    const valueInput = h('textarea', { rows: 2 });
    valueInput.value = '""';
    const form = h('form', { class: 'card', onsubmit: async (e) => {
      e.preventDefault();
      let value;
      try { value = JSON.parse(valueInput.value); } catch (error) { say(`The value is not JSON: ${error.message}`, true); return; }
      const key = keyInput.value.trim();
      const ok = key
        ? await attempt(() => call('database', 'PUT', this.url([...path, key]), JSON.stringify(value)), 'Child added.')
        : await attempt(() => call('database', 'POST', this.url(path), JSON.stringify(value)), 'Child pushed.');
      if (ok !== undefined) { form.remove(); this.expanded.add(path.join('/')); this.refresh(); }
    } }, field('Key', keyInput), field('Value (JSON)', valueInput),
    h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Add'), h('button', { type: 'button', onclick: () => form.remove() }, 'Cancel')));
    anchor.after(form);
    keyInput.focus();
  }

  async remove(path) {
    if (!confirm(`Delete /${path.join('/')} and everything below it?`)) return;
    await attempt(() => call('database', 'DELETE', this.url(path)), `Deleted /${path.join('/')}.`);
    this.refresh();
  }

  queryForm() {
    const orderBy = h('select', {}, ['$key', '$value', '$priority', 'child'].map((o) => h('option', { value: o }, o === 'child' ? 'a child…' : o)));
    const child = h('input', { type: 'text', placeholder: 'child path' });
    const startAt = h('input', { type: 'text', placeholder: 'JSON' });
    const endAt = h('input', { type: 'text', placeholder: 'JSON' });
    const equalTo = h('input', { type: 'text', placeholder: 'JSON' });
    const limitFirst = h('input', { type: 'number', min: '1' });
    const limitLast = h('input', { type: 'number', min: '1' });
    const output = h('pre', { class: 'result', tabindex: '0', 'aria-label': 'Query result' });
    const literal = (text) => { try { return JSON.stringify(JSON.parse(text)); } catch (_) { return JSON.stringify(text); } };
    return h('form', { class: 'card', 'aria-label': 'Query', onsubmit: async (e) => {
      e.preventDefault();
      const by = orderBy.value === 'child' ? child.value.trim() : orderBy.value;
      let query = `&orderBy=${encodeURIComponent(JSON.stringify(by))}`;
      if (startAt.value) query += `&startAt=${encodeURIComponent(literal(startAt.value))}`;
      if (endAt.value) query += `&endAt=${encodeURIComponent(literal(endAt.value))}`;
      if (equalTo.value) query += `&equalTo=${encodeURIComponent(literal(equalTo.value))}`;
      if (limitFirst.value) query += `&limitToFirst=${limitFirst.value}`;
      if (limitLast.value) query += `&limitToLast=${limitLast.value}`;
      const result = await attempt(() => call('database', 'GET', this.url(this.path, query)));
      if (result !== undefined) output.textContent = JSON.stringify(result, null, 2);
    } }, h('h3', {}, `Query /${this.path.join('/')}`), field('Order by', orderBy), field('Child', child), field('Start at', startAt), field('End at', endAt),
    field('Equal to', equalTo), field('Limit to first', limitFirst), field('Limit to last', limitLast),
    h('button', { type: 'submit' }, 'Run query'), output);
  }

  transferForm() {
    const where = `/${this.path.join('/')}`;
    const file = h('input', { type: 'file', accept: 'application/json,.json' });
    const text = h('textarea', { rows: 4, placeholder: '{"key": "value"}' });
    const exportButton = h('button', { type: 'button', onclick: async () => {
      const json = await attempt(() => call('database', 'GET', this.url(this.path, '&format=export'), undefined, { raw: true }));
      if (json !== undefined) download(`${this.namespace}${this.path.length ? '-' + this.path.join('-') : ''}.json`, json || 'null');
    } }, `Export ${where} as JSON`);
    return h('form', { class: 'card', 'aria-label': 'Import', onsubmit: async (e) => {
      e.preventDefault();
      const source = file.files[0] ? await readFile(file.files[0]) : text.value;
      try { JSON.parse(source); } catch (error) { say(`The import is not JSON: ${error.message}`, true); return; }
      if (!confirm(`Replace ${where} with the imported JSON?`)) return;
      await attempt(() => call('database', 'PUT', this.url(this.path), source), `Imported into ${where}.`);
      this.refresh();
    } }, h('h3', {}, 'Import and export'), exportButton, field('JSON file', file), field('Or JSON text', text),
    h('button', { type: 'submit' }, `Import into ${where} (replaces it)`));
  }

  /** Live updates: the streaming protocol on the shown location; any put/patch re-reads what is open. */
  listen() {
    stream('database', this.url(this.path), {
      onEvent: (name) => {
        if (name !== 'put' && name !== 'patch') return;
        if (!this.seenFirst) { this.seenFirst = true; return; }
        this.refresh();
      },
      onEnd: (error) => { if (error && !this.closed) say(`Live updates stopped: ${error.message}`, true); },
    }).then((handle) => { if (this.closed) handle.close(); else this.live = handle; });
  }

  refresh() {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => { if (!this.closed) this.fill(this.tree, this.path); }, 50);
  }
}
"""#
}
