// The smoke suite that runs inside headless Chromium, against the minified browser bundles as a
// CDN serves them. test/browser/run.mjs serves it as /test/suite.mjs and reads the result.
import { firstDifference, generatedDocuments, INVALID_UTF8, oracle, utf8 } from '/test/oracle.mjs';
import { assert, assertThrows } from '/test/smoke.mjs';

/**
 * Runs every check and returns `{ passed, failed, failures, notes }`.
 * @param options.lib the main bundle's module namespace
 * @param options.before the globals' descriptors from before the main bundle was imported
 * @param options.packageUrl e.g. http://127.0.0.1:PORT/json-parse-binary@0.1.0
 */
export async function run({ lib, before, packageUrl }) {
  let passed = 0;
  const failures = [];
  const notes = [];
  const check = async (name, body) => {
    try {
      await body();
      passed++;
    } catch (error) {
      failures.push(`${name}: ${error && error.stack ? error.stack : error}`);
    }
  };
  const assertMatchesOracle = (name, bytes, options) => {
    const expected = oracle(new Uint8Array(bytes));
    const actual = lib.parseBinary(bytes, options);
    assert(actual.ok === expected.ok, `${name}: ok is ${actual.ok}, JSON.parse says ${expected.ok}`);
    if (expected.ok) {
      const difference = firstDifference(actual.value, expected.value);
      assert(difference === undefined, `${name}: ${difference}`);
      // Documents of up to 64 KB, and larger ones mostly of strings, go to JSON.parse, but never
      // under `fatal`: this reaches the parser itself, on every document of well-formed UTF-8.
      let wellFormed = true;
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        wellFormed = false;
      }
      if (wellFormed) {
        const parsed = lib.parseBinary(bytes, { ...options, fatal: true });
        assert(parsed.ok, `${name}: the parser failed where JSON.parse did not: ${parsed.message}`);
        const parserDifference = firstDifference(parsed.value, expected.value);
        assert(parserDifference === undefined, `${name}, by the parser: ${parserDifference}`);
      }
    } else {
      assert(typeof actual.message === 'string' && actual.message.length > 0, `${name}: no message`);
      assert(Number.isInteger(actual.position), `${name}: no position`);
    }
  };

  await check('the main bundle exports the API and leaves the globals alone', () => {
    for (const name of ['parseBinary', 'detach', 'install']) assert(typeof lib[name] === 'function', `${name} missing`);
    assert(Object.getOwnPropertyDescriptor(JSON, 'parseBinary') === before.parseBinary, 'JSON.parseBinary changed');
    assert(Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'detach') === before.detach, 'ArrayBuffer.prototype.detach changed');
  });

  await check('the bare package URL leads to the main bundle (unpkg field)', async () => {
    // A redirected URL is a module of its own in the module map, so compare behaviour, not identity.
    const bare = await import(packageUrl);
    assert(typeof bare.parseBinary === 'function' && typeof bare.install === 'function', 'exports missing');
    assert(bare.parseBinary(utf8('[7]')).value[0] === 7, 'parseBinary behind the bare URL');
  });

  await check('served documents parse exactly as JSON.parse of the decoded text', async () => {
    const names = await (await fetch('/corpus/index.json')).json();
    notes.push(names.length > 0 ? `${names.length} corpus documents` : 'no corpus: generated documents only');
    for (const name of names) {
      const path = name.split('/').map(encodeURIComponent).join('/');
      const bytes = await (await fetch(`/corpus/${path}`)).arrayBuffer();
      assertMatchesOracle(name, bytes);
    }
  });

  await check('generated documents parse exactly as JSON.parse of the decoded text', () => {
    for (const seed of [11, 12]) for (const { name, bytes } of generatedDocuments(seed)) assertMatchesOracle(name, bytes);
  });

  await check('a failure is a result with message, position, line and column', () => {
    const result = lib.parseBinary(utf8('[1,\n2,\n x]'));
    assert(result.ok === false, 'bad input parsed');
    assert(typeof result.message === 'string' && result.message.length > 0, 'no message');
    assert(result.position === 8 && result.line === 3 && result.column === 2,
      `position ${result.position} line ${result.line} column ${result.column}`);
    assertThrows(() => lib.parseBinary('[1]'), TypeError, 'a string argument');
  });

  await check('views, DataView and SharedArrayBuffer inputs', () => {
    const bytes = utf8('{"a":[1,2]}');
    const padded = new Uint8Array(bytes.length + 6);
    padded.set(bytes, 3);
    assertMatchesOracle('subarray', padded.subarray(3, 3 + bytes.length));
    const viaDataView = lib.parseBinary(new DataView(padded.buffer, 3, bytes.length));
    assert(viaDataView.ok && viaDataView.value.a[1] === 2, 'DataView input');
    assert(globalThis.crossOriginIsolated === true, 'the page is not cross-origin isolated: no SharedArrayBuffer');
    const shared = new SharedArrayBuffer(bytes.length);
    new Uint8Array(shared).set(bytes);
    const viaShared = lib.parseBinary(shared);
    assert(viaShared.ok && viaShared.value.a[0] === 1, 'SharedArrayBuffer input');
  });

  await check('invalid UTF-8 is replaced like TextDecoder does, and fails in fatal mode', () => {
    for (const run of INVALID_UTF8) {
      const bytes = Uint8Array.from([0x22, 0x61, ...run, 0x62, 0x22]);
      assertMatchesOracle(`[${run}]`, bytes);
      assert(lib.parseBinary(bytes, { fatal: true }).ok === false, `fatal [${run}] parsed`);
    }
    assertMatchesOracle('BOM', Uint8Array.from([0xef, 0xbb, 0xbf, 0x5b, 0x5d]));
    // Long enough to be read in place, decoded whole: only the leading byte order mark is dropped.
    const withMarks = new TextEncoder().encode(`\ufeff \n {"text": "\ufeff kept", "list": [${'1, '.repeat(40)}2]} \r\n`);
    assertMatchesOracle('BOM, blanks, and a U+FEFF inside a string', withMarks);
    assertMatchesOracle('the same, shifted in its buffer', new Uint8Array([0x20, ...withMarks, 0x20]).subarray(1, withMarks.length + 1));
  });

  await check('escaped keys come out right after JSON.parse has made a backslash key (V8 13.6 to 15.0 get them wrong)', () => {
    // The page's JSON.parse learns the shape first, as in the bug report; the bundle probes the
    // engine and sends such documents to JSON.parse only where it gets them right.
    JSON.parse('{"a":1,"\\\\":2}');
    const native = Object.keys(JSON.parse('{"a":1,"\\n":3}'));
    notes.push(`native JSON.parse gave the keys ${JSON.stringify(native)} for {"a":1,"\\n":3} after {"a":1,"\\\\":2} (right: ["a","\\n"])`);
    // Escapes in values alone let a document go to JSON.parse; an escaped key after them keeps it away.
    const routes = [
      ['{"a":1,"\\n":3}', ['a', '\n']],
      ['{"a":1,"\\u0041":3}', ['a', 'A']],
      ['[{"a":1,"\\t":"x\\ny"}]', null],
      ['{"v":"x\\ny \\"q\\\\","w":"\\\\","\\n":3}', ['v', 'w', '\n']],
      ['{"v":"line\\nnext \\"quoted\\"","a":"\\u00e9"}', ['v', 'a']],
    ];
    for (const [text, keys] of routes) {
      const result = lib.parseBinary(utf8(text));
      assert(result.ok, `${text}: ${result.message}`);
      const got = Object.keys(keys === null ? result.value[0] : result.value);
      const want = keys ?? ['a', '\t'];
      assert(firstDifference(got, want) === undefined, `${text}: keys ${JSON.stringify(got)}`);
    }
    const routed = lib.parseBinary(utf8(routes[4][0])).value;
    assert(routed.v === 'line\nnext "quoted"' && routed.a === '\u00e9', `values ${JSON.stringify(routed)}`);
  });

  await check('nesting 100000 deep parses', () => {
    const depth = 100_000;
    const result = lib.parseBinary(utf8(`${'['.repeat(depth)}${']'.repeat(depth)}`));
    assert(result.ok, `failed: ${result.message}`);
  });

  await check('detach uses transfer and empties buffers and views', async () => {
    assert(lib.detachStrategy === 'transfer', `strategy ${lib.detachStrategy}`);
    const buffer = new ArrayBuffer(4 * 1024 * 1024);
    const view = new Uint8Array(buffer);
    view.fill(1);
    lib.detach(buffer);
    assert(buffer.byteLength === 0 && view.length === 0, 'not detached');
    const fetched = await (await fetch('/corpus/index.json')).arrayBuffer();
    lib.detach(fetched);
    assert(fetched.byteLength === 0, 'a fetched body was not detached');
    assertThrows(() => lib.detach(new SharedArrayBuffer(8)), TypeError, 'detach(SharedArrayBuffer)');
    assertThrows(() => lib.detach(new Uint8Array(new ArrayBuffer(8), 2, 4)), TypeError, 'detach(part of a buffer)');
  });

  await check('the body bundle parses Response bodies and fetched documents', async () => {
    const body = await import(`${packageUrl}/dist/browser/body.js`);
    const parsed = await body.parseBody(new Response('{"list":[1,2,3]}'));
    assert(parsed.ok && parsed.value.list[2] === 3, `parseBody(Response): ${JSON.stringify(parsed)}`);
    const invalid = await body.parseBody(new Response('{"list":'));
    assert(invalid.ok === false && invalid.status === 400, `invalid body: ${JSON.stringify(invalid)}`);
    const tooLarge = await body.parseBody(new Response('[1,2,3]'), { limit: 3 });
    assert(tooLarge.ok === false && tooLarge.status === 413, `too large: ${JSON.stringify(tooLarge)}`);
    const fetched = await body.parseBody(await fetch('/corpus/index.json'));
    assert(fetched.ok && Array.isArray(fetched.value), 'parseBody(fetch response)');
  });

  await check('the auto bundle installs JSON.parseBinary and ArrayBuffer.prototype.detach', async () => {
    const auto = await import(`${packageUrl}/dist/browser/auto.js`);
    assert(auto.installed.parseBinary === 'installed' && auto.installed.detach === 'installed',
      `report ${JSON.stringify(auto.installed)}`);
    const descriptor = Object.getOwnPropertyDescriptor(JSON, 'parseBinary');
    assert(descriptor.writable && descriptor.configurable && !descriptor.enumerable, 'JSON.parseBinary descriptor');
    assert(JSON.parseBinary.name === 'parseBinary' && JSON.parseBinary.length === 1, 'JSON.parseBinary name/length');
    assert(ArrayBuffer.prototype.detach.name === 'detach' && ArrayBuffer.prototype.detach.length === 0, 'detach name/length');
    assertThrows(() => new JSON.parseBinary(), TypeError, 'new JSON.parseBinary()');
    const bytes = utf8('{"b":true}');
    const result = JSON.parseBinary(bytes.buffer);
    assert(result.ok && result.value.b === true, 'JSON.parseBinary result');
    const buffer = new ArrayBuffer(16);
    assert(buffer.detach() === undefined && buffer.byteLength === 0, 'buffer.detach()');
    const detach = ArrayBuffer.prototype.detach;
    for (const receiver of [new SharedArrayBuffer(8), new Uint8Array(8), new Proxy(new ArrayBuffer(8), {}), {}]) {
      assertThrows(() => detach.call(receiver), TypeError, `detach on ${Object.prototype.toString.call(receiver)}`);
    }
    assert(lib.install().parseBinary === 'present', 'install() after auto did not report present');
  });

  return { passed, failed: failures.length, failures, notes };
}
