// A hostile program around the parser: prototype methods and getters of the typed arrays patched
// after the library loaded, own properties on the caller's array, a subclass that overrides
// everything. The parser must read exactly the input's real bytes whatever the program did, on
// every path that touches a typed array: short inputs and inputs of 1 KB and more, shared memory,
// escapes with long raw runs, long and non-ASCII strings, lone surrogates, long numbers, fatal mode,
// and failures with their line and column. Plain JavaScript, for the vitest files and for the smoke
// suite that runs on every runtime.
import { firstDifference, oracle, utf8 } from './oracle.mjs';

const fatalDecoder = new TextDecoder('utf-8', { fatal: true });

/** The oracle, with a decoder that refuses ill-formed UTF-8 for `fatal`. */
function reference(bytes, fatal) {
  if (!fatal) return oracle(bytes);
  try {
    fatalDecoder.decode(bytes);
  } catch {
    return { ok: false };
  }
  return oracle(bytes);
}

const typedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype);
const TypedArray = Object.getPrototypeOf(Uint8Array);

const letters = (seed, length) => Array.from({ length }, (_, index) => String.fromCharCode(0x61 + ((index * 7 + seed) % 26))).join('');

/** Documents that reach every use of a typed array in the parser; each short and padded past 1 KB. */
const cores = [
  ['escapes between long runs', JSON.stringify({ text: `${letters(1, 40)}\n${letters(2, 70)}\t"${letters(3, 20)}"`, n: [1, 2, 3] })],
  ['long ASCII strings and keys', JSON.stringify({ [letters(4, 30)]: letters(5, 90), list: [letters(6, 25), letters(7, 300)] })],
  ['non-ASCII strings', JSON.stringify({ short: 'héllo', ru: 'Привет, как дела? '.repeat(4), zh: '你好世界'.repeat(20), emoji: '😀'.repeat(9) })],
  ['lone surrogates', `["${'\\ud800x'.repeat(20)}", "a\\udc00"]`],
  ['a long escaped string', JSON.stringify([`${letters(8, 700)}\n`.repeat(3)])],
  ['long numbers', '[12345678901234567890, 1.2345678901234567890123, 123456789012345678901234567890123456789012345678901234567890, -0.0000000000000000000000001e-5]'],
  ['indentation', JSON.stringify({ a: [1, 2, { b: 'c' }], d: { e: [true, false, null] } }, null, 8)],
];

/** Failing documents: the failure's message, line and column must not change either. */
const failures = [
  '{\n  "é": "ü",\r\n  "x": [1, 2,\n  "bad" } ',
  '["ok", "ü", é]',
  '[1, 2, "unterminated',
  `["${letters(9, 80)}\u0001"]`,
];

/** Invalid UTF-8 inside a string (for the replacement and fatal paths). */
const invalidUtf8 = new Uint8Array([0x5b, 0x22, 0x41, 0xff, 0xc3, 0x28, 0xe2, 0x82, 0x22, 0x2c, 0x22, ...utf8(letters(10, 40)), 0xf0, 0x9f, 0x22, 0x5d]);

/** Parsed before each case, so that buffers kept across parses hold other bytes than the case's. */
const scrambler = utf8(`[${JSON.stringify('Z'.repeat(1014))}]`);

/** A document padded with spaces to at least `length` bytes, so that it takes the long inputs' path. */
const padded = (text, length) => (text.length >= length ? text : `${text}${' '.repeat(length - text.length)}`);

/** Every case: a name, the bytes, and the options to parse them with. */
export function hostileCases() {
  const all = [];
  for (const [name, text] of cores) {
    all.push({ name, bytes: utf8(text) }, { name: `${name}, past 1 KB`, bytes: utf8(padded(text, 1500)) });
  }
  // Past 16 KB, where Bun too parses a view of the input instead of a copy.
  all.push({ name: 'escapes between long runs, past 16 KB', bytes: utf8(padded(cores[0][1], 17000)) });
  for (const text of failures) all.push({ name: `failure ${JSON.stringify(text.slice(0, 20))}`, bytes: utf8(text) });
  all.push({ name: 'invalid UTF-8', bytes: invalidUtf8 }, { name: 'invalid UTF-8, fatal', bytes: invalidUtf8, options: { fatal: true } });
  all.push({ name: 'well-formed, fatal', bytes: utf8(cores[2][1]), options: { fatal: true } });
  all.push({ name: 'a leading BOM', bytes: new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(cores[0][1])]) });
  // Eight chunks of 4,096 numbers: more than the spares kept for good, so some are held by a WeakRef.
  all.push({ name: 'a long array of numbers', bytes: utf8(JSON.stringify(Array.from({ length: 8 * 4096 + 5 }, (_, index) => index % 977))) });
  return all;
}

/** The forms a caller may pass the same bytes in; each holds a fresh copy of them. */
export const inputForms = [
  ['Uint8Array', (bytes) => bytes.slice()],
  ['Uint8Array inside a larger buffer', (bytes) => {
    const view = new Uint8Array(new ArrayBuffer(bytes.length + 13), 5, bytes.length);
    view.set(bytes);
    return view;
  }],
  ['Int8Array', (bytes) => new Int8Array(bytes.slice().buffer)],
  ['Uint8ClampedArray', (bytes) => new Uint8ClampedArray(bytes.slice().buffer)],
  ['ArrayBuffer', (bytes) => bytes.slice().buffer],
  ['DataView', (bytes) => new DataView(bytes.slice().buffer)],
  ['SharedArrayBuffer view', (bytes) => {
    const view = new Uint8Array(new SharedArrayBuffer(bytes.length));
    view.set(bytes);
    return view;
  }],
];

/** Redefines `key` on `target` until the returned undo runs. */
function redefine(target, key, descriptor) {
  const saved = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { configurable: true, ...descriptor });
  return () => {
    if (saved === undefined) delete target[key];
    else Object.defineProperty(target, key, saved);
  };
}

const junk = () => new Uint8Array([0x5b, 0x39, 0x5d]);
function Junk() {
  return junk();
}
Junk[Symbol.species] = Junk;

/** Patches a program might make after the library loaded, each alone; each returns its undo. */
export const prototypePatches = [
  ['%TypedArray%.prototype.length getter', () => redefine(typedArrayPrototype, 'length', { get: () => 3 })],
  ['%TypedArray%.prototype.byteLength getter', () => redefine(typedArrayPrototype, 'byteLength', { get: () => 1 })],
  ['%TypedArray%.prototype.byteOffset getter', () => redefine(typedArrayPrototype, 'byteOffset', { get: () => 1 })],
  ['%TypedArray%.prototype.buffer getter', () => redefine(typedArrayPrototype, 'buffer', { get: () => junk().buffer })],
  ['%TypedArray%.prototype.subarray', () => redefine(typedArrayPrototype, 'subarray', { value: junk, writable: true })],
  ['%TypedArray%.prototype.slice', () => redefine(typedArrayPrototype, 'slice', { value: junk, writable: true })],
  ['%TypedArray%.prototype.set', () => redefine(typedArrayPrototype, 'set', { value: () => undefined, writable: true })],
  ['%TypedArray%.prototype.indexOf', () => redefine(typedArrayPrototype, 'indexOf', { value: () => -1, writable: true })],
  ['%TypedArray%.prototype.fill', () => redefine(typedArrayPrototype, 'fill', { value: () => undefined, writable: true })],
  ['Uint8Array.prototype.subarray', () => redefine(Uint8Array.prototype, 'subarray', { value: junk, writable: true })],
  ['Uint8Array.prototype.constructor', () => redefine(Uint8Array.prototype, 'constructor', { value: Junk, writable: true })],
  ['%TypedArray%[Symbol.species]', () => redefine(TypedArray, Symbol.species, { get: () => Junk })],
  ['ArrayBuffer.prototype.byteLength getter', () => redefine(ArrayBuffer.prototype, 'byteLength', { get: () => 1 })],
  ['ArrayBuffer.prototype.slice', () => redefine(ArrayBuffer.prototype, 'slice', { value: () => junk().buffer, writable: true })],
  // The key compares read the input through a DataView of their own.
  ['DataView.prototype.getInt32', () => redefine(DataView.prototype, 'getInt32', { value: () => { throw new Error('patched getInt32'); }, writable: true })],
  // Strings with escapes are written to scratch space a word at a time through one (Node, Deno).
  ['DataView.prototype.setUint32', () => redefine(DataView.prototype, 'setUint32', { value: () => { throw new Error('patched setUint32'); }, writable: true })],
  ['globalThis.DataView', () => redefine(globalThis, 'DataView', { value: Junk, writable: true })],
  // The chunks of long arrays of numbers are held by a WeakRef between parses.
  ['WeakRef.prototype.deref', () => redefine(WeakRef.prototype, 'deref', { value: () => { throw new Error('patched deref'); }, writable: true })],
  ['globalThis.WeakRef', () => redefine(globalThis, 'WeakRef', { value: Junk, writable: true })],
];

/** Gives `view` own properties that lie about it. */
function withOwnProperties(view) {
  for (const key of ['length', 'byteLength', 'byteOffset']) Object.defineProperty(view, key, { value: 1 });
  Object.defineProperty(view, 'buffer', { value: junk().buffer });
  for (const key of ['subarray', 'slice']) Object.defineProperty(view, key, { value: junk });
  Object.defineProperty(view, 'set', { value: () => undefined });
  Object.defineProperty(view, 'indexOf', { value: () => -1 });
  Object.defineProperty(view, 'constructor', { value: Junk });
  return view;
}

/** A subclass that lies in every getter and method it can override, and in its species. */
class Lying extends Uint8Array {}
for (const key of ['length', 'byteLength', 'byteOffset']) Object.defineProperty(Lying.prototype, key, { get: () => 1 });
Object.defineProperty(Lying.prototype, 'buffer', { get: () => junk().buffer });
for (const key of ['subarray', 'slice']) Object.defineProperty(Lying.prototype, key, { value: junk });
Object.defineProperty(Lying.prototype, 'set', { value: () => undefined });
Object.defineProperty(Lying.prototype, 'indexOf', { value: () => -1 });
Object.defineProperty(Lying, Symbol.species, { get: () => Junk });

/** The forms of a caller's array that lies about itself. */
export const lyingForms = [
  ['Uint8Array with own properties', (bytes) => withOwnProperties(bytes.slice())],
  ['Uint8Array with own properties, inside a larger buffer', (bytes) => {
    const view = new Uint8Array(new ArrayBuffer(bytes.length + 9), 4, bytes.length);
    view.set(bytes);
    return withOwnProperties(view);
  }],
  ['a lying subclass', (bytes) => {
    const view = new Lying(bytes.length);
    Uint8Array.prototype.set.call(view, bytes);
    return view;
  }],
];

/** What differs between two parse results, or undefined. */
function resultDifference(got, want) {
  if (typeof got === 'string') return got;
  if (got.ok !== want.ok) return `ok is ${got.ok}, untouched ${want.ok}${got.ok ? '' : ` (${got.message})`}`;
  if (!got.ok) {
    for (const key of ['code', 'message', 'position', 'line', 'column']) if (got[key] !== want[key]) return `${key} ${got[key]}, untouched ${want[key]}`;
    return undefined;
  }
  return firstDifference(got.value, want.value);
}

/**
 * Parses each case in each form under `hostile` (applied just before the parse and undone right
 * after, so that nothing else sees it) and lists every result that differs from the untouched
 * parse, itself checked against JSON.parse. Three parses of each: a document's first parse and
 * later ones take different paths.
 */
export function hostileDifferences(parse, hostile, forms = inputForms) {
  const differences = [];
  let parsed = 0;
  for (const { name, bytes, options } of hostileCases()) {
    const want = parse(bytes.slice(), options);
    const expected = reference(bytes, options?.fatal ?? false);
    const agreement = want.ok !== expected.ok ? 'ok differs from JSON.parse' : want.ok ? firstDifference(want.value, expected.value) : undefined;
    if (agreement !== undefined) differences.push(`${name}, untouched: ${agreement}`);
    for (const [formName, form] of forms) {
      for (let round = 0; round < 3; round++) {
        // Other bytes in whatever the parser keeps across parses (a copy of the input, say).
        parse(scrambler.slice());
        const input = form(bytes);
        const undo = hostile();
        let got;
        try {
          got = parse(input, options);
        } catch (error) {
          got = `threw ${String(error)}`;
        } finally {
          undo();
        }
        const difference = resultDifference(got, want);
        if (difference !== undefined) differences.push(`${name}, ${formName}, round ${round}: ${difference}`);
        parsed++;
      }
    }
  }
  if (parsed === 0) differences.push('nothing parsed');
  return differences;
}
