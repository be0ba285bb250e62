extension UIAssets {
    /// `auth.js`. The Authentication view: the Auth emulator's users, their editing, codes it issued, a sign-in check.
    static let authJS = #"""
// The Authentication view: the Auth emulator's users (identitytoolkit v1 admin endpoints as
// `Bearer owner`: create, accounts:query, accounts:update, accounts:delete; the emulator's
// DELETE …/accounts to clear), the out-of-band and SMS codes it issued, and a sign-in check
// (accounts:signInWithPassword) to try a user's password.
import { call, h, field, say, attempt, config } from '/api.js';

const IDT = '/identitytoolkit.googleapis.com/v1';

export async function render(main) {
  const cfg = await config();
  const project = cfg.project;
  if (!cfg.emulators.auth) {
    main.replaceChildren(h('h1', {}, 'Authentication'),
      h('p', {}, 'The Authentication emulator is not running here (GET /emulators lists no "auth"), so there are no users to show.'));
    return null;
  }
  const view = new AuthView(main, project);
  await view.draw();
  return null;
}

class AuthView {
  constructor(main, project) {
    this.main = main;
    this.project = project;
    this.users = [];
  }

  get accounts() { return `${IDT}/projects/${encodeURIComponent(this.project)}/accounts`; }

  async draw() {
    this.search = h('input', { type: 'search', placeholder: 'uid, email, phone or name' });
    this.search.addEventListener('input', () => this.drawUsers());
    this.table = h('tbody');
    this.editorSlot = h('div');
    this.codes = h('div');
    const signInEmail = h('input', { type: 'email', autocomplete: 'off' });
    const signInPassword = h('input', { type: 'password', autocomplete: 'off' });
    const signInResult = h('output', { class: 'result', 'aria-live': 'polite' });
    const signIn = h('form', { class: 'card', 'aria-label': 'Try signing in', onsubmit: async (e) => {
      e.preventDefault();
      const answer = await attempt(() => call('auth', 'POST', `${IDT}/accounts:signInWithPassword?key=hearth-ui`,
        { email: signInEmail.value, password: signInPassword.value, returnSecureToken: true }));
      signInResult.textContent = answer ? `Signed in as ${answer.localId} (${answer.email}); ID token ${answer.idToken.slice(0, 24)}…` : 'Sign-in failed.';
    } }, h('h2', {}, 'Try signing in'), field('Email', signInEmail), field('Password', signInPassword), h('button', { type: 'submit' }, 'Sign in'), signInResult);

    this.main.replaceChildren(
      h('h1', {}, 'Authentication'),
      h('div', { class: 'actions' },
        h('button', { type: 'button', onclick: () => this.edit(null) }, 'Add user'),
        h('button', { type: 'button', onclick: () => this.refresh() }, 'Refresh'),
        h('button', { type: 'button', class: 'danger', onclick: () => this.clear() }, 'Delete all users')),
      field('Search users', this.search),
      this.editorSlot,
      h('table', { class: 'users' }, h('caption', {}, 'Users'),
        h('thead', {}, h('tr', {}, ['UID', 'Email', 'Phone', 'Display name', 'Disabled', 'Custom claims'].map((c) => h('th', { scope: 'col' }, c)),
          h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Actions')))),
        this.table),
      signIn,
      this.codes);
    await this.refresh();
  }

  async refresh() {
    const answer = await attempt(() => call('auth', 'POST', `/identitytoolkit.googleapis.com/v1/projects/${encodeURIComponent(this.project)}/accounts:query`, { returnUserInfo: true }));
    this.users = (answer && answer.userInfo) || [];
    this.drawUsers();
    await this.drawCodes();
  }

  drawUsers() {
    const needle = this.search.value.trim().toLowerCase();
    const shown = this.users.filter((u) => !needle || [u.localId, u.email, u.phoneNumber, u.displayName].some((v) => v && v.toLowerCase().includes(needle)));
    this.table.replaceChildren(...shown.map((u) => h('tr', {},
      h('td', {}, u.localId), h('td', {}, u.email || ''), h('td', {}, u.phoneNumber || ''), h('td', {}, u.displayName || ''),
      h('td', {}, u.disabled ? 'yes' : 'no'), h('td', {}, u.customAttributes || ''),
      h('td', {}, h('button', { type: 'button', class: 'small', 'aria-label': `Edit ${u.email || u.localId}`, onclick: () => this.edit(u) }, 'Edit'),
        h('button', { type: 'button', class: 'small danger', 'aria-label': `Delete ${u.email || u.localId}`, onclick: () => this.remove(u) }, 'Delete')))));
    if (!shown.length) this.table.append(h('tr', {}, h('td', { colspan: '7', class: 'muted' }, this.users.length ? 'No user matches.' : 'No users yet.')));
  }

  edit(user) {
    const inputs = {
      email: h('input', { type: 'email', value: user?.email || '' }),
      password: h('input', { type: 'password', autocomplete: 'new-password', placeholder: user ? 'unchanged' : '' }),
      phoneNumber: h('input', { type: 'tel', value: user?.phoneNumber || '', placeholder: '+15555550100' }),
      displayName: h('input', { type: 'text', value: user?.displayName || '' }),
      photoUrl: h('input', { type: 'url', value: user?.photoUrl || '' }),
      customAttributes: h('textarea', { rows: 2, placeholder: '{"admin": true}' }),
      disabled: h('input', { type: 'checkbox', checked: !!user?.disabled }),
    };
    inputs.customAttributes.value = user?.customAttributes || '';
    const form = h('form', { class: 'card', 'aria-label': user ? `Edit ${user.localId}` : 'Add user', onsubmit: async (e) => {
      e.preventDefault();
      const body = {};
      for (const key of ['email', 'password', 'phoneNumber', 'displayName', 'photoUrl']) {
        const value = inputs[key].value.trim();
        if (value) body[key] = value;
      }
      if (user) {
        // Emptied fields are deleted, as the Admin SDK's updateUser(null) does.
        const cleared = [['displayName', 'DISPLAY_NAME'], ['photoUrl', 'PHOTO_URL']].filter(([key]) => user[key] && !body[key]).map(([, attribute]) => attribute);
        if (cleared.length) body.deleteAttribute = cleared;
        if (user.phoneNumber && !body.phoneNumber) body.deleteProvider = ['phone'];
      }
      const claims = inputs.customAttributes.value.trim();
      if (claims) {
        try { JSON.parse(claims); } catch (error) { say(`Custom claims must be a JSON object: ${error.message}`, true); return; }
        body.customAttributes = claims;
      } else if (user && user.customAttributes) body.customAttributes = '{}';
      if (user) body.disableUser = inputs.disabled.checked; else body.disabled = inputs.disabled.checked;
      // Creating takes no custom claims (as the Admin SDK's createUser): they follow in an update.
      const ok = user
        ? await attempt(() => call('auth', 'POST', `${this.accounts}:update`, { localId: user.localId, ...body }), 'User saved.')
        : await attempt(async () => {
          const { customAttributes, ...profile } = body;
          const created = await call('auth', 'POST', this.accounts, profile);
          if (customAttributes) await call('auth', 'POST', `${this.accounts}:update`, { localId: created.localId, customAttributes });
          return created;
        }, 'User added.');
      if (ok !== undefined) { this.editorSlot.replaceChildren(); await this.refresh(); }
    } },
    h('h2', {}, user ? `Edit ${user.email || user.localId}` : 'Add a user'),
    field('Email', inputs.email), field('Password', inputs.password), field('Phone', inputs.phoneNumber),
    field('Display name', inputs.displayName), field('Photo URL', inputs.photoUrl),
    field('Custom claims (JSON)', inputs.customAttributes), field('Disabled', inputs.disabled),
    h('div', { class: 'actions' }, h('button', { type: 'submit' }, 'Save'), h('button', { type: 'button', onclick: () => this.editorSlot.replaceChildren() }, 'Cancel')));
    this.editorSlot.replaceChildren(form);
    inputs.email.focus();
  }

  async remove(user) {
    if (!confirm(`Delete the user ${user.email || user.localId}?`)) return;
    await attempt(() => call('auth', 'POST', `${this.accounts}:delete`, { localId: user.localId }), 'User deleted.');
    await this.refresh();
  }

  async clear() {
    if (!confirm('Delete every user of this project?')) return;
    await attempt(() => call('auth', 'DELETE', `/emulator/v1/projects/${encodeURIComponent(this.project)}/accounts`), 'All users deleted.');
    await this.refresh();
  }

  async drawCodes() {
    const oob = await attempt(() => call('auth', 'GET', `/emulator/v1/projects/${encodeURIComponent(this.project)}/oobCodes`));
    const sms = await attempt(() => call('auth', 'GET', `/emulator/v1/projects/${encodeURIComponent(this.project)}/verificationCodes`));
    const table = (caption, columns, rows) => h('table', {}, h('caption', {}, caption),
      h('thead', {}, h('tr', {}, columns.map((c) => h('th', { scope: 'col' }, c)))),
      h('tbody', {}, rows.length ? rows.map((r) => h('tr', {}, r.map((c) => h('td', {}, c ?? '')))) : h('tr', {}, h('td', { colspan: String(columns.length), class: 'muted' }, 'None issued.'))));
    this.codes.replaceChildren(
      table('Email action codes (out-of-band)', ['Email', 'Type', 'Code', 'Link'],
        ((oob && oob.oobCodes) || []).map((c) => [c.email, c.requestType, c.oobCode, c.oobLink ? h('a', { href: c.oobLink }, 'open link') : ''])),
      table('SMS verification codes', ['Phone', 'Code'], ((sms && sms.verificationCodes) || []).map((c) => [c.phoneNumber, c.code])));
  }
}
"""#
}
