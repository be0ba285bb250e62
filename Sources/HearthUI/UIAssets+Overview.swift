extension UIAssets {
    /// `overview.js`. The Overview view: services, env exports, rules status with diagnostics, export / import / clear.
    static let overviewJS = #"""
// The Overview: what runs where (with the env exports to copy), the data directory, each
// rules file and whether it is in force (a file that stopped compiling is shown with its
// diagnostics), and export / import / clear of the data through the admin endpoints.
import { call, config, h, field, say, attempt, readFile } from '/api.js';

export async function render(main) {
  const cfg = await config(true);
  const names = { firestore: 'Firestore', database: 'Realtime Database', auth: 'Authentication', ui: 'Web UI' };
  const services = Object.values(cfg.emulators).map((e) => h('tr', {},
    h('th', { scope: 'row' }, names[e.name] || e.name), h('td', {}, e.host), h('td', {}, String(e.port))));
  const env = cfg.env.join('\n');
  const copy = h('button', { type: 'button', onclick: async () => {
    await attempt(() => navigator.clipboard.writeText(env), 'Copied the exports.');
  } }, 'Copy exports');

  const firestoreRules = cfg.rules.firestore;
  const rulesRows = [];
  const status = (problem) => problem ? h('span', { class: 'badge deny' }, 'not in force') : h('span', { class: 'badge allow' }, 'in force');
  if (firestoreRules.file) rulesRows.push(['Firestore', firestoreRules.file, firestoreRules.problem]);
  for (const d of firestoreRules.deployed) rulesRows.push([`Firestore (project ${d.project})`, d.origin, null]);
  for (const f of cfg.rules.database.files) rulesRows.push([`Realtime Database${f.namespace ? ` (${f.namespace})` : ''}`, f.file, f.problem]);
  for (const d of cfg.rules.database.deployed) rulesRows.push([`Realtime Database (${d.namespace})`, d.origin, null]);
  const rules = rulesRows.length
    ? h('table', {}, h('caption', { class: 'visually-hidden' }, 'Security rules'), h('thead', {}, h('tr', {}, ['Product', 'Rules', 'Status'].map((c) => h('th', { scope: 'col' }, c)))),
      h('tbody', {}, rulesRows.map(([product, origin, problem]) => h('tr', {}, h('th', { scope: 'row' }, product), h('td', {}, origin),
        h('td', {}, status(problem), problem ? h('pre', { class: 'problem' }, problem) : null)))))
    : h('p', {}, 'No security rules are loaded: every request is allowed, as in the emulator suite.');

  main.replaceChildren(
    h('h1', {}, 'Overview'),
    h('section', { 'aria-labelledby': 'ov-services' }, h('h2', { id: 'ov-services' }, 'Services'),
      h('table', {}, h('caption', { class: 'visually-hidden' }, 'Services and ports'),
        h('thead', {}, h('tr', {}, ['Service', 'Host', 'Port'].map((c) => h('th', { scope: 'col' }, c)))), h('tbody', {}, services)),
      h('pre', { class: 'env', 'aria-label': 'Environment exports' }, env), copy,
      h('p', {}, `Project ${cfg.project}; data ${cfg.dataDirectory ? `in ${cfg.dataDirectory}` : 'in memory only'}.`)),
    h('section', { 'aria-labelledby': 'ov-rules' }, h('h2', { id: 'ov-rules' }, 'Security rules'), rules),
    h('section', { 'aria-labelledby': 'ov-data' }, h('h2', { id: 'ov-data' }, 'Data'), exportForm(cfg), importForm(cfg), clearForm(cfg)));
  return null;
}

function exportForm(cfg) {
  const directory = h('input', { type: 'text', required: true, placeholder: '/absolute/path/to/export' });
  return h('form', { class: 'card', 'aria-label': 'Export', onsubmit: async (e) => {
    e.preventDefault();
    await attempt(() => call('firestore', 'POST', `/emulator/v1/projects/${encodeURIComponent(cfg.project)}:export`, { export_directory: directory.value.trim() }),
      `Exported every product's data to ${directory.value.trim()}.`);
  } }, h('h3', {}, 'Export'), h('p', {}, 'Writes an export of all data (the format hearth import and --import read) to a folder on this machine.'),
  field('Folder', directory), h('button', { type: 'submit' }, 'Export'));
}

function importForm(cfg) {
  const file = h('input', { type: 'file', accept: '.jsonl,application/json' });
  return h('form', { class: 'card', 'aria-label': 'Import', onsubmit: async (e) => {
    e.preventDefault();
    if (!file.files[0]) { say('Pick a .jsonl file of an export (firestore/<project>/<database>.jsonl).', true); return; }
    const lines = (await readFile(file.files[0])).split('\n').filter((l) => l.trim());
    let documents;
    try { documents = lines.map((l, i) => { try { return JSON.parse(l); } catch (error) { throw new Error(`Line ${i + 1}: ${error.message}`); } }); } catch (error) { say(error.message, true); return; }
    let done = 0;
    for (let i = 0; i < documents.length; i += 500) {
      const batch = documents.slice(i, i + 500);
      const database = batch[0].name.split('/documents/')[0];
      const ok = await attempt(() => call('firestore', 'POST', `/v1/${database}/documents:commit`,
        { writes: batch.map((d) => ({ update: { name: d.name, fields: d.fields || {} } })) }));
      if (ok === undefined) return;
      done += batch.length;
      say(`Imported ${done} of ${documents.length} documents…`);
    }
    say(`Imported ${done} documents.`);
  } }, h('h3', {}, 'Import Firestore documents'), h('p', {}, 'Loads a .jsonl file of an export (one document per line) through commits of 500, as hearth import does.'),
  field('Export file (.jsonl)', file), h('button', { type: 'submit' }, 'Import'));
}

function clearForm(cfg) {
  return h('form', { class: 'card', 'aria-label': 'Clear', onsubmit: async (e) => {
    e.preventDefault();
    if (!confirm(`Delete every Firestore document of ${cfg.project} (default database), the Realtime Database namespace ${cfg.defaultNamespace}${cfg.emulators.auth ? ' and every user' : ''}?`)) return;
    const steps = [
      () => call('firestore', 'DELETE', `/emulator/v1/projects/${encodeURIComponent(cfg.project)}/databases/(default)/documents`),
      () => call('database', 'DELETE', `/.json?ns=${encodeURIComponent(cfg.defaultNamespace)}`),
    ];
    if (cfg.emulators.auth) steps.push(() => call('auth', 'DELETE', `/emulator/v1/projects/${encodeURIComponent(cfg.project)}/accounts`));
    for (const step of steps) if (await attempt(step) === undefined) return;
    say('All data cleared.');
  } }, h('h3', {}, 'Clear'), h('p', {}, `Deletes the data of project ${cfg.project}: Firestore's default database, the Realtime Database's default namespace and the Auth emulator's users.`),
  h('button', { type: 'submit', class: 'danger' }, 'Clear all data'));
}
"""#
}
