extension UIAssets {
    /// `values.js`. Firestore values in their REST encoding: types, one-line summaries and a typed editor for each type.
    static let valuesJS = #"""
// Firestore values in their REST encoding ({"stringValue": "x"}, {"mapValue": {"fields": …}}):
// what type each is, how to show it, and a typed editor for every type, nested for maps and
// arrays, whose read() gives the value back in the same encoding (or throws saying what is
// wrong with which field).
import { h, field } from '/api.js';

export const TYPES = ['string', 'integer', 'double', 'boolean', 'null', 'timestamp', 'geopoint', 'reference', 'bytes', 'map', 'array', 'vector'];

const KEYS = {
  string: 'stringValue', integer: 'integerValue', double: 'doubleValue', boolean: 'booleanValue', null: 'nullValue',
  timestamp: 'timestampValue', geopoint: 'geoPointValue', reference: 'referenceValue', bytes: 'bytesValue',
  map: 'mapValue', array: 'arrayValue',
};

/** The type name of a REST value. A vector (the SDKs' Vector) is a map with exactly
 * __type__ "__vector__" and a value array on the wire. */
export function typeOf(value) {
  if (isVector(value)) return 'vector';
  for (const [type, key] of Object.entries(KEYS)) if (value && key in value) return type;
  return 'null';
}

function isVector(value) {
  const fields = value && value.mapValue && value.mapValue.fields;
  return !!fields && Object.keys(fields).length === 2 && fields.__type__?.stringValue === '__vector__' && 'arrayValue' in (fields.value || {});
}

/** A vector's numbers. */
function vectorNumbers(value) {
  return (value.mapValue.fields.value.arrayValue.values || []).map((item) => Number(item.doubleValue ?? item.integerValue));
}

function vectorValue(numbers) {
  return { mapValue: { fields: { __type__: { stringValue: '__vector__' }, value: { arrayValue: { values: numbers.map((n) => ({ doubleValue: n })) } } } } };
}

/** A one-line rendering of a value. */
export function summary(value) {
  const type = typeOf(value);
  switch (type) {
    case 'string': return JSON.stringify(value.stringValue);
    case 'integer': return String(value.integerValue);
    case 'double': return String(value.doubleValue);
    case 'boolean': return String(value.booleanValue);
    case 'null': return 'null';
    case 'timestamp': return value.timestampValue;
    case 'geopoint': return `[${value.geoPointValue.latitude ?? 0}° , ${value.geoPointValue.longitude ?? 0}°]`;
    case 'reference': return value.referenceValue.replace(/^projects\/[^/]+\/databases\/[^/]+\/documents\//, '/');
    case 'bytes': return `bytes(${value.bytesValue})`;
    case 'vector': {
      const numbers = vectorNumbers(value);
      return `vector<${numbers.slice(0, 8).join(', ')}${numbers.length > 8 ? `, … (${numbers.length})` : ''}>`;
    }
    case 'map': {
      const fields = value.mapValue.fields || {};
      const keys = Object.keys(fields);
      return `{${keys.slice(0, 4).map((k) => `${k}: ${summary(fields[k])}`).join(', ')}${keys.length > 4 ? ', …' : ''}}`;
    }
    case 'array': {
      const items = value.arrayValue.values || [];
      return `[${items.slice(0, 5).map(summary).join(', ')}${items.length > 5 ? ', …' : ''}]`;
    }
    default: return JSON.stringify(value);
  }
}

/** A REST value from plain JSON typed in a query box: integers stay integers. */
export function fromJSON(json) {
  if (json === null) return { nullValue: null };
  if (typeof json === 'boolean') return { booleanValue: json };
  if (typeof json === 'number') return Number.isInteger(json) ? { integerValue: String(json) } : { doubleValue: json };
  if (typeof json === 'string') return { stringValue: json };
  if (Array.isArray(json)) return { arrayValue: { values: json.map(fromJSON) } };
  const fields = {};
  for (const [k, v] of Object.entries(json)) fields[k] = fromJSON(v);
  return { mapValue: { fields } };
}

/** Parses what was typed into a query's value box: JSON, else the text as a string. */
export function parseLoose(text) {
  try { return fromJSON(JSON.parse(text)); } catch (_) { return { stringValue: text }; }
}

function defaultValue(type) {
  switch (type) {
    case 'string': return { stringValue: '' };
    case 'integer': return { integerValue: '0' };
    case 'double': return { doubleValue: 0 };
    case 'boolean': return { booleanValue: false };
    case 'timestamp': return { timestampValue: new Date().toISOString() };
    case 'geopoint': return { geoPointValue: { latitude: 0, longitude: 0 } };
    case 'reference': return { referenceValue: '' };
    case 'bytes': return { bytesValue: '' };
    case 'map': return { mapValue: { fields: {} } };
    case 'array': return { arrayValue: { values: [] } };
    case 'vector': return vectorValue([0]);
    default: return { nullValue: null };
  }
}

/**
 * An editor for one value of any type: a type picker and the control(s) for that type.
 * `label` names it for assistive technology. Returns {element, read()}.
 * `databaseRoot` (projects/p/databases/d/documents) completes references typed as /a/b.
 */
export function valueEditor(value, label, databaseRoot) {
  const container = h('div', { class: 'value-editor' });
  const typeSelect = h('select', { 'aria-label': `Type of ${label}`, class: 'type' },
    TYPES.map((t) => h('option', { value: t }, t)));
  const body = h('div', { class: 'value-body' });
  let reader = () => ({ nullValue: null });

  function build(current) {
    const type = typeOf(current);
    typeSelect.value = type;
    body.replaceChildren();
    switch (type) {
      case 'string': {
        const input = h('textarea', { rows: 1, 'aria-label': `Value of ${label}`, class: 'value' });
        input.value = current.stringValue;
        body.append(input);
        reader = () => ({ stringValue: input.value });
        break;
      }
      case 'integer': {
        const input = h('input', { type: 'text', inputmode: 'numeric', 'aria-label': `Value of ${label}`, class: 'value' });
        input.value = current.integerValue;
        body.append(input);
        reader = () => {
          if (!/^-?\d+$/.test(input.value.trim())) throw new Error(`${label}: "${input.value}" is not an integer.`);
          return { integerValue: input.value.trim() };
        };
        break;
      }
      case 'double': {
        const input = h('input', { type: 'text', inputmode: 'decimal', 'aria-label': `Value of ${label}`, class: 'value' });
        input.value = String(current.doubleValue);
        body.append(input);
        reader = () => {
          const text = input.value.trim();
          if (['NaN', 'Infinity', '-Infinity'].includes(text)) return { doubleValue: text };
          const number = Number(text);
          if (text === '' || Number.isNaN(number)) throw new Error(`${label}: "${input.value}" is not a number.`);
          return { doubleValue: number };
        };
        break;
      }
      case 'boolean': {
        const select = h('select', { 'aria-label': `Value of ${label}`, class: 'value' },
          h('option', { value: 'true' }, 'true'), h('option', { value: 'false' }, 'false'));
        select.value = String(current.booleanValue);
        body.append(select);
        reader = () => ({ booleanValue: select.value === 'true' });
        break;
      }
      case 'timestamp': {
        const input = h('input', { type: 'text', 'aria-label': `Value of ${label} (RFC 3339)`, class: 'value', placeholder: '2026-01-01T00:00:00Z' });
        input.value = current.timestampValue;
        body.append(input);
        reader = () => {
          if (Number.isNaN(Date.parse(input.value))) throw new Error(`${label}: "${input.value}" is not an RFC 3339 time such as 2026-01-01T00:00:00Z.`);
          return { timestampValue: input.value.trim() };
        };
        break;
      }
      case 'geopoint': {
        const lat = h('input', { type: 'text', inputmode: 'decimal', 'aria-label': `Latitude of ${label}`, class: 'value short' });
        const lng = h('input', { type: 'text', inputmode: 'decimal', 'aria-label': `Longitude of ${label}`, class: 'value short' });
        lat.value = String(current.geoPointValue.latitude ?? 0);
        lng.value = String(current.geoPointValue.longitude ?? 0);
        body.append(lat, lng);
        reader = () => {
          const latitude = Number(lat.value), longitude = Number(lng.value);
          if (!(latitude >= -90 && latitude <= 90) || !(longitude >= -180 && longitude <= 180)) {
            throw new Error(`${label}: a geopoint needs a latitude in [-90, 90] and a longitude in [-180, 180].`);
          }
          return { geoPointValue: { latitude, longitude } };
        };
        break;
      }
      case 'reference': {
        const input = h('input', { type: 'text', 'aria-label': `Value of ${label} (document path)`, class: 'value', placeholder: '/cities/SF' });
        input.value = current.referenceValue.replace(/^projects\/[^/]+\/databases\/[^/]+\/documents/, '');
        body.append(input);
        reader = () => {
          const path = input.value.trim().replace(/^\/+/, '');
          if (path.startsWith('projects/')) return { referenceValue: path };
          if (!path || path.split('/').length % 2 !== 0) throw new Error(`${label}: a reference names a document, such as /cities/SF.`);
          return { referenceValue: `${databaseRoot}/${path}` };
        };
        break;
      }
      case 'bytes': {
        const input = h('input', { type: 'text', 'aria-label': `Value of ${label} (base64)`, class: 'value' });
        input.value = current.bytesValue;
        body.append(input);
        reader = () => {
          try { atob(input.value.replace(/-/g, '+').replace(/_/g, '/')); } catch (_) { throw new Error(`${label}: bytes are written in base64.`); }
          return { bytesValue: input.value.trim() };
        };
        break;
      }
      case 'vector': {
        const input = h('textarea', { rows: 1, 'aria-label': `Value of ${label} (numbers, comma-separated)`, class: 'value', placeholder: '0.1, 0.2, 0.3' });
        input.value = vectorNumbers(current).join(', ');
        body.append(input);
        reader = () => {
          const parts = input.value.split(',').map((part) => part.trim());
          const numbers = parts.map(Number);
          if (parts.some((part) => part === '') || numbers.some((n) => !Number.isFinite(n))) {
            throw new Error(`${label}: a vector is one or more numbers separated by commas, such as 0.1, 0.2.`);
          }
          return vectorValue(numbers);
        };
        break;
      }
      case 'map': {
        const editor = fieldsEditor(current.mapValue.fields || {}, databaseRoot, label);
        body.append(editor.element);
        reader = () => ({ mapValue: { fields: editor.read() } });
        break;
      }
      case 'array': {
        const list = h('ol', { class: 'array-items' });
        const items = [];
        const add = (item) => {
          const index = items.length;
          const editor = valueEditor(item, `${label}[${index}]`, databaseRoot);
          const entry = { editor };
          const remove = h('button', { type: 'button', class: 'small', 'aria-label': `Remove ${label}[${index}]`,
            onclick: () => { items.splice(items.indexOf(entry), 1); row.remove(); } }, '✕');
          const row = h('li', {}, editor.element, remove);
          entry.row = row;
          items.push(entry);
          list.append(row);
        };
        for (const item of current.arrayValue.values || []) add(item);
        body.append(list, h('button', { type: 'button', class: 'small', onclick: () => add({ stringValue: '' }) }, `Add item to ${label}`));
        reader = () => ({ arrayValue: { values: items.map((i) => i.editor.read()) } });
        break;
      }
      default:
        body.append(h('span', { class: 'muted' }, 'null'));
        reader = () => ({ nullValue: null });
    }
  }
  typeSelect.addEventListener('change', () => build(defaultValue(typeSelect.value)));
  build(value);
  container.append(typeSelect, body);
  return { element: container, read: () => reader() };
}

/**
 * An editor for a document's (or a map's) fields: one row per field with its name, its typed
 * value and a remove button, and a button to add a field. read() gives {name: value}.
 */
export function fieldsEditor(fields, databaseRoot, owner = 'document') {
  const rows = [];
  const list = h('ul', { class: 'fields-editor' });
  const add = (name, value) => {
    const nameInput = h('input', { type: 'text', class: 'field-name', value: name, 'aria-label': `Field name in ${owner}`, placeholder: 'field' });
    const label = name || 'new field';
    const editor = valueEditor(value, `${owner}.${label}`, databaseRoot);
    const entry = { nameInput, editor };
    const remove = h('button', { type: 'button', class: 'small danger', 'aria-label': `Remove field ${label}`,
      onclick: () => { rows.splice(rows.indexOf(entry), 1); row.remove(); } }, '✕');
    const row = h('li', { class: 'field-row' }, nameInput, editor.element, remove);
    rows.push(entry);
    list.append(row);
    return nameInput;
  };
  for (const [name, value] of Object.entries(fields)) add(name, value);
  const addButton = h('button', { type: 'button', class: 'small', onclick: () => add('', { stringValue: '' }).focus() }, `Add field to ${owner}`);
  return {
    element: h('div', { class: 'fields-block' }, list, addButton),
    read() {
      const out = {};
      for (const { nameInput, editor } of rows) {
        const name = nameInput.value.trim();
        if (!name) throw new Error(`A field of ${owner} has no name.`);
        if (name in out) throw new Error(`${owner} has the field "${name}" twice.`);
        out[name] = editor.read();
      }
      return out;
    },
  };
}

/** A field path segment as Firestore writes it in masks: backquoted unless a plain identifier. */
export function quoteField(name) {
  return /^[A-Za-z_][A-Za-z_0-9]*$/.test(name) ? name : '`' + name.replace(/\\/g, '\\\\').replace(/`/g, '\\`') + '`';
}

export { field };
"""#
}
