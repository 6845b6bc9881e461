// fast-check arbitraries for JSON *texts*: random values written with random whitespace, escapes
// and number spellings, so the parser meets every way a document can be written.
import fc from 'fast-check';

const whitespace = fc.array(fc.constantFrom(' ', '\t', '\n', '\r'), { maxLength: 3 }).map((parts) => parts.join(''));

/** A code point as it may appear in a string: ASCII, BMP (lone surrogates included) or astral. */
const codePoint = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 0x7f }) },
  { weight: 3, arbitrary: fc.integer({ min: 0x80, max: 0xffff }) },
  { weight: 1, arbitrary: fc.integer({ min: 0x10000, max: 0x10ffff }) },
  { weight: 1, arbitrary: fc.constantFrom(0xfeff, 0xfffd, 0xfffe, 0xffff, 0x2028, 0x2029, 0x7f, 0x80, 0x7ff, 0x800, 0xd7ff, 0xe000, 0x10ffff) },
);

const SHORT_ESCAPES: Record<number, string> = { 0x22: '\\"', 0x5c: '\\\\', 0x2f: '\\/', 0x08: '\\b', 0x0c: '\\f', 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t' };

function unicodeEscape(unit: number, upper: boolean): string {
  const digits = unit.toString(16).padStart(4, '0');
  return `\\u${upper ? digits.toUpperCase() : digits}`;
}

/** Writes one code point raw where JSON allows it, or as one of the escapes that mean it. */
function writeCodePoint(point: number, style: number): string {
  const isSurrogate = point >= 0xd800 && point <= 0xdfff;
  const mustEscape = point < 0x20 || point === 0x22 || point === 0x5c || isSurrogate;
  if (!mustEscape && style % 4 !== 0) return String.fromCodePoint(point);
  if (SHORT_ESCAPES[point] !== undefined && style % 3 !== 0) return SHORT_ESCAPES[point];
  if (point < 0x10000) return unicodeEscape(point, style % 2 === 0);
  const offset = point - 0x10000;
  return unicodeEscape(0xd800 | (offset >> 10), style % 2 === 0) + unicodeEscape(0xdc00 | (offset & 0x3ff), style % 5 === 0);
}

export const jsonStringText = fc
  .array(fc.tuple(codePoint, fc.nat(59)), { maxLength: 24 })
  .map((points) => `"${points.map(([point, style]) => writeCodePoint(point, style)).join('')}"`);

/** Number spellings: integers, decimals, exponents, long significands, huge and tiny exponents. */
const digits = (min: number, max: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((list) => list.join(''));

export const jsonNumberText = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }).chain((value) =>
    fc.constantFrom(String(value), value.toExponential(), value.toPrecision(17), value.toFixed(Math.min(20, Math.max(0, 3)))),
  ).filter((text) => /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(text)),
  fc.integer().map(String),
  fc
    .record({
      negative: fc.boolean(),
      integer: fc.oneof(fc.constant('0'), fc.tuple(fc.integer({ min: 1, max: 9 }), digits(0, 25)).map(([lead, rest]) => `${lead}${rest}`)),
      fraction: fc.option(digits(1, 25)),
      exponent: fc.option(fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), fc.oneof(digits(1, 3), fc.integer({ min: 0, max: 400 }).map(String)))),
    })
    .map(({ negative, integer, fraction, exponent }) =>
      `${negative ? '-' : ''}${integer}${fraction === null ? '' : `.${fraction}`}${exponent === null ? '' : exponent.join('')}`,
    ),
);

const keyText = fc.oneof(
  { weight: 5, arbitrary: jsonStringText },
  { weight: 2, arbitrary: fc.constantFrom('"a"', '"id"', '"__proto__"', '"constructor"', '"prototype"', '"0"', '"1"', '"length"', '""') },
);

/**
 * JSON texts of any value, built bottom-up with random whitespace between every token. With
 * `uniqueKeys`, no object repeats a key (however it is spelled).
 */
function jsonTextOf(uniqueKeys: boolean): fc.Arbitrary<string> {
  const entries = <T extends unknown[]>(entry: fc.Arbitrary<T>, keyIndex: number) =>
    uniqueKeys
      ? fc.uniqueArray(entry, { maxLength: 6, selector: (item) => JSON.parse(item[keyIndex] as string) as string })
      : fc.array(entry, { maxLength: 6 });
  return fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true, maxDepth: 5 },
    { weight: 3, arbitrary: fc.oneof(fc.constantFrom('true', 'false', 'null'), jsonNumberText, jsonStringText) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.array(fc.tuple(whitespace, tie('value'), whitespace), { maxLength: 6 }), whitespace)
        .map(([items, inner]) => (items.length === 0 ? `[${inner}]` : `[${items.map(([a, v, b]) => a + v + b).join(',')}]`)),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(entries(fc.tuple(whitespace, keyText, whitespace, whitespace, tie('value'), whitespace), 1), whitespace)
        .map(([entries, inner]) =>
          entries.length === 0 ? `{${inner}}` : `{${entries.map(([a, k, b, c, v, d]) => `${a}${k}${b}:${c}${v}${d}`).join(',')}}`,
        ),
    },
  ),
})).value.chain((text) => fc.tuple(whitespace, whitespace).map(([before, after]) => before + text + after));
}

export const jsonText = jsonTextOf(false);
export const jsonTextWithUniqueKeys = jsonTextOf(true);

/** Edits that break or bend a valid document: byte replacement, deletion, insertion, truncation. */
export type Mutation =
  | { kind: 'replace'; at: number; byte: number }
  | { kind: 'delete'; at: number }
  | { kind: 'insert'; at: number; byte: number }
  | { kind: 'truncate'; at: number };

const interestingByte = fc.oneof(
  fc.integer({ min: 0, max: 255 }),
  fc.constantFrom(0x22, 0x5c, 0x2c, 0x3a, 0x5b, 0x5d, 0x7b, 0x7d, 0x80, 0xbf, 0xc0, 0xc2, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff, 0x00, 0x1f),
);

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), byte: interestingByte }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), byte: interestingByte }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
);

/** Applies mutations in order; positions wrap around the current length. */
export function mutate(bytes: Uint8Array, mutations: Mutation[]): Uint8Array {
  let current = Array.from(bytes);
  for (const change of mutations) {
    const at = current.length === 0 ? 0 : change.at % (current.length + (change.kind === 'insert' ? 1 : 0));
    if (change.kind === 'replace' && current.length > 0) current[at] = change.byte;
    else if (change.kind === 'delete') current.splice(at, 1);
    else if (change.kind === 'insert') current.splice(at, 0, change.byte);
    else if (change.kind === 'truncate') current = current.slice(0, at);
  }
  return new Uint8Array(current);
}
