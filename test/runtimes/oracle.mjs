// What every test and benchmark compares parseBinary against, usable on every runtime and in the
// browser page (Node built-ins only where the runtime has them): JSON.parse of the TextDecoder'd
// bytes, the one deep-equal of the project, an honest second opinion from a fresh realm for the
// engines whose JSON.parse is wrong, and generated documents.

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** `{ ok, value }` as `JSON.parse(new TextDecoder().decode(bytes))` sees the bytes. */
export function oracle(bytes) {
  try {
    return { ok: true, value: JSON.parse(decoder.decode(bytes)) };
  } catch {
    return { ok: false };
  }
}

/** UTF-8 bytes of a string. */
export function utf8(text) {
  return encoder.encode(text);
}

/**
 * The path of the first difference between two parsed JSON values, or undefined when they are
 * the same: same types, same numbers (-0 included), same strings, same own keys in the same order
 * with the same attributes, and the same prototypes. Iterative, so no depth overflows the stack.
 * The one deep-equal of the project: the vitest suites, the runtime smoke suites, the browser page
 * and the benchmarks all use it.
 */
export function firstDifference(actual, expected, path = '$') {
  const pending = [[actual, expected, path]];
  while (pending.length > 0) {
    const [a, b, at] = pending.pop();
    if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
      if (!Object.is(a, b)) return `${at}: ${show(a)} instead of ${show(b)}`;
      continue;
    }
    if (Array.isArray(a) !== Array.isArray(b)) return `${at}: array and object mixed up`;
    if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${at}: different prototypes`;
    const keysA = Reflect.ownKeys(a);
    const keysB = Reflect.ownKeys(b);
    if (keysA.length !== keysB.length) return `${at}: ${keysA.length} entries instead of ${keysB.length}`;
    for (let i = keysA.length - 1; i >= 0; i--) {
      const key = keysA[i];
      if (key !== keysB[i]) return `${at}: key ${show(key)} where ${show(keysB[i])} was expected`;
      const own = Object.getOwnPropertyDescriptor(a, key);
      const other = Object.getOwnPropertyDescriptor(b, key);
      if (own.enumerable !== other.enumerable || own.writable !== other.writable || own.configurable !== other.configurable) {
        return `${at}[${show(key)}]: different property attributes`;
      }
      pending.push([own.value, other.value, `${at}[${show(key)}]`]);
    }
  }
  return undefined;
}

function show(value) {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > 60 ? `${text.slice(0, 60)}...` : text;
}

// Node, Bun and Deno all offer node:vm through process.getBuiltinModule; a browser has neither.
const vm = globalThis.process?.getBuiltinModule?.('node:vm') ?? null;

/** Whether this runtime can parse in a fresh realm, where a second opinion comes from. */
export const canParseInFreshRealm = vm !== null;

/**
 * A copy of `foreign` (a value from another realm) made of this realm's objects and arrays, built
 * by ordinary code: V8's JSON.parse bug (see honestDifference) never touches objects built so.
 */
function adopt(foreign) {
  if (foreign === null || typeof foreign !== 'object') return foreign;
  const root = Array.isArray(foreign) ? [] : {};
  const pending = [[foreign, root]];
  while (pending.length > 0) {
    const [from, to] = pending.pop();
    for (const key of Object.keys(from)) {
      let value = from[key];
      if (value !== null && typeof value === 'object') {
        const copy = Array.isArray(value) ? [] : {};
        pending.push([value, copy]);
        value = copy;
      }
      // Defining keeps "__proto__" an own data property, as JSON.parse makes it.
      Object.defineProperty(to, key, { value, enumerable: true, writable: true, configurable: true });
    }
  }
  return root;
}

/**
 * `JSON.parse(text)` in a new realm (a fresh node:vm context), brought back as this realm's
 * values; undefined where no such realm can be made (browsers) or the text does not parse.
 */
export function parseInFreshRealm(text) {
  if (vm === null) return undefined;
  try {
    return { value: adopt(vm.runInNewContext('JSON.parse(text)', { text })) };
  } catch {
    return undefined;
  }
}

const honestDecoder = new TextDecoder();

/**
 * Compares parseBinary's `actual` value with the oracle's `expected` one for `bytes`, honestly.
 * V8 13.6 to 15.0 (Node 24, Node 26, Deno 2.9) have a JSON.parse bug: once JSON.parse has built
 * an object with keys "a" and "\\", a later `{"a":1,"\n":3}` gets the key "\\" too. So on a
 * mismatch the text is parsed again in a fresh realm, which has no earlier shapes: when parseBinary
 * agrees with that second opinion, native was the one that was wrong. The second opinion is only
 * asked on a mismatch: a parser making native's very mistake would pass here.
 * @returns {{ difference?: string, nativeWrong?: string }} `difference` when parseBinary is wrong;
 *   `nativeWrong` (how native differed) when native was wrong and parseBinary right; neither when
 *   both agree.
 */
export function honestDifference(actual, expected, bytes) {
  const difference = firstDifference(actual, expected);
  if (difference === undefined) return {};
  const fresh = parseInFreshRealm(honestDecoder.decode(bytes));
  if (fresh === undefined) return { difference };
  const freshDifference = firstDifference(actual, fresh.value);
  return freshDifference === undefined ? { nativeWrong: difference } : { difference: freshDifference };
}

/** A small deterministic generator (mulberry32), so failures reproduce from the seed. */
export function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STRING_PIECES = [
  'a', 'key', 'hello world', ' ', '"', '\\', '/', '\b\f\n\r\t', '\u0000', '\u001f', '\u007f',
  'é', 'ß', '€', '中文', 'ｱ', '😀', '𝄞', '\ud800', '\udfff', '\u2028\u2029', '\ufeff', '0', '__proto__',
];

/** A random string mixing ASCII, escapes, 2-, 3- and 4-byte characters and lone surrogates. */
export function randomString(next, maxPieces = 6) {
  let text = '';
  const count = Math.floor(next() * (maxPieces + 1));
  for (let i = 0; i < count; i++) text += STRING_PIECES[Math.floor(next() * STRING_PIECES.length)];
  if (next() < 0.2) text += 'x'.repeat(Math.floor(next() * 40));
  return text;
}

/** A random number, as JSON would hold it: integers, fractions, extremes, exponents. */
export function randomNumber(next) {
  switch (Math.floor(next() * 8)) {
    case 0: return Math.floor(next() * 100);
    case 1: return -Math.floor(next() * 2 ** 53);
    case 2: return next() * 1000 - 500;
    case 3: return (next() - 0.5) * 10 ** Math.floor(next() * 600 - 300);
    case 4: return [0, -0, 1, -1, 5e-324, 1.7976931348623157e308, 2 ** 53, 2 ** 53 + 2, 0.1, 1e21, 1e-7][Math.floor(next() * 11)];
    case 5: return Math.round(next() * 1e6) / 100;
    case 6: return Number((next() * 100).toFixed(Math.floor(next() * 17)));
    default: return Math.floor(next() * 2 ** 31) * (next() < 0.5 ? 1 : -1);
  }
}

/** A random JSON value of bounded depth and width. */
export function randomValue(next, depth = 4) {
  const kind = Math.floor(next() * (depth > 0 ? 8 : 5));
  switch (kind) {
    case 0: return null;
    case 1: return next() < 0.5;
    case 2: return randomNumber(next);
    case 3:
    case 4: return randomString(next);
    case 5:
    case 6: {
      const object = {};
      const size = Math.floor(next() * 6);
      for (let i = 0; i < size; i++) {
        // Defining keeps "__proto__" an own data property, as JSON.parse makes it.
        Object.defineProperty(object, next() < 0.15 ? String(Math.floor(next() * 20)) : randomString(next, 3), {
          value: randomValue(next, depth - 1), enumerable: true, writable: true, configurable: true,
        });
      }
      return object;
    }
    default: {
      const size = Math.floor(next() * 6);
      return Array.from({ length: size }, () => randomValue(next, depth - 1));
    }
  }
}

/** Number texts JSON.stringify never writes: long significands, big exponents, exact halves. */
export function randomNumberText(next) {
  const digits = (count) => Array.from({ length: count }, () => Math.floor(next() * 10)).join('');
  let text = next() < 0.3 ? '-' : '';
  const whole = digits(1 + Math.floor(next() * 22));
  text += whole.length > 1 ? whole.replace(/^0+/, '') || '0' : whole;
  if (next() < 0.6) text += `.${digits(1 + Math.floor(next() * 25))}`;
  if (next() < 0.5) text += `${next() < 0.5 ? 'e' : 'E'}${['', '+', '-'][Math.floor(next() * 3)]}${Math.floor(next() * 340)}`;
  return text;
}

/**
 * Named documents made on the spot, used when ../shared/corpus is not there and always as a
 * supplement: compact and pretty-printed random values, number texts, and a large document.
 */
export function generatedDocuments(seed = 1, count = 40) {
  const next = random(seed);
  const documents = [];
  for (let i = 0; i < count; i++) {
    const value = randomValue(next, 5);
    const text = i % 3 === 0 ? JSON.stringify(value, null, i % 2 === 0 ? 2 : '\t') : JSON.stringify(value);
    documents.push({ name: `generated-${seed}-${i}`, bytes: utf8(text ?? 'null') });
  }
  const numbers = Array.from({ length: 400 }, () => randomNumberText(next));
  documents.push({ name: `numbers-${seed}`, bytes: utf8(`[${numbers.join(',')}]`) });
  const records = Array.from({ length: 3000 }, (_, i) => ({
    id: i,
    name: randomString(next, 4),
    score: randomNumber(next),
    tags: [randomString(next, 2), randomString(next, 2)],
    active: i % 2 === 0,
    parent: i > 0 ? { id: i - 1 } : null,
  }));
  documents.push({ name: `records-${seed}`, bytes: utf8(JSON.stringify({ records }, null, 1)) });
  return documents;
}

/** Byte sequences that are not valid UTF-8, each put inside a JSON string by the suites. */
export const INVALID_UTF8 = [
  [0xff], [0xfe], [0x80], [0xbf], [0xc0, 0xaf], [0xc1, 0xbf], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80],
  [0xed, 0xbf, 0xbf], [0xf0, 0x8f, 0xbf, 0xbf], [0xf4, 0x90, 0x80, 0x80], [0xf5, 0x80, 0x80, 0x80],
  [0xc3], [0xe2, 0x82], [0xf0, 0x9f, 0x98], [0xe2, 0x28, 0xa1], [0xf0, 0x28, 0x8c, 0x28],
  [0xc3, 0x28], [0x80, 0x80, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80],
];
