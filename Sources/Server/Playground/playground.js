// The convertd playground: picks a model, starts from its example payload, converts the payload in
// the editor through the service's own API (/schemas, /convert, /infer), and shows the output, the
// errors at their place in the payload, the coercions, the model's JSON Schema and an inferred schema. No dependencies; every
// text that comes from the server or the payload is inserted as text, never as HTML.
'use strict';

/**
 * A JSON reader that keeps where each value sits in its text, so a JSON Pointer can be turned
 * into a range of characters, and that keeps numbers as they are written (19.90 stays 19.90,
 * 2^64-1 keeps its digits), as convertd does.
 */
const Json = (() => {
  /** Why a text is not JSON, and where (an index into the text). */
  class SyntaxError extends Error {
    constructor(message, index) {
      super(message);
      this.index = index;
    }
  }

  const number = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
  const escapes = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
  const maxDepth = 2000;

  /**
   * The value in `text`: a tree of nodes `{kind, start, end}`; objects have `members`
   * (`{key, keyStart, keyEnd, value}`, duplicates kept, in order), arrays `items`, strings `value`.
   */
  function parse(text) {
    let i = 0;
    const fail = (message) => { throw new SyntaxError(message, i); };
    const space = () => {
      for (;;) {
        const c = text.charCodeAt(i);
        if (c === 32 || c === 10 || c === 13 || c === 9) i++; else return;
      }
    };
    const string = () => {
      const start = i++;
      let out = '';
      let run = i;
      for (;;) {
        if (i >= text.length) fail('unterminated string');
        const c = text.charCodeAt(i);
        if (c === 34) {
          out += text.slice(run, i++);
          return { value: out, start, end: i };
        }
        if (c < 32) fail('control character in a string');
        if (c !== 92) { i++; continue; }
        out += text.slice(run, i++);
        const e = text[i];
        if (e === 'u') {
          const hex = text.slice(i + 1, i + 5);
          if (!/^[0-9A-Fa-f]{4}$/.test(hex)) fail('bad \\u escape');
          out += String.fromCharCode(parseInt(hex, 16));
          i += 5;
        } else if (e !== undefined && Object.hasOwn(escapes, e)) {
          out += escapes[e];
          i++;
        } else {
          fail('bad escape');
        }
        run = i;
      }
    };
    const value = (depth) => {
      if (depth > maxDepth) fail('nested too deeply');
      space();
      const start = i;
      const c = text[i];
      if (c === '{' || c === '[') {
        const close = c === '{' ? '}' : ']';
        const node = c === '{' ? { kind: 'object', start, end: 0, members: [] } : { kind: 'array', start, end: 0, items: [] };
        i++;
        space();
        if (text[i] === close) {
          node.end = ++i;
          return node;
        }
        for (;;) {
          if (node.kind === 'object') {
            space();
            if (text[i] !== '"') fail('expected a string key');
            const key = string();
            space();
            if (text[i] !== ':') fail("expected ':'");
            i++;
            node.members.push({ key: key.value, keyStart: key.start, keyEnd: key.end, value: value(depth + 1) });
          } else {
            node.items.push(value(depth + 1));
          }
          space();
          if (text[i] === ',') { i++; continue; }
          if (text[i] === close) {
            node.end = ++i;
            return node;
          }
          fail(`expected ',' or '${close}'`);
        }
      }
      if (c === '"') {
        const s = string();
        return { kind: 'string', start, end: i, value: s.value };
      }
      for (const literal of ['true', 'false', 'null']) {
        if (text.startsWith(literal, i)) {
          i += literal.length;
          return { kind: literal, start, end: i };
        }
      }
      number.lastIndex = i;
      if (number.test(text)) {
        i = number.lastIndex;
        return { kind: 'number', start, end: i };
      }
      fail(i >= text.length ? 'unexpected end of input' : 'unexpected character');
    };
    const root = value(0);
    space();
    if (i < text.length) fail('unexpected text after the value');
    return root;
  }

  /** The reference tokens of a JSON Pointer (RFC 6901): `/a~1b/0` → `['a/b', '0']`. */
  function tokens(pointer) {
    if (!pointer) return [];
    return pointer.slice(1).split('/').map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
  }

  /**
   * Follows `pointer` from `root`: the node it names (`exact`), or the deepest one on its way
   * that exists (a missing key). `member` is the object member holding the node, if any.
   */
  function locate(root, pointer) {
    let node = root;
    let member = null;
    for (const token of tokens(pointer)) {
      let next = null;
      let nextMember = null;
      if (node.kind === 'object') {
        // The last of duplicate keys, as most readers take it.
        for (const candidate of node.members) {
          if (candidate.key === token) { next = candidate.value; nextMember = candidate; }
        }
      } else if (node.kind === 'array' && /^(0|[1-9][0-9]*)$/.test(token)) {
        next = node.items[Number(token)] || null;
      }
      if (!next) return { node, member, exact: false };
      node = next;
      member = nextMember;
    }
    return { node, member, exact: true };
  }

  /** The member `key` of an object node, or null. */
  function field(node, key) {
    if (!node || node.kind !== 'object') return null;
    const found = node.members.find((member) => member.key === key);
    return found ? found.value : null;
  }

  /** A string node's value, or null for anything else. */
  function string(node) {
    return node && node.kind === 'string' ? node.value : null;
  }

  /** The node written out: indented by `indent` (two spaces), or compact when it is ''. */
  function format(node, text, indent = '  ', level = '') {
    const inner = level + indent;
    const open = indent ? '\n' + inner : '';
    const close = indent ? '\n' + level : '';
    const comma = indent ? ',\n' + inner : ',';
    switch (node.kind) {
      case 'object':
        if (!node.members.length) return '{}';
        return '{' + open + node.members.map((member) =>
          text.slice(member.keyStart, member.keyEnd) + (indent ? ': ' : ':') + format(member.value, text, indent, inner)
        ).join(comma) + close + '}';
      case 'array':
        if (!node.items.length) return '[]';
        return '[' + open + node.items.map((item) => format(item, text, indent, inner)).join(comma) + close + ']';
      default:
        return text.slice(node.start, node.end);
    }
  }

  /** The index in `text` of the character at UTF-8 byte `offset` (the server counts bytes). */
  function indexOfByte(text, offset) {
    let bytes = 0;
    for (let i = 0; i < text.length; i++) {
      if (bytes >= offset) return i;
      const code = text.codePointAt(i);
      bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
      if (code >= 0x10000) i++;
    }
    return text.length;
  }

  return { parse, locate, field, string, format, indexOfByte, SyntaxError };
})();

/**
 * The payload in the editor as documents: one JSON value, or NDJSON lines (each its own
 * document, with its line number and where it starts in the text).
 */
const Payload = {
  read(text) {
    try {
      return { ndjson: false, documents: [{ line: null, offset: 0, text, root: Json.parse(text) }] };
    } catch (error) {
      if (!(error instanceof Json.SyntaxError)) throw error;
      // NDJSON when its first line is a whole value; otherwise one JSON document with a mistake.
      const documents = Payload.lines(text).map(Payload.document);
      const written = documents.filter((doc) => doc.text.trim());
      if (written.length < 2 || !written[0].root) {
        return { ndjson: false, documents: [{ line: null, offset: 0, text, root: null, error }] };
      }
      return { ndjson: true, documents };
    }
  },

  /** Every line of `text`, numbered from 1 as the server numbers NDJSON lines. */
  lines(text) {
    const lines = [];
    let offset = 0;
    text.split('\n').forEach((line, index) => {
      lines.push({ line: index + 1, offset, text: line.endsWith('\r') ? line.slice(0, -1) : line });
      offset += line.length + 1;
    });
    return lines;
  },

  document({ line, offset, text }) {
    try {
      return { line, offset, text, root: text.trim() ? Json.parse(text) : null };
    } catch (error) {
      if (!(error instanceof Json.SyntaxError)) throw error;
      return { line, offset, text, root: null, error };
    }
  },
};

/** The page: its elements, what the server last said, and the handlers that tie them. */
const Playground = (() => {
  const $ = (id) => document.getElementById(id);
  const el = {
    status: $('status'), model: $('model'), version: $('version'), profile: $('profile'), summary: $('model-summary'), schemaLink: $('schema-link'), convert: $('convert'),
    payload: $('payload'), backdrop: $('backdrop'), note: $('payload-note'), dropZone: $('drop-zone'),
    file: $('file'), example: $('example'), format: $('format'), inferName: $('infer-name'), infer: $('infer'),
    output: $('output'), errors: $('errors'), errorsEmpty: $('errors-empty'), errorsCount: $('errors-count'),
    coercions: $('coercions'), coercionsEmpty: $('coercions-empty'), coercionsCount: $('coercions-count'),
    unknown: $('unknown'), unknownEmpty: $('unknown-empty'),
    jsonSchema: $('json-schema'), modelDefinition: $('model-definition'),
    inferred: $('inferred'), copyInferred: $('copy-inferred'),
    versions: $('versions'), versionsNote: $('versions-note'), drift: $('drift'), driftNote: $('drift-note'),
    refreshContract: $('refresh-contract'),
  };
  const tabs = Array.from(document.querySelectorAll('[role="tab"]'));

  /**
   * The places in the payload the last answer pointed at: `{line, pointer, kind, key, offset}` —
   * the NDJSON line (null for one document), a JSON Pointer into the input, 'error' or 'note',
   * whether the key is marked with its value, and a syntax error's byte offset instead of a pointer.
   */
  let marks = [];
  let busy = false;
  /**
   * The example payload last put in the editor, as it was put there: while the editor still holds
   * exactly this text, picking another model replaces it with that model's example.
   */
  let shownExample = null;

  /** An element with a class and children, strings as text nodes: the only way anything enters the DOM. */
  function make(tag, className, ...children) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    for (const child of children) {
      if (child !== null && child !== undefined) node.append(child instanceof Node ? child : String(child));
    }
    return node;
  }

  function setStatus(text, tone = '') {
    el.status.textContent = text;
    el.status.dataset.tone = tone;
  }

  function setCode(pre, text, placeholder = false) {
    pre.textContent = text;
    pre.classList.toggle('placeholder', placeholder);
  }

  // Tabs (WAI-ARIA tabs pattern: arrows, Home and End move between tabs).

  function selectTab(tab, focus = false) {
    for (const other of tabs) {
      const selected = other === tab;
      other.setAttribute('aria-selected', String(selected));
      other.tabIndex = selected ? 0 : -1;
      $(other.getAttribute('aria-controls')).hidden = !selected;
    }
    if (focus) tab.focus();
  }

  function tabKeys(event) {
    const index = tabs.indexOf(event.currentTarget);
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    selectTab(tabs[(target + tabs.length) % tabs.length], true);
  }

  // Talking to convertd.

  /** A request to the service: `{status, type, text, json}` (json: the parsed body, when JSON). */
  async function request(method, url, body, contentType) {
    const headers = body === undefined ? {} : { 'Content-Type': contentType };
    const response = await fetch(url, { method, headers, body, cache: 'no-store' });
    const text = await response.text();
    const type = response.headers.get('Content-Type') || '';
    let json = null;
    if (type.startsWith('application/json')) {
      try { json = Json.parse(text); } catch { json = null; }
    }
    return { status: response.status, type, text, json };
  }

  /** The error entries of an error body (`{"errors": [...]}`), as plain objects. */
  function errorEntries(body, text) {
    const list = Json.field(body, 'errors');
    if (!list || list.kind !== 'array') return [];
    return list.items.map((item) => {
      const number = (key) => {
        const node = Json.field(item, key);
        return node && node.kind === 'number' ? Number(text.slice(node.start, node.end)) : null;
      };
      const input = Json.field(item, 'input');
      return {
        code: Json.string(Json.field(item, 'code')) || 'error',
        message: Json.string(Json.field(item, 'message')) || '',
        path: Json.string(Json.field(item, 'path')),
        source: Json.string(Json.field(item, 'source')),
        input: input ? Json.format(input, text, '') : null,
        rule: Json.string(Json.field(item, 'rule')),
        offset: number('offset'), line: number('line'), column: number('column'),
      };
    });
  }

  function describe(response) {
    const entries = response.json ? errorEntries(response.json, response.text) : [];
    return entries.length ? entries.map((entry) => entry.message || entry.code).join('; ') : response.text.slice(0, 200);
  }

  async function loadModels() {
    try {
      const response = await request('GET', '/schemas');
      const models = Json.field(response.json, 'models');
      if (response.status !== 200 || !models || models.kind !== 'array') throw new Error(describe(response));
      const byFile = new Map();
      for (const model of models.items) {
        const name = Json.string(Json.field(model, 'name'));
        const file = Json.string(Json.field(model, 'file')) || '';
        if (!name) continue;
        if (!byFile.has(file)) byFile.set(file, []);
        byFile.get(file).push(name);
      }
      el.model.replaceChildren(...Array.from(byFile, ([file, names]) => {
        const group = make('optgroup');
        group.label = file || 'models';
        group.append(...names.map((name) => { const option = make('option', null, name); option.value = name; return option; }));
        return group;
      }));
      const wanted = new URLSearchParams(location.hash.slice(1)).get('model');
      if (wanted && Array.from(el.model.options).some((option) => option.value === wanted)) el.model.value = wanted;
      el.model.disabled = el.convert.disabled = el.example.disabled = el.model.options.length === 0;
      setStatus(el.model.options.length ? `${el.model.options.length} models loaded.` : 'The service has no models.');
      if (el.model.value) await Promise.all([loadSchema(), loadContract()]);
    } catch (error) {
      setStatus(`Could not load the models: ${error.message}`, 'error');
    }
  }

  /**
   * The output profiles (`GET /profiles`) after the model's own output: a profile rewrites what
   * clients receive (the built-in `js` writes 64-bit integers and decimals as strings), and the
   * JSON Schema shown follows it. Without the list the select keeps the model's own output.
   */
  async function loadProfiles() {
    try {
      const response = await request('GET', '/profiles');
      const profiles = Json.field(response.json, 'profiles');
      if (response.status !== 200 || !profiles || profiles.kind !== 'array') return;
      const own = make('option', null, "model's own");
      own.value = '';
      el.profile.replaceChildren(own, ...profiles.items.map((profile) => {
        const name = Json.string(Json.field(profile, 'name'));
        const builtIn = Json.field(profile, 'builtIn');
        const options = Json.field(profile, 'options');
        const option = make('option', null, builtIn && builtIn.kind === 'true' ? `${name} (built-in)` : name);
        option.value = name;
        if (options && options.kind === 'object') {
          option.title = options.members.map((member) => `${member.key}: ${Json.string(member.value)}`).join(', ');
        }
        return option;
      }).filter((option) => option.value));
    } catch (error) {
      // The select keeps the model's own output; converting works as before.
    }
  }

  // Versions and drift (SPEC §11).

  /** The model as requests name it: `Book`, or `Book@2` for a version picked. */
  function modelPath() {
    const name = encodeURIComponent(el.model.value);
    return el.version.value ? `${name}@${el.version.value}` : name;
  }

  /**
   * The model's versions (`GET /schemas/{Model}/versions`) in the version select and the table,
   * and its drift report (`GET /schemas/{Model}/drift`) as lists of what live traffic sent.
   */
  async function loadContract() {
    const name = el.model.value;
    if (!name) return;
    try {
      const response = await request('GET', `/schemas/${encodeURIComponent(name)}/versions`);
      if (name !== el.model.value) return;
      const versions = Json.field(response.json, 'versions');
      if (response.status !== 200 || !versions || versions.kind !== 'array') throw new Error(describe(response));
      const picked = el.version.value;
      const latest = make('option', null, 'latest');
      latest.value = '';
      const rows = versions.items.map((version) => ({
        number: response.text.slice(Json.field(version, 'version').start, Json.field(version, 'version').end),
        state: Json.string(Json.field(version, 'state')) || '',
        created: Json.string(Json.field(version, 'created')) || '',
        digest: Json.string(Json.field(version, 'digest')) || '',
        sunset: Json.string(Json.field(version, 'sunset')) || '',
      }));
      el.version.replaceChildren(latest, ...rows.slice().reverse().map((row) => {
        const option = make('option', null, `v${row.number}${row.state === 'active' ? '' : ` · ${row.state}`}`);
        option.value = row.number;
        return option;
      }));
      if (rows.some((row) => row.number === picked)) el.version.value = picked;
      el.versions.tBodies[0].replaceChildren(...rows.slice().reverse().map((row) =>
        make('tr', row.state, make('td', null, `v${row.number}`), make('td', null, row.state), make('td', null, row.created),
             make('td', 'digest', row.digest), make('td', null, row.sunset))));
      el.versionsNote.textContent = `Compatibility: ${Json.string(Json.field(response.json, 'compatibility')) || 'NONE'}. `
        + 'Pick a version above to convert with it.';
    } catch (error) {
      el.versionsNote.textContent = `Could not load the versions: ${error.message}`;
    }
    try {
      const response = await request('GET', `/schemas/${encodeURIComponent(name)}/drift`);
      if (name !== el.model.value) return;
      if (response.status !== 200 || !response.json) throw new Error(describe(response));
      const report = response.json;
      const number = (node) => (node && node.kind === 'number' ? response.text.slice(node.start, node.end) : '0');
      el.driftNote.textContent = `About ${number(Json.field(report, 'conversions'))} conversions in the last `
        + `${number(Json.field(Json.field(report, 'window'), 'seconds'))} s, one in ${number(Json.field(report, 'sampleEvery'))} sampled.`;
      const lists = [['unknownKeys', 'Unknown keys', 'kinds'], ['coercions', 'Coercions', 'rule'], ['recoveries', 'Recoveries', 'code'],
                     ['errors', 'Errors', 'code'], ['outsideEnum', 'Values outside an enum', 'value']];
      el.drift.replaceChildren(...lists.map(([key, title, detail]) => {
        const list = Json.field(report, key);
        const items = list && list.kind === 'array' ? list.items : [];
        const entries = items.map((item) => {
          const extra = Json.field(item, detail);
          const text = extra ? (extra.kind === 'string' ? Json.string(extra) : Json.format(extra, response.text, '')) : '';
          return make('li', null, make('code', null, Json.string(Json.field(item, 'path')) || '/'), ` ×${number(Json.field(item, 'count'))} `,
                      text ? make('span', 'hint', text) : null);
        });
        return make('section', 'drift-list', make('h3', null, title),
                    entries.length ? make('ol', 'findings', ...entries) : make('p', 'placeholder', 'None seen.'));
      }));
    } catch (error) {
      el.driftNote.textContent = `Could not load the drift: ${error.message}`;
    }
  }

  /** `?profile=NAME` for the profile picked, or nothing for the model's own output. */
  function profileQuery(query = new URLSearchParams()) {
    if (el.profile.value) query.set('profile', el.profile.value);
    return query;
  }

  async function loadSchema() {
    const name = el.model.value;
    history.replaceState(null, '', `#model=${encodeURIComponent(name)}`);
    // `GET /schemas/{Model}` is the model and its JSON Schema (under the profile picked):
    // opened in a tab of its own.
    const query = profileQuery().toString();
    const target = `/schemas/${modelPath()}${query ? `?${query}` : ''}`;
    el.schemaLink.href = target;
    el.schemaLink.title = `GET ${target}: the model, inheritance resolved, and its output's JSON Schema`;
    el.schemaLink.hidden = false;
    const example = offerExample(name);
    try {
      const response = await request('GET', target);
      // A later pick (of the model or the profile) has its own answer coming: this one is stale.
      if (target !== `/schemas/${modelPath()}${profileQuery().toString() ? `?${profileQuery()}` : ''}`) return;
      const schema = Json.field(response.json, 'jsonSchema');
      const model = Json.field(response.json, 'model');
      if (response.status !== 200 || !schema) throw new Error(describe(response));
      setCode(el.jsonSchema, Json.format(schema, response.text));
      setCode(el.modelDefinition, model ? Json.format(model, response.text) : '');
      const properties = Json.field(model, 'properties');
      const lineage = Json.field(model, 'lineage');
      const parents = lineage && lineage.kind === 'array' ? lineage.items.slice(1).map(Json.string).filter(Boolean) : [];
      const parts = [`${properties && properties.kind === 'object' ? properties.members.length : 0} properties`];
      if (parents.length) parts.push(`extends ${parents.join(' → ')}`);
      const file = Json.string(Json.field(model, 'file'));
      if (file) parts.push(file);
      el.summary.textContent = parts.join(' · ');
    } catch (error) {
      setCode(el.jsonSchema, `Could not load the schema of ${name}: ${error.message}`, true);
      el.summary.textContent = '';
    }
    await example;
    // Everything of this model is in: the summary, the JSON Schema, the example (or the user's payload kept).
    if (name === el.model.value) el.model.dataset.loaded = name;
  }

  // The example payload.

  /** The example payload of `name` (`GET /schemas/{Model}/example`), indented, numbers as written. */
  async function fetchExample(name) {
    const response = await request('GET', `/schemas/${encodeURIComponent(name)}/example`);
    if (response.status !== 200 || !response.json) throw new Error(describe(response));
    return Json.format(response.json, response.text) + '\n';
  }

  /** Puts `text`, the example of `name`, in the editor. */
  function showExample(name, text) {
    setPayload(text);
    shownExample = text;
    el.payload.dataset.exampleOf = name;
    el.note.textContent = `The example payload of ${name}, written from its schema: press Convert, or edit it.`;
  }

  /**
   * A model was picked: its example goes in the editor when the editor is empty or still holds
   * the example shown before, untouched; a payload of the user's own stays.
   */
  async function offerExample(name) {
    try {
      const text = await fetchExample(name);
      const current = el.payload.value;
      if (name !== el.model.value || (current.trim() && current !== shownExample)) return;
      showExample(name, text);
    } catch {
      // No example (the model went away meanwhile): the editor is left as it is.
    }
  }

  /** The Example button: the model's example, whatever the editor holds. */
  async function loadExample() {
    const name = el.model.value;
    if (!name) return;
    try {
      const text = await fetchExample(name);
      if (name !== el.model.value) return;
      showExample(name, text);
      setStatus(`Loaded the example payload of ${name}.`);
    } catch (error) {
      setStatus(`No example payload for ${name}: ${error.message}`, 'error');
    }
  }

  // Converting.

  function mode() {
    return document.querySelector('input[name="mode"]:checked').value;
  }

  async function convert() {
    const name = el.model.value;
    const text = el.payload.value;
    if (!name || busy) return;
    if (!text.trim()) {
      setStatus('The payload is empty: paste or drop one first.', 'error');
      el.payload.focus();
      return;
    }
    const payload = Payload.read(text);
    const query = profileQuery(new URLSearchParams({ explain: 'true', mode: mode() }));
    busy = true;
    el.convert.disabled = true;
    setStatus(`Converting to ${name}…`);
    const started = performance.now();
    try {
      const response = await request('POST', `/convert/${modelPath()}?${query}`, text,
        payload.ndjson ? 'application/x-ndjson' : 'application/json');
      const took = Math.round(performance.now() - started);
      if (payload.ndjson && response.status === 200) {
        showLines(payload, response, took);
      } else {
        showDocument(payload, response, took);
      }
    } catch (error) {
      setStatus(`The request failed: ${error.message}`, 'error');
    } finally {
      busy = false;
      el.convert.disabled = false;
    }
  }

  /** The answer for one JSON document: the output (200), its errors (422), or why it was refused. */
  function showDocument(payload, response, took) {
    const body = response.json;
    if (response.status === 200 && body) {
      const result = Json.field(body, 'result');
      setCode(el.output, result ? Json.format(result, response.text) : response.text);
      const findings = explanation(body, response.text, null);
      showFindings([], findings.coercions, findings.unknown);
      setStatus(`200 · converted to ${el.model.value} · ${count(findings.coercions.length, 'coercion')} · ${took} ms`, 'ok');
      selectTab(tabs[0]);
      return;
    }
    const errors = errorEntries(body, response.text).map((entry) => ({ ...entry, line: null, lineNumber: entry.line }));
    setCode(el.output, `No output: the service answered ${response.status}. See Errors.`, true);
    showFindings(errors, [], []);
    setStatus(`${response.status} · ${count(errors.length, 'error')} · ${took} ms`, 'error');
    selectTab($('tab-errors'));
  }

  /** The answer for NDJSON: one result or error list per line. */
  function showLines(payload, response, took) {
    const outputs = [];
    const errors = [];
    const coercions = [];
    const unknown = [];
    const lines = response.text.split('\n').filter((line) => line.trim());
    let failed = 0;
    const results = lines.map((line) => {
      try { return { text: line, root: Json.parse(line) }; } catch { return { text: line, root: null }; }
    });
    // Results come in order, one per non-blank input line; error lines say which line they are.
    const converted = payload.documents.filter((doc) => doc.text.trim());
    results.forEach((result, index) => {
      const lineNode = Json.field(result.root, 'line');
      const line = lineNode && lineNode.kind === 'number' ? Number(result.text.slice(lineNode.start, lineNode.end))
        : converted[index] ? converted[index].line : null;
      if (lineNode && Json.field(result.root, 'errors')) {
        failed++;
        for (const entry of errorEntries(result.root, result.text)) errors.push({ ...entry, line, lineNumber: entry.line });
        outputs.push(`// line ${line}: ${count(Json.field(result.root, 'errors').items.length, 'error')}`);
        return;
      }
      const value = Json.field(result.root, 'result');
      outputs.push(value ? Json.format(value, result.text) : result.text);
      const findings = explanation(result.root, result.text, line);
      coercions.push(...findings.coercions);
      unknown.push(...findings.unknown);
    });
    setCode(el.output, outputs.join('\n'));
    showFindings(errors, coercions, unknown);
    setStatus(`200 · ${count(results.length, 'line')}, ${failed} failed · ${count(errors.length, 'error')} · ${took} ms`, failed ? 'error' : 'ok');
    selectTab(failed ? $('tab-errors') : tabs[0]);
  }

  /** The coercions and unknown keys of an explained result. */
  function explanation(body, text, line) {
    const list = (key) => {
      const node = Json.field(body, key);
      return node && node.kind === 'array' ? node.items : [];
    };
    const input = (item) => {
      const node = Json.field(item, 'input');
      return node ? Json.format(node, text, '') : null;
    };
    return {
      coercions: list('coercions').map((item) => ({
        line, path: Json.string(Json.field(item, 'path')), rule: Json.string(Json.field(item, 'rule')) || '', input: input(item),
      })),
      unknown: list('unknownKeys').map((item) => ({ line, path: Json.string(Json.field(item, 'path')), input: input(item) })),
    };
  }

  /** A JSON Pointer for reading: the empty pointer is the whole document. */
  function pointerText(pointer) {
    return pointer ? pointer : '(the document)';
  }

  function count(n, noun) {
    return `${n} ${noun}${n === 1 ? '' : 's'}`;
  }

  // The findings lists, and their marks in the payload.

  function showFindings(errors, coercions, unknown) {
    marks = [];
    el.errors.replaceChildren(...errors.map((error) => {
      const mark = { line: error.line, pointer: error.source ?? error.path, kind: 'error',
                     key: error.code === 'unknown_key', offset: error.offset };
      marks.push(mark);
      // A syntax error has a place in the text instead of a path (in an NDJSON line: its column).
      const where = error.path !== null ? make('code', 'path', pointerText(error.path))
        : error.column === null ? null
        : make('span', 'path', error.line === null ? `line ${error.lineNumber}, column ${error.column}` : `column ${error.column}`);
      const item = finding(mark, [
        make('span', 'code-badge', error.code),
        error.line !== null ? make('span', 'line', `line ${error.line}`) : null,
        where,
        error.source && error.source !== error.path ? make('span', 'source', 'from ', make('code', null, error.source)) : null,
      ], [
        make('span', 'message', error.message),
        error.input !== null ? make('span', 'input', 'input ', make('code', null, error.input)) : null,
        // A failed rule names its CEL, so the reader sees what did not hold.
        error.rule ? make('span', 'rule-text', 'rule ', make('code', null, error.rule)) : null,
      ]);
      item.dataset.code = error.code;
      item.dataset.path = error.path ?? '';
      return item;
    }));
    el.coercions.replaceChildren(...coercions.map((coercion) => {
      const item = make('li', 'finding plain', make('span', 'finding-head',
        make('span', 'rule', coercion.rule),
        coercion.line !== null ? make('span', 'line', `line ${coercion.line}`) : null,
        make('code', 'path', pointerText(coercion.path))),
      coercion.input !== null ? make('span', 'input', 'input ', make('code', null, coercion.input)) : null);
      item.dataset.path = coercion.path ?? '';
      item.dataset.rule = coercion.rule;
      return item;
    }));
    el.unknown.replaceChildren(...unknown.map((key) => {
      const mark = { line: key.line, pointer: key.path, kind: 'note', key: true, offset: null };
      marks.push(mark);
      return finding(mark, [
        key.line !== null ? make('span', 'line', `line ${key.line}`) : null,
        make('code', 'path', pointerText(key.path)),
      ], [key.input !== null ? make('span', 'input', 'value ', make('code', null, key.input)) : null]);
    }));
    el.errorsEmpty.hidden = errors.length > 0;
    el.coercionsEmpty.hidden = coercions.length > 0;
    el.unknownEmpty.hidden = unknown.length > 0;
    el.errorsCount.textContent = errors.length ? String(errors.length) : '';
    el.coercionsCount.textContent = coercions.length ? String(coercions.length) : '';
    highlight();
  }

  /** A list item whose button selects the finding's place in the payload. */
  function finding(mark, head, details) {
    const button = make('button', 'finding-button', make('span', 'finding-head', ...head), ...details);
    button.type = 'button';
    button.addEventListener('click', () => reveal(mark));
    return make('li', `finding ${mark.kind}`, button);
  }

  /** The character range a mark covers in the current payload text, or null. */
  function range(mark, payload) {
    const doc = mark.line === null ? payload.documents[0] : payload.documents.find((d) => d.line === mark.line);
    if (!doc) return null;
    if (mark.offset !== null && mark.offset !== undefined) {
      // A syntax error: the server's byte offset, from the start of the document.
      const start = doc.offset + Json.indexOfByte(doc.text, mark.offset);
      return { start, end: start, exact: true };
    }
    if (!doc.root || mark.pointer === null) return null;
    const found = Json.locate(doc.root, mark.pointer);
    let start;
    let end;
    if (found.exact) {
      start = mark.key && found.member ? found.member.keyStart : found.node.start;
      end = found.node.end;
    } else if (found.member) {
      // A missing key: its object's own key shows where it should be.
      start = found.member.keyStart;
      end = found.member.keyEnd;
    } else {
      start = found.node.start;
      end = found.node.start + 1;
    }
    return { start: doc.offset + start, end: doc.offset + end, exact: found.exact };
  }

  /** Redraws the marks behind the editor from the current text. */
  function highlight() {
    if (!marks.length) {
      el.backdrop.replaceChildren();
      el.backdrop.dataset.marks = '0';
      return;
    }
    const text = el.payload.value;
    const payload = Payload.read(text);
    const spans = [];
    for (const mark of marks) {
      const found = range(mark, payload);
      if (!found) continue;
      let { start, end } = found;
      if (start === end) {
        if (end < text.length) end++; else if (start > 0) start--; else continue;
      }
      spans.push({ start, end, mark, exact: found.exact });
    }
    // Cut the text where any span starts or ends; each piece is marked by the spans over it.
    const cuts = [...new Set([0, text.length, ...spans.flatMap((span) => [span.start, span.end])])].sort((a, b) => a - b);
    const pieces = [];
    for (let index = 0; index + 1 < cuts.length; index++) {
      const [from, to] = [cuts[index], cuts[index + 1]];
      const over = spans.filter((span) => span.start <= from && span.end >= to);
      const piece = text.slice(from, to);
      if (!over.length) {
        pieces.push(piece);
        continue;
      }
      const tone = over.some((span) => span.mark.kind === 'error') ? 'error' : 'note';
      const node = make('mark', `${tone}${over.some((span) => span.exact) ? '' : ' approximate'}`, piece);
      pieces.push(node);
    }
    // A final newline in a textarea opens a line the <pre> would not show.
    pieces.push(' ');
    el.backdrop.replaceChildren(...pieces);
    el.backdrop.dataset.marks = String(el.backdrop.querySelectorAll('mark').length);
    syncScroll();
  }

  /** Selects a finding's place in the payload and scrolls it into view. */
  function reveal(mark) {
    const found = range(mark, Payload.read(el.payload.value));
    if (!found) {
      setStatus('That place is not in the payload as it is now.', 'error');
      return;
    }
    el.payload.focus();
    el.payload.setSelectionRange(found.start, Math.max(found.end, found.start));
    const lineHeight = parseFloat(getComputedStyle(el.payload).lineHeight) || 20;
    const line = el.payload.value.slice(0, found.start).split('\n').length - 1;
    el.payload.scrollTop = Math.max(0, line * lineHeight - el.payload.clientHeight / 3);
    syncScroll();
  }

  function syncScroll() {
    el.backdrop.scrollTop = el.payload.scrollTop;
    el.backdrop.scrollLeft = el.payload.scrollLeft;
  }

  // The editor.

  let redraw = 0;
  function edited() {
    // The marks follow their pointers through edits; drawn once typing pauses.
    clearTimeout(redraw);
    redraw = setTimeout(() => {
      highlight();
      describePayload();
    }, 150);
  }

  function describePayload() {
    const text = el.payload.value;
    if (!text.trim()) {
      el.note.textContent = '';
      return;
    }
    const payload = Payload.read(text);
    const broken = payload.documents.filter((doc) => doc.error);
    if (!payload.ndjson) {
      el.note.textContent = broken.length ? `Not JSON yet: ${broken[0].error.message} at ${position(text, broken[0].error.index)}.` : '';
      return;
    }
    const lines = payload.documents.filter((doc) => doc.root || doc.error).length;
    el.note.textContent = `NDJSON: ${count(lines, 'line')}` + (broken.length ? `, line ${broken[0].line} is not JSON (${broken[0].error.message}).` : '.');
  }

  function position(text, index) {
    const before = text.slice(0, index).split('\n');
    return `line ${before.length}, column ${before[before.length - 1].length + 1}`;
  }

  /** Replaces the editor's text; the marks of the last answer go unless `keepMarks` (the same payload, reformatted). */
  function setPayload(text, keepMarks = false) {
    el.payload.value = text;
    el.payload.scrollTop = 0;
    el.payload.scrollLeft = 0;
    if (!keepMarks) marks = [];
    highlight();
    describePayload();
  }

  async function load(file) {
    if (!file) return;
    try {
      setPayload(await file.text());
      setStatus(`Loaded ${file.name} (${file.size} bytes).`);
    } catch (error) {
      setStatus(`Could not read ${file.name}: ${error.message}`, 'error');
    }
  }

  function formatPayload() {
    const payload = Payload.read(el.payload.value);
    const broken = payload.documents.find((doc) => doc.error);
    if (broken) {
      setStatus(`Cannot format: ${broken.error.message}.`, 'error');
      return;
    }
    const docs = payload.documents.filter((doc) => doc.root);
    setPayload(payload.ndjson ? docs.map((doc) => Json.format(doc.root, doc.text, '')).join('\n') + '\n'
                              : Json.format(docs[0].root, docs[0].text) + '\n', true);
  }

  // Inferring a schema.

  async function infer() {
    const name = el.inferName.value.trim();
    const text = el.payload.value;
    if (!el.inferName.checkValidity() || !name) {
      setStatus('The schema name must be a model name: a letter or _, then letters, digits or _.', 'error');
      el.inferName.focus();
      return;
    }
    if (!text.trim()) {
      setStatus('Paste one or more sample payloads first.', 'error');
      el.payload.focus();
      return;
    }
    const payload = Payload.read(text);
    el.infer.disabled = true;
    setStatus(`Inferring ${name}…`);
    try {
      const response = await request('POST', `/infer?${new URLSearchParams({ model: name })}`, text,
        payload.ndjson ? 'application/x-ndjson' : 'application/json');
      if (response.status === 200) {
        setCode(el.inferred, response.text);
        el.copyInferred.disabled = false;
        setStatus(`Inferred a schema for ${name} from ${payload.ndjson ? count(payload.documents.filter((d) => d.root).length, 'line') : 'the payload'}.`, 'ok');
      } else {
        setCode(el.inferred, `No schema: the service answered ${response.status}: ${describe(response)}`, true);
        el.copyInferred.disabled = true;
        setStatus(`${response.status} · could not infer a schema`, 'error');
      }
      selectTab($('tab-inferred'));
    } catch (error) {
      setStatus(`The request failed: ${error.message}`, 'error');
    } finally {
      el.infer.disabled = false;
    }
  }

  async function copyInferred() {
    try {
      await navigator.clipboard.writeText(el.inferred.textContent);
      setStatus('The inferred schema is on the clipboard.', 'ok');
    } catch {
      const selection = getSelection();
      selection.selectAllChildren(el.inferred);
      setStatus('Selected: copy it with Ctrl+C.');
    }
  }

  function start() {
    for (const tab of tabs) {
      tab.addEventListener('click', () => selectTab(tab));
      tab.addEventListener('keydown', tabKeys);
    }
    el.model.addEventListener('change', () => {
      // The last answer was for another model.
      setCode(el.output, 'Press Convert to convert the payload to this model.', true);
      showFindings([], [], []);
      el.version.value = '';
      loadSchema();
      loadContract();
    });
    el.version.addEventListener('change', () => {
      setCode(el.output, 'Press Convert to convert the payload with this version.', true);
      showFindings([], [], []);
      if (el.model.value) loadSchema();
    });
    el.refreshContract.addEventListener('click', loadContract);
    el.profile.addEventListener('change', () => {
      // The last answer was written under another profile.
      setCode(el.output, 'Press Convert to convert the payload with this profile.', true);
      showFindings([], [], []);
      if (el.model.value) loadSchema();
    });
    el.convert.addEventListener('click', convert);
    el.infer.addEventListener('click', infer);
    el.example.addEventListener('click', loadExample);
    el.format.addEventListener('click', formatPayload);
    el.copyInferred.addEventListener('click', copyInferred);
    el.payload.addEventListener('input', edited);
    el.payload.addEventListener('scroll', syncScroll);
    el.payload.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        convert();
      }
    });
    new ResizeObserver(syncScroll).observe(el.payload);
    el.file.addEventListener('change', () => {
      load(el.file.files[0]);
      el.file.value = '';
    });
    // Files only: text dragged within the editor is left to the textarea.
    const carriesFiles = (event) => Array.from(event.dataTransfer.types).includes('Files');
    el.dropZone.addEventListener('dragover', (event) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
      el.dropZone.classList.add('dragging');
    });
    el.dropZone.addEventListener('dragleave', (event) => {
      if (!el.dropZone.contains(event.relatedTarget)) el.dropZone.classList.remove('dragging');
    });
    el.dropZone.addEventListener('drop', (event) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      el.dropZone.classList.remove('dragging');
      load(event.dataTransfer.files[0]);
    });
    highlight();
    loadProfiles();
    loadModels();
  }

  return { start };
})();

Playground.start();
