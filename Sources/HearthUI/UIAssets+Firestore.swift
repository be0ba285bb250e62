extension UIAssets {
    /// `firestore.js`. The Firestore view: collections, paged documents, fields, editing, the query builder, live updates.
    static let firestoreJS = #"""
// The Firestore view: collections → documents → fields of one project and database, live.
// Every request is Firestore's REST API as `Bearer owner`: :listCollectionIds, ListDocuments
// pages (never the whole collection: 100 documents per page, more on scroll), GetDocument,
// PATCH/POST/DELETE, :runQuery for the query builder, the emulator's recursive delete, and
// Hearth's listen streams (the open document, the first page of the open collection).
import { call, stream, h, field, say, attempt, routeHash, config } from '/api.js';
import { summary, typeOf, fieldsEditor, parseLoose, quoteField } from '/values.js';

const PAGE = 100;
const OPERATORS = [
  ['EQUAL', '=='], ['NOT_EQUAL', '!='], ['LESS_THAN', '<'], ['LESS_THAN_OR_EQUAL', '<='], ['GREATER_THAN', '>'],
  ['GREATER_THAN_OR_EQUAL', '>='], ['ARRAY_CONTAINS', 'array-contains'], ['IN', 'in'], ['ARRAY_CONTAINS_ANY', 'array-contains-any'],
  ['NOT_IN', 'not-in'], ['IS_NULL', 'is null'], ['IS_NOT_NULL', 'is not null'], ['IS_NAN', 'is NaN'],
];

const enc = (path) => path.split('/').map(encodeURIComponent).join('/');

export async function render(main, segments) {
  const cfg = await config();
  const state = {
    project: segments[0] || cfg.project,
    database: segments[1] || '(default)',
    path: segments.slice(2),
    streams: [],
    closed: false,
  };
  const view = new FirestoreView(main, state);
  await view.draw();
  return {
    close: () => view.close(),
    update: (next) => {
      if ((next[0] || cfg.project) !== state.project || (next[1] || '(default)') !== state.database) return false;
      view.navigate(next.slice(2));
      return true;
    },
  };
}

class FirestoreView {
  constructor(main, state) {
    this.main = main;
    this.state = state;
    this.collectionStream = null;
    this.documentStream = null;
    this.documents = [];
    this.pageToken = null;
  }

  get root() { return `projects/${this.state.project}/databases/${this.state.database}/documents`; }
  get restRoot() { return `/v1/projects/${encodeURIComponent(this.state.project)}/databases/${encodeURIComponent(this.state.database)}/documents`; }
  hashFor(path) { return routeHash(['firestore', this.state.project, this.state.database, ...path]); }

  close() {
    this.state.closed = true;
    this.collectionStream && this.collectionStream.close();
    this.documentStream && this.documentStream.close();
  }

  async draw() {
    const projectInput = h('input', { type: 'text', value: this.state.project });
    const databaseInput = h('input', { type: 'text', value: this.state.database });
    const picker = h('form', { class: 'inline', onsubmit: (e) => {
      e.preventDefault();
      location.hash = routeHash(['firestore', projectInput.value.trim() || 'demo-hearth', databaseInput.value.trim() || '(default)']);
    } }, field('Project', projectInput), field('Database', databaseInput), h('button', { type: 'submit' }, 'Open'));
    this.breadcrumb = h('nav', { 'aria-label': 'Document path', class: 'breadcrumb' });
    this.collectionsPanel = h('section', { class: 'panel', 'aria-labelledby': 'fs-collections' });
    this.documentsPanel = h('section', { class: 'panel', 'aria-labelledby': 'fs-documents' });
    this.documentPanel = h('section', { class: 'panel wide', 'aria-labelledby': 'fs-document' });
    this.main.replaceChildren(
      h('h1', {}, 'Firestore'), picker, this.breadcrumb,
      h('div', { class: 'columns' }, this.collectionsPanel, this.documentsPanel, this.documentPanel));
    await this.navigate(this.state.path, true);
  }

  /** Shows `path` (a collection when its length is odd, a document when even). */
  async navigate(path, force = false) {
    const old = this.state.path;
    this.state.path = path;
    const collectionPath = path.length % 2 === 1 ? path : path.slice(0, -1);
    const parent = collectionPath.slice(0, -1);
    const oldCollection = old.length % 2 === 1 ? old : old.slice(0, -1);
    this.drawBreadcrumb();
    if (force || parent.join('/') !== oldCollection.slice(0, -1).join('/') || old.length === 0) await this.drawCollections(parent, collectionPath.at(-1));
    else this.markCurrent(this.collectionsPanel, collectionPath.at(-1));
    if (force || collectionPath.join('/') !== oldCollection.join('/')) await this.drawDocuments(collectionPath);
    else this.markCurrent(this.documentsPanel, path.at(-1));
    await this.drawDocument(path.length % 2 === 0 && path.length > 0 ? path : null);
  }

  markCurrent(panel, id) {
    for (const a of panel.querySelectorAll('a[data-id]')) {
      if (a.dataset.id === id) a.setAttribute('aria-current', 'true');
      else a.removeAttribute('aria-current');
    }
  }

  drawBreadcrumb() {
    const items = [h('li', {}, h('a', { href: this.hashFor([]) }, `${this.state.project} / ${this.state.database}`))];
    this.state.path.forEach((segment, i) => {
      items.push(h('li', {}, h('a', { href: this.hashFor(this.state.path.slice(0, i + 1)), 'aria-current': i === this.state.path.length - 1 ? 'location' : null }, segment)));
    });
    this.breadcrumb.replaceChildren(h('ol', {}, items));
  }

  async drawCollections(parent, selected) {
    const heading = h('h2', { id: 'fs-collections' }, parent.length ? `Collections of ${parent.at(-1)}` : 'Collections');
    const list = h('ul', { class: 'list' });
    const addButton = h('button', { type: 'button', onclick: () => this.startCollection(parent) }, 'Start collection');
    this.collectionsPanel.replaceChildren(heading, addButton, list);
    const suffix = parent.length ? '/' + enc(parent.join('/')) : '';
    const answer = await attempt(() => call('firestore', 'POST', `${this.restRoot}${suffix}:listCollectionIds`, { pageSize: 300 }));
    const ids = (answer && answer.collectionIds) || [];
    if (!ids.length) list.append(h('li', { class: 'muted' }, 'No collections yet.'));
    for (const id of ids) {
      list.append(h('li', {}, h('a', { href: this.hashFor([...parent, id]), 'data-id': id, 'aria-current': id === selected ? 'true' : null }, id)));
    }
  }

  startCollection(parent) {
    const idInput = h('input', { type: 'text', required: true });
    const docInput = h('input', { type: 'text', placeholder: 'automatic' });
    const editor = fieldsEditor({}, this.root, 'new document');
    const form = h('form', { class: 'card', onsubmit: async (e) => {
      e.preventDefault();
      const collection = [...parent, idInput.value.trim()];
      const created = await this.createDocument(collection, docInput.value.trim(), editor);
      if (created) location.hash = this.hashFor(created);
    } }, h('h3', {}, 'Start a collection'), field('Collection ID', idInput), field('First document ID', docInput), editor.element,
      h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Save'), h('button', { type: 'button', onclick: () => form.remove() }, 'Cancel')));
    this.collectionsPanel.append(form);
    idInput.focus();
  }

  async createDocument(collection, id, editor) {
    let fields;
    try { fields = editor.read(); } catch (error) { say(error.message, true); return null; }
    const query = id ? `?documentId=${encodeURIComponent(id)}` : '';
    const document = await attempt(() => call('firestore', 'POST', `${this.restRoot}/${enc(collection.join('/'))}${query}`, { fields }), 'Document created.');
    return document ? document.name.slice(this.root.length + 1).split('/') : null;
  }

  async drawDocuments(collection) {
    this.collectionStream && this.collectionStream.close();
    this.collectionStream = null;
    this.documents = [];
    this.pageToken = null;
    this.query = null;
    if (!collection.length) {
      this.documentsPanel.replaceChildren(h('h2', { id: 'fs-documents' }, 'Documents'), h('p', { class: 'muted' }, 'Pick a collection.'));
      return;
    }
    const heading = h('h2', { id: 'fs-documents' }, collection.at(-1));
    this.documentList = h('ul', { class: 'list documents', 'aria-label': `Documents of ${collection.at(-1)}` });
    this.moreButton = h('button', { type: 'button', class: 'more', hidden: true, onclick: () => this.loadPage(collection) }, 'Load more documents');
    this.countLine = h('p', { class: 'muted count', 'aria-live': 'polite' });
    const addButton = h('button', { type: 'button', onclick: () => this.addDocument(collection) }, 'Add document');
    const deleteButton = h('button', { type: 'button', class: 'danger', onclick: () => this.deleteCollection(collection) }, 'Delete collection');
    const queryButton = h('button', { type: 'button', 'aria-expanded': 'false', onclick: () => {
      const open = queryForm.hidden;
      queryForm.hidden = !open;
      queryButton.setAttribute('aria-expanded', String(open));
    } }, 'Query');
    const queryForm = this.queryBuilder(collection);
    queryForm.hidden = true;
    this.documentsPanel.replaceChildren(heading, h('div', { class: 'actions' }, addButton, queryButton, deleteButton), queryForm, this.countLine, this.documentList, this.moreButton);
    await this.loadPage(collection);
    this.listenToCollection(collection);
    // Scrolling near the end loads the next page (the button stays for keyboard users).
    if (this.observer) this.observer.disconnect();
    this.observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && this.pageToken && !this.loading && !this.query) this.loadPage(collection);
    });
    this.observer.observe(this.moreButton);
  }

  async loadPage(collection) {
    if (this.loading) return;
    this.loading = true;
    const token = this.pageToken ? `&pageToken=${encodeURIComponent(this.pageToken)}` : '';
    const answer = await attempt(() => call('firestore', 'GET', `${this.restRoot}/${enc(collection.join('/'))}?pageSize=${PAGE}&showMissing=true${token}`));
    this.loading = false;
    if (!answer) return;
    for (const document of answer.documents || []) this.documents.push(document);
    this.pageToken = answer.nextPageToken || null;
    this.drawDocumentList(collection);
  }

  drawDocumentList(collection) {
    const selected = this.state.path.length % 2 === 0 ? this.state.path.at(-1) : null;
    const items = this.documents.map((document) => {
      const id = document.name.split('/').at(-1);
      return h('li', {}, h('a', { href: this.hashFor([...collection, id]), 'data-id': id, 'aria-current': id === selected ? 'true' : null }, id));
    });
    this.documentList.replaceChildren(...items);
    if (!items.length) this.documentList.append(h('li', { class: 'muted' }, this.query ? 'No document matches the query.' : 'No documents.'));
    this.moreButton.hidden = !this.pageToken || !!this.query;
    this.countLine.textContent = this.query
      ? `${this.documents.length} documents match the query.`
      : `${this.documents.length} documents shown${this.pageToken ? ' (more on scroll)' : ''}.`;
  }

  /** Live updates of the first page: Hearth's listen stream on the collection, pageSize 100. */
  listenToCollection(collection) {
    const path = `${this.restRoot}/${enc(collection.join('/'))}?pageSize=${PAGE}`;
    stream('firestore', path, {
      onEvent: (name, data) => {
        if (name !== 'snapshot' || this.query) return;
        const snapshot = JSON.parse(data);
        if (snapshot.initial || snapshot.reset) return; // the page was just read
        for (const change of snapshot.changes || []) {
          const name = change.document.name;
          const at = this.documents.findIndex((d) => d.name === name);
          if (change.type === 'added' && at < 0) this.documents.splice(change.newIndex, 0, change.document);
          else if (change.type === 'modified' && at >= 0) this.documents[at] = change.document;
          else if (change.type === 'removed' && at >= 0 && !(this.documents.length > PAGE && change.oldIndex === PAGE - 1)) this.documents.splice(at, 1);
        }
        this.drawDocumentList(collection);
      },
      onEnd: (error) => { if (error && !this.state.closed) say(`Live updates of ${collection.at(-1)} stopped: ${error.message}`, true); },
    }).then((handle) => {
      if (this.state.closed) handle.close(); else this.collectionStream = handle;
    });
  }

  queryBuilder(collection) {
    const filters = h('ol', { class: 'filters' });
    const combine = h('select', {}, h('option', { value: 'AND' }, 'all filters (AND)'), h('option', { value: 'OR' }, 'any filter (OR)'));
    const orderField = h('input', { type: 'text', placeholder: 'field' });
    const direction = h('select', {}, h('option', { value: 'ASCENDING' }, 'ascending'), h('option', { value: 'DESCENDING' }, 'descending'));
    const limit = h('input', { type: 'number', min: '1', placeholder: 'none' });
    const rows = [];
    const addFilter = () => {
      const n = rows.length + 1;
      const fieldInput = h('input', { type: 'text', placeholder: 'field', 'aria-label': `Filter ${n} field` });
      const op = h('select', { 'aria-label': `Filter ${n} operator` }, OPERATORS.map(([v, l]) => h('option', { value: v }, l)));
      const value = h('input', { type: 'text', placeholder: 'JSON: "CA", 42, ["a","b"]', 'aria-label': `Filter ${n} value` });
      const row = { fieldInput, op, value };
      const remove = h('button', { type: 'button', class: 'small', 'aria-label': `Remove filter ${n}`, onclick: () => { rows.splice(rows.indexOf(row), 1); li.remove(); } }, '✕');
      const li = h('li', { class: 'filter' }, fieldInput, op, value, remove);
      rows.push(row);
      filters.append(li);
      fieldInput.focus();
    };
    const run = async (e) => {
      e.preventDefault();
      const built = rows.filter((r) => r.fieldInput.value.trim()).map((r) => {
        const path = { fieldPath: r.fieldInput.value.trim() };
        const unary = { IS_NULL: 'IS_NULL', IS_NOT_NULL: 'IS_NOT_NULL', IS_NAN: 'IS_NAN' }[r.op.value];
        if (unary) return { unaryFilter: { field: path, op: unary } };
        return { fieldFilter: { field: path, op: r.op.value, value: parseLoose(r.value.value) } };
      });
      const structuredQuery = { from: [{ collectionId: collection.at(-1) }] };
      if (built.length === 1) structuredQuery.where = built[0];
      if (built.length > 1) structuredQuery.where = { compositeFilter: { op: combine.value, filters: built } };
      if (orderField.value.trim()) structuredQuery.orderBy = [{ field: { fieldPath: orderField.value.trim() }, direction: direction.value }];
      if (limit.value) structuredQuery.limit = Number(limit.value);
      const parent = collection.slice(0, -1);
      const suffix = parent.length ? '/' + enc(parent.join('/')) : '';
      const answer = await attempt(() => call('firestore', 'POST', `${this.restRoot}${suffix}:runQuery`, { structuredQuery }));
      if (!answer) return;
      this.query = structuredQuery;
      this.documents = answer.filter((r) => r.document).map((r) => r.document);
      this.drawDocumentList(collection);
      say(`Query ran: ${this.documents.length} documents.`);
    };
    const reset = async () => {
      this.query = null;
      this.documents = [];
      this.pageToken = null;
      await this.loadPage(collection);
    };
    addFilter();
    return h('form', { class: 'card query', 'aria-label': 'Query builder', onsubmit: run },
      h('h3', {}, 'Query'), filters,
      h('button', { type: 'button', class: 'small', onclick: addFilter }, 'Add filter'),
      field('Match', combine), field('Order by', orderField), field('Direction', direction), field('Limit', limit),
      h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Run query'), h('button', { type: 'button', onclick: reset }, 'Clear query')));
  }

  addDocument(collection) {
    const idInput = h('input', { type: 'text', placeholder: 'automatic' });
    const editor = fieldsEditor({}, this.root, 'new document');
    const form = h('form', { class: 'card', onsubmit: async (e) => {
      e.preventDefault();
      const created = await this.createDocument(collection, idInput.value.trim(), editor);
      if (created) location.hash = this.hashFor(created);
    } }, h('h3', {}, `Add a document to ${collection.at(-1)}`), field('Document ID', idInput), editor.element,
      h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Save'), h('button', { type: 'button', onclick: () => form.remove() }, 'Cancel')));
    this.documentPanel.replaceChildren(h('h2', { id: 'fs-document' }, 'New document'), form);
    idInput.focus();
  }

  async deleteCollection(collection) {
    if (!confirm(`Delete the collection ${collection.join('/')} and every document and subcollection in it?`)) return;
    const ok = await attempt(() => call('firestore', 'DELETE',
      `/emulator/v1/projects/${encodeURIComponent(this.state.project)}/databases/${encodeURIComponent(this.state.database)}/documents/${enc(collection.join('/'))}`),
    `Deleted ${collection.join('/')}.`);
    if (ok !== undefined) location.hash = this.hashFor(collection.slice(0, -2));
  }

  async drawDocument(path) {
    this.documentStream && this.documentStream.close();
    this.documentStream = null;
    if (!path) {
      this.documentPanel.replaceChildren(h('h2', { id: 'fs-document' }, 'Document'), h('p', { class: 'muted' }, 'Pick a document.'));
      return;
    }
    const url = `${this.restRoot}/${enc(path.join('/'))}`;
    let document = null;
    try {
      document = await call('firestore', 'GET', url);
    } catch (error) {
      if (error.status !== 404) say(error.message, true);
    }
    this.showDocument(path, document);
    stream('firestore', url, {
      onEvent: (name, data) => {
        if (name !== 'snapshot' || this.editing) return;
        const snapshot = JSON.parse(data);
        if (snapshot.initial) return;
        const change = (snapshot.changes || []).at(-1);
        if (change) this.showDocument(path, change.type === 'removed' ? null : change.document);
      },
    }).then((handle) => {
      if (this.state.closed || this.state.path.join('/') !== path.join('/')) handle.close(); else this.documentStream = handle;
    });
  }

  showDocument(path, document) {
    this.editing = false;
    const id = path.at(-1);
    const heading = h('h2', { id: 'fs-document' }, id);
    if (!document) {
      this.documentPanel.replaceChildren(heading, h('p', { class: 'muted' }, 'This document does not exist (it may only hold subcollections).'));
      this.drawSubcollections(path);
      return;
    }
    const fields = document.fields || {};
    const rows = Object.keys(fields).sort().map((name) => h('tr', {},
      h('th', { scope: 'row' }, name),
      h('td', { class: 'type' }, typeOf(fields[name])),
      h('td', { class: 'value' }, summary(fields[name])),
      h('td', {}, h('button', { type: 'button', class: 'small danger', 'aria-label': `Delete field ${name}`, onclick: () => this.deleteField(path, name) }, '✕'))));
    const table = h('table', { class: 'fields' }, h('caption', { class: 'visually-hidden' }, `Fields of ${id}`),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Field'), h('th', { scope: 'col' }, 'Type'), h('th', { scope: 'col' }, 'Value'), h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Actions')))),
      h('tbody', {}, rows));
    const meta = h('p', { class: 'muted' }, `Created ${document.createTime || '?'} · updated ${document.updateTime || '?'}`);
    const edit = h('button', { type: 'button', onclick: () => this.editDocument(path, document) }, 'Edit fields');
    const remove = h('button', { type: 'button', class: 'danger', onclick: () => this.deleteDocument(path) }, 'Delete document');
    this.documentPanel.replaceChildren(heading, meta, h('div', { class: 'actions' }, edit, remove), rows.length ? table : h('p', { class: 'muted' }, 'No fields.'));
    this.drawSubcollections(path);
  }

  async drawSubcollections(path) {
    const answer = await attempt(() => call('firestore', 'POST', `${this.restRoot}/${enc(path.join('/'))}:listCollectionIds`, { pageSize: 300 }));
    const ids = (answer && answer.collectionIds) || [];
    const section = h('div', { class: 'subcollections' }, h('h3', {}, 'Subcollections'),
      ids.length ? h('ul', { class: 'list' }, ids.map((id) => h('li', {}, h('a', { href: this.hashFor([...path, id]) }, id)))) : h('p', { class: 'muted' }, 'None.'),
      h('button', { type: 'button', onclick: () => this.startCollection(path) }, 'Start subcollection'));
    if (this.state.path.join('/') === path.join('/')) this.documentPanel.append(section);
  }

  editDocument(path, document) {
    this.editing = true;
    const editor = fieldsEditor(document.fields || {}, this.root, path.at(-1));
    const form = h('form', { class: 'card', 'aria-label': `Edit ${path.at(-1)}`, onsubmit: async (e) => {
      e.preventDefault();
      let fields;
      try { fields = editor.read(); } catch (error) { say(error.message, true); return; }
      const saved = await attempt(() => call('firestore', 'PATCH', `${this.restRoot}/${enc(path.join('/'))}`, { fields }), 'Document saved.');
      if (saved) this.showDocument(path, saved);
    } }, editor.element, h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Save'),
      h('button', { type: 'button', onclick: () => this.showDocument(path, document) }, 'Cancel')));
    this.documentPanel.replaceChildren(h('h2', { id: 'fs-document' }, `Editing ${path.at(-1)}`), form);
    const first = form.querySelector('input, textarea, select');
    first && first.focus();
  }

  async deleteField(path, name) {
    if (!confirm(`Delete the field ${name}?`)) return;
    const saved = await attempt(() => call('firestore', 'PATCH', `${this.restRoot}/${enc(path.join('/'))}?updateMask.fieldPaths=${encodeURIComponent(quoteField(name))}&currentDocument.exists=true`, { fields: {} }), `Field ${name} deleted.`);
    if (saved) this.showDocument(path, saved);
  }

  async deleteDocument(path) {
    if (!confirm(`Delete the document ${path.join('/')}? (Its subcollections stay.)`)) return;
    const ok = await attempt(() => call('firestore', 'DELETE', `${this.restRoot}/${enc(path.join('/'))}`), 'Document deleted.');
    if (ok !== undefined) location.hash = this.hashFor(path.slice(0, -1));
  }
}
"""#
}
