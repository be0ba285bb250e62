extension UIAssets {
    /// `api.js`. The module every view uses: where each product runs, requests as owner, SSE streams over fetch, DOM helpers.
    static let apiJS = #"""
// Talking to Hearth: where each product runs (the UI port's /api/config), requests with the
// admin identity (Bearer owner, which Hearth accepts from pages on this machine), server-sent
// event streams read with fetch (EventSource cannot send the Authorization header), and a few
// DOM helpers every view uses.

let configPromise = null;

/** The UI port's /api/config, fetched once per page load (reload() fetches it again). */
export function config(reload = false) {
  if (!configPromise || reload) {
    configPromise = fetch('/api/config', { cache: 'no-store' }).then((r) => {
      if (!r.ok) throw new Error(`GET /api/config answered ${r.status}`);
      return r.json();
    });
  }
  return configPromise;
}

/** The base URL of a product (firestore, database, auth), or null when it does not run. */
export async function baseURL(product) {
  const cfg = await config();
  const e = cfg.emulators[product];
  if (!e) return null;
  let host = e.host;
  if (host === '0.0.0.0' || host === '::' || host === '') host = location.hostname;
  if (host.includes(':') && !host.startsWith('[')) host = `[${host}]`;
  return `${location.protocol}//${host}:${e.port}`;
}

/** An error whose message is the server's own explanation. */
export class APIError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

function explain(status, text) {
  try {
    const body = JSON.parse(text);
    const err = body.error;
    if (typeof err === 'string') return err;
    if (err && err.message) return err.message;
    if (Array.isArray(body) && body[0] && body[0].error) return body[0].error.message;
  } catch (_) { /* not JSON */ }
  return text || `HTTP ${status}`;
}

/**
 * Sends a request to a product as the admin identity and returns the parsed JSON (or null).
 * `body` is JSON-encoded, except a string, which is sent as it is (JSON text already).
 * Throws APIError with the server's message on an error status.
 */
export async function call(product, method, path, body, options = {}) {
  const base = await baseURL(product);
  if (!base) throw new APIError(0, `The ${product} emulator is not running.`);
  const headers = { Authorization: 'Bearer owner', ...(options.headers || {}) };
  let payload;
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = typeof body === 'string' ? body : JSON.stringify(body);
  }
  const response = await fetch(base + path, { method, headers, body: payload, signal: options.signal });
  const text = await response.text();
  if (!response.ok) throw new APIError(response.status, explain(response.status, text));
  if (!text) return null;
  return options.raw ? text : JSON.parse(text);
}

/**
 * Reads a server-sent event stream with fetch: onEvent(name, data) per event. Returns a
 * handle whose close() ends it. onEnd(error) is called once when the stream ends by itself.
 */
export async function stream(product, path, { method = 'GET', body, onEvent, onEnd } = {}) {
  const base = await baseURL(product);
  const controller = new AbortController();
  const handle = { close: () => controller.abort(), closed: false };
  if (!base) {
    onEnd && onEnd(new Error(`The ${product} emulator is not running.`));
    return handle;
  }
  const headers = { Authorization: 'Bearer owner', Accept: 'text/event-stream' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  (async () => {
    let failure = null;
    try {
      const response = await fetch(base + path, {
        method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: controller.signal,
      });
      if (!response.ok) throw new APIError(response.status, explain(response.status, await response.text()));
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let name = 'message';
          const data = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) name = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
          }
          if (data.length) onEvent(name, data.join('\n'));
        }
      }
    } catch (error) {
      if (error.name !== 'AbortError') failure = error;
    }
    handle.closed = true;
    if (!controller.signal.aborted && onEnd) onEnd(failure);
  })();
  return handle;
}

/** Builds an element: h('button', {class: 'x', onclick: f}, 'text', child…). */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) element.addEventListener(key.slice(2), value);
    else if (key === 'class') element.className = value;
    else if (key === 'text') element.textContent = value;
    else if (key in element && key !== 'list' && typeof value !== 'string') element[key] = value;
    else element.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : String(child));
  }
  return element;
}

let fieldCounter = 0;
/** A labelled control: a <label> tied to its input by id (every control gets a name). */
export function field(labelText, control, hint) {
  if (!control.id) control.id = `f${++fieldCounter}`;
  const label = h('label', { for: control.id }, labelText);
  const wrapper = h('div', { class: 'field' }, label, control);
  if (hint) {
    const hintElement = h('small', { id: `${control.id}-hint`, class: 'hint' }, hint);
    control.setAttribute('aria-describedby', hintElement.id);
    wrapper.append(hintElement);
  }
  return wrapper;
}

/** Shows a short message in the status line (announced to screen readers). */
export function say(message, isError = false) {
  const status = document.getElementById('status');
  status.textContent = message;
  status.classList.toggle('error', isError);
  if (isError) console.warn(message);
}

/** Runs an async action, reporting its failure in the status line. */
export async function attempt(action, success) {
  try {
    const result = await action();
    if (success) say(success);
    return result;
  } catch (error) {
    say(error.message || String(error), true);
    return undefined;
  }
}

/** Offers `text` as a file download named `name`. */
export function download(name, text, type = 'application/json') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = h('a', { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/** Reads a file the user picked as text. */
export function readFile(file) {
  return file.text();
}

/** The hash route's segments, decoded: '#/firestore/p/(default)/cities' → ['firestore', 'p', …]. */
export function routeSegments() {
  return location.hash.replace(/^#\/?/, '').split('/').filter((s) => s !== '').map(decodeURIComponent);
}

/** A hash route from segments, each encoded. */
export function routeHash(segments) {
  return '#/' + segments.map((s) => encodeURIComponent(s)).join('/');
}
"""#
}
