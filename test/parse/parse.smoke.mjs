// parseBinary from the built dist/ against the oracle (JSON.parse of the TextDecoder'd bytes) on
// every runtime of the matrix: generated documents, ../shared/corpus when it is there, failures,
// deep nesting, BOM, invalid UTF-8, fatal mode and every kind of input.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseBinary } from '../../dist/index.js';
import { check, assert, assertThrows, report } from '../support/smoke.mjs';
import { assertFailureShape, parseVerdict } from '../support/parse-verdict.mjs';
import { firstDifference, generatedDocuments, INVALID_UTF8, utf8 } from '../runtimes/oracle.mjs';

const corpus = fileURLToPath(new URL('../../../shared/corpus', import.meta.url));

// Documents where this engine's JSON.parse was wrong and parseBinary right (see native-key-bug.smoke.mjs).
let nativeWrong = 0;

/** Fails with the first difference between parseBinary and the (honest) oracle on these bytes. */
function assertMatchesOracle(name, bytes, options) {
  const verdict = parseVerdict(parseBinary(bytes, options), bytes, options);
  assert(verdict.problem === undefined, `${name}: ${verdict.problem}`);
  if (verdict.nativeWrong) nativeWrong++;
}

function depthOf(value) {
  let depth = 0;
  while (Array.isArray(value)) {
    depth++;
    value = value[0];
  }
  return depth;
}

function stringDocument(...byteRuns) {
  return Uint8Array.from([0x22, ...byteRuns.flat(), 0x22]);
}

await check('generated documents match JSON.parse, key order included', () => {
  for (const seed of [1, 2, 3]) {
    for (const { name, bytes } of generatedDocuments(seed)) assertMatchesOracle(name, bytes);
  }
});

await check('large objects of index keys and numbers (built by the engine on V8) match JSON.parse', () => {
  const numbers = ['0', '-0', '17', '-3.5', '1e400', '2E-7', '123456789012345678901', '0.1'];
  for (const count of [63, 64, 65, 3000]) {
    const members = Array.from({ length: count }, (_, index) => `"${(index * 37) % 5000}":${numbers[index % numbers.length]}`);
    const compact = `{${members.join(',')}}`;
    assertMatchesOracle(`index object of ${count}`, utf8(`[${compact},${compact.replaceAll(',', ' ,\n ')}]${' '.repeat(1100)}`));
    const bad = utf8(`[${compact.slice(0, -1)},"9":1:2}]${' '.repeat(1100)}`);
    assertMatchesOracle(`index object of ${count}, bad number at its end`, bad);
  }
});

await check('large inputs with string-heavy subtrees (built by the engine on V8) match JSON.parse', () => {
  const sentence = (index) => `Строка ${index}: a line of prose long enough to count, "quoted" and é, ${'word '.repeat(index % 7)}行.`;
  const map = (count, offset) => `{${Array.from({ length: count }, (_, index) => `"name_${offset + index}":${JSON.stringify(sentence(index))}`).join(',')}}`;
  const text = `{"numbers":[1,2.5,-0],"a":${map(3000, 0)},"b":[${map(2000, 5000)},${map(6000, 9000)}],"c":${map(3000, 20000)}}`;
  const bytes = utf8(text);
  assert(bytes.length > 1 << 20, `the document is ${bytes.length} bytes, under the plan's 1 MiB`);
  assertMatchesOracle('prose maps past 1 MiB', bytes);
  assertMatchesOracle('prose maps past 1 MiB, guarded keys', bytes, { protoAction: 'error' });
  const cut = text.indexOf('"name_9500":');
  assertMatchesOracle('prose maps past 1 MiB, a missing colon deep inside', utf8(`${text.slice(0, cut)}"name_9500" "x",${text.slice(cut)}`));
});

await check('long ASCII documents with a few other characters (escaped for JSON.parse on V8 14) match JSON.parse', () => {
  const records = (extra) => `[${Array.from({ length: 9000 }, (_, index) => `{"id":${index},"name":"record number ${index}","tags":["alpha","beta"]${index % 97 === 0 ? extra(index) : ''}}`).join(',')}]`;
  const cases = {
    'accents and emoji in values': records((index) => `,"city":"Zürich ${index} 😀"`),
    'one in a key': records((index) => (index === 4850 ? ',"straße":1' : `,"note":"é${index}"`)),
    'ill-formed bytes in values': records(() => ',"raw":"a\uFFFD"'),
  };
  for (const [name, text] of Object.entries(cases)) {
    const bytes = utf8(text);
    assert(bytes.length > 448 * 1024, `${name}: ${bytes.length} bytes, under the pieces' 448 KB`);
    assertMatchesOracle(name, bytes);
    assertMatchesOracle(`${name}, body options`, bytes, { protoAction: 'error', constructorAction: 'error', maxDepth: 1000 });
  }
  const valid = utf8(cases['accents and emoji in values']);
  const broken = Uint8Array.from(valid);
  broken[valid.indexOf(0xc3)] = 0xff; // an ill-formed byte where é was
  assertMatchesOracle('an ill-formed byte', broken);
  for (const [name, find, replace] of [
    ['a character after a backslash', 'Zürich 0 ', 'Z\\ürich 0 '],
    ['an invalid escape of a character', 'Zürich 0 ', 'Z\ürich 0 '],
    ['a character outside strings', '"city":"Zürich 97', '"city":ü,"x":"Zürich 97'],
  ]) {
    assertMatchesOracle(name, utf8(cases['accents and emoji in values'].replace(find, replace)));
  }
});

await check('corpus documents match JSON.parse (when ../shared/corpus exists)', () => {
  if (!existsSync(corpus)) return;
  for (const file of ['twitter.json', 'citm_catalog.json', 'canada.json']) {
    const path = join(corpus, file);
    if (existsSync(path)) assertMatchesOracle(file, new Uint8Array(readFileSync(path)));
  }
});

await check('JSONTestSuite test_parsing: every file agrees with JSON.parse (when present)', () => {
  const folder = existsSync(corpus) ? findFolder(corpus, 'test_parsing') : undefined;
  if (!folder) return;
  const files = readdirSync(folder).filter((file) => file.endsWith('.json'));
  assert(files.length > 100, `only ${files.length} files in ${folder}`);
  const mismatches = [];
  for (const file of files) {
    try {
      assertMatchesOracle(file, new Uint8Array(readFileSync(join(folder, file))));
    } catch (error) {
      mismatches.push(error.message);
    }
  }
  assert(mismatches.length === 0, `${mismatches.length} mismatches:\n  ${mismatches.slice(0, 20).join('\n  ')}`);
});

function findFolder(root, name) {
  const pending = [root];
  while (pending.length > 0) {
    const folder = pending.pop();
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const path = join(folder, entry.name);
      if (entry.name === name) return path;
      pending.push(path);
    }
  }
  return undefined;
}

await check('failures are results with message, position, line and column', () => {
  const bytes = utf8('[1,\n2,\n x]');
  const result = parseBinary(bytes);
  assertFailureShape('bad literal', result, bytes);
  assert(result.position === 8, `position ${result.position}, expected 8`);
  assert(result.line === 3 && result.column === 2, `line ${result.line} column ${result.column}, expected 3:2`);
  for (const text of ['', ' ', '{', '[1,]', '{"a":}', '{"a" 1}', '01', '1 2', 'tru', '"abc', '"\\x"', "'a'", 'NaN', '[1]]', '"\t"']) {
    const input = utf8(text);
    assertFailureShape(JSON.stringify(text), parseBinary(input), input);
  }
});

await check('nesting 100000 deep parses without a stack overflow; maxDepth limits it', () => {
  const depth = 100_000;
  const bytes = utf8(`${'['.repeat(depth)}${']'.repeat(depth)}`);
  const result = parseBinary(bytes);
  assert(result.ok, `deep arrays failed: ${result.message}`);
  assert(depthOf(result.value) === depth, `depth ${depthOf(result.value)}`);
  const objects = utf8(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
  assert(parseBinary(objects).ok, 'deep objects failed');
  const limited = parseBinary(bytes, { maxDepth: 1000 });
  assertFailureShape('maxDepth', limited, bytes);
  assert(parseBinary(utf8('[[1]]'), { maxDepth: 2 }).ok, 'maxDepth 2 rejects depth 2');
  assert(!parseBinary(utf8('[[[1]]]'), { maxDepth: 2 }).ok, 'maxDepth 2 accepts depth 3');
  const unclosed = utf8('['.repeat(depth));
  assertFailureShape('unclosed', parseBinary(unclosed), unclosed);
});

await check('a leading byte order mark is skipped like TextDecoder does; one elsewhere fails', () => {
  const withBom = Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8('{"a":[1]}')]);
  assertMatchesOracle('BOM', withBom);
  const result = parseBinary(withBom);
  assert(result.ok && result.value.a[0] === 1, 'BOM document not parsed');
  assertMatchesOracle('BOM only', Uint8Array.from([0xef, 0xbb, 0xbf]));
  assertMatchesOracle('BOM after space', Uint8Array.from([0x20, 0xef, 0xbb, 0xbf, 0x31]));
  assertMatchesOracle('two BOMs', Uint8Array.from([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x31]));
});

await check('invalid UTF-8 in strings becomes U+FFFD exactly as TextDecoder replaces it', () => {
  for (const run of INVALID_UTF8) {
    assertMatchesOracle(`[${run}] alone`, stringDocument(run));
    assertMatchesOracle(`[${run}] between`, stringDocument([0x61], run, [0x62, 0xc3, 0xa9]));
    assertMatchesOracle(`[${run}] as key`, Uint8Array.from([0x7b, ...stringDocument(run), 0x3a, 0x31, 0x7d]));
    assertMatchesOracle(`[${run}] unterminated`, Uint8Array.from([0x22, ...run]));
  }
  assertMatchesOracle('invalid byte outside strings', Uint8Array.from([0x5b, 0xff, 0x5d]));
});

await check('fatal mode fails on invalid UTF-8 and accepts valid UTF-8', () => {
  for (const run of INVALID_UTF8) {
    const bytes = stringDocument([0x61], run);
    assertFailureShape(`fatal [${run}]`, parseBinary(bytes, { fatal: true }), bytes);
  }
  const valid = utf8('{"€":"😀 中文 é"}');
  const result = parseBinary(valid, { fatal: true });
  assert(result.ok && result.value['€'] === '😀 中文 é', 'valid UTF-8 failed in fatal mode');
});

await check('every kind of input: ArrayBuffer, views with offsets, DataView, Buffer, SharedArrayBuffer', () => {
  const text = '{"list":[1,2,3],"name":"ok"}';
  const bytes = utf8(text);
  const expectValue = (input, label) => {
    const result = parseBinary(input);
    assert(result.ok, `${label}: ${result.message}`);
    assert(firstDifference(result.value, JSON.parse(text)) === undefined, `${label}: wrong value`);
  };
  expectValue(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), 'ArrayBuffer');
  expectValue(bytes, 'Uint8Array');
  const padded = new Uint8Array(bytes.byteLength + 10).fill(0x78);
  padded.set(bytes, 4);
  expectValue(padded.subarray(4, 4 + bytes.byteLength), 'Uint8Array with offset');
  expectValue(new DataView(padded.buffer, 4, bytes.byteLength), 'DataView with offset');
  expectValue(new Int8Array(padded.buffer, 4, bytes.byteLength), 'Int8Array');
  if (typeof globalThis.Buffer === 'function') expectValue(globalThis.Buffer.from(text), 'Buffer (pooled)');
  if (typeof globalThis.SharedArrayBuffer === 'function') {
    const shared = new SharedArrayBuffer(bytes.byteLength);
    new Uint8Array(shared).set(bytes);
    expectValue(shared, 'SharedArrayBuffer');
    expectValue(new Uint8Array(shared), 'view on SharedArrayBuffer');
  }
  const empty = new ArrayBuffer(0);
  assertFailureShape('empty ArrayBuffer', parseBinary(empty), new Uint8Array(0));
});

await check('wrong argument types are TypeErrors, not results', () => {
  for (const input of [undefined, null, 'text', 42, {}, [1, 2], { byteLength: 2 }]) {
    assertThrows(() => parseBinary(input), TypeError, `parseBinary(${String(input)})`);
  }
});

await check('__proto__ stays an own property and the prototype is untouched', () => {
  const bytes = utf8('{"__proto__":{"polluted":true},"a":1}');
  assertMatchesOracle('__proto__', bytes);
  const result = parseBinary(bytes);
  assert(result.ok && Object.getPrototypeOf(result.value) === Object.prototype, 'prototype changed');
  assert(({}).polluted === undefined, 'Object.prototype polluted');
});

await check('protoAction and constructorAction catch guarded keys spelled with escapes', () => {
  for (const [text, options] of [
    ['{"\\u005f_proto__":{"x":1}}', { protoAction: 'error' }],
    ['{"list":[{"__pr\\u006fto__":1}]}', { protoAction: 'error' }],
    ['{"c\\u006fnstructor":{"prototype":{}}}', { constructorAction: 'error' }],
    ['{"constructor":{"pr\\u006ftotype":{}}}', { constructorAction: 'error' }],
  ]) {
    const result = parseBinary(utf8(text), options);
    assert(!result.ok && result.code === 'FORBIDDEN_KEY', `${text}: expected FORBIDDEN_KEY, got ${JSON.stringify(result)}`);
  }
  const removed = parseBinary(utf8('{"a":1,"\\u005f_proto__":{"x":1}}'), { protoAction: 'remove' });
  assert(removed.ok && Object.keys(removed.value).join() === 'a', `protoAction remove kept ${JSON.stringify(removed)}`);
});

await check('guarded keys in documents read whole are found, and "proto" elsewhere does not refuse them', () => {
  const prose = 'Ünïcode prose, 日本語のテキスト, '.repeat(400);
  const guards = { protoAction: 'error', constructorAction: 'error', maxDepth: 1000 };
  for (const [name, document] of [
    ['a __proto__ key after long prose', `{"text":${JSON.stringify(prose)},"__proto__":{"x":1}}`],
    ['a __proto__ key before long prose', `{"__proto__":{"x":1},"text":${JSON.stringify(prose)}}`],
    ['a constructor with a prototype', `{"text":${JSON.stringify(prose)},"c":{"constructor":{"prototype":{}}}}`],
  ]) {
    const result = parseBinary(utf8(document), guards);
    assert(!result.ok && result.code === 'FORBIDDEN_KEY', `${name}: expected FORBIDDEN_KEY, got ${JSON.stringify(result).slice(0, 200)}`);
  }
  for (const [name, document] of [
    ['no "proto" at all', `{"text":${JSON.stringify(prose)},"n":[1,2,3]}`],
    ['"proto" in keys and values that are not guarded', `{"protocol":"https","text":${JSON.stringify(`${prose} prototype __proto__`)},"prototype":1}`],
  ]) {
    const bytes = utf8(document);
    const result = parseBinary(bytes, guards);
    assert(result.ok && JSON.stringify(result.value) === JSON.stringify(JSON.parse(document)), `${name}: ${JSON.stringify(result).slice(0, 200)}`);
    // The same document as a view whose buffer holds a guarded key past the view's end.
    const tail = utf8(',"__proto__":{"x":1}}');
    const buffer = new Uint8Array(bytes.length + tail.length);
    buffer.set(bytes);
    buffer.set(tail, bytes.length);
    const inView = parseBinary(buffer.subarray(0, bytes.length), guards);
    assert(inView.ok && JSON.stringify(inView.value) === JSON.stringify(result.value), `${name}, in a view: ${JSON.stringify(inView).slice(0, 200)}`);
  }
});

if (nativeWrong > 0) console.log(`note: native JSON.parse was wrong (a fresh realm agreed with parseBinary) on ${nativeWrong} documents`);
report('parse');
