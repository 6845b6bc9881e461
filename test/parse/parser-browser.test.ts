// The parser as the browser bundle runs it: BROWSER_BUILD is true, so plain ASCII strings and keys
// longer than SHORT_LENGTH are joined in the parser loop instead of decoded by TextDecoder.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../src/platform/browser-build.js', () => ({ BROWSER_BUILD: true }));

const { parseBinary } = await import('../../src/parse/parse-binary.js');
const { expectAgreement } = await import('./agreement.js');
const { utf8 } = await import('./oracle.js');
const { Shape } = await import('../../src/parse/object-shapes.js');

const plain = (length: number, seed = 0): string =>
  Array.from({ length }, (_, index) => String.fromCharCode(0x20 + ((index * 7 + seed) % 95))).join('').replace(/["\\]/g, 'x');
const lengths = [0, 1, 23, 24, 25, 32, 33, 47, 48, 49, 95, 96, 97, 200];

describe('browser build: long plain strings and keys', () => {
  it('agrees with JSON.parse on values and keys of every length around the limits', () => {
    for (const length of lengths) {
      expectAgreement(utf8(JSON.stringify(plain(length))));
      expectAgreement(utf8(JSON.stringify([plain(length, 1), plain(length, 2)])));
      const entries = Array.from({ length: 40 }, (_, index) => [`${plain(length, index)}${index}`, plain(length, index + 3)]);
      // Twice: keys up to the key cache's limit come from the cache the second time.
      for (let round = 0; round < 2; round++) expectAgreement(utf8(JSON.stringify(Object.fromEntries(entries))));
      expectAgreement(utf8(JSON.stringify({ [plain(length)]: 1, after: plain(length) })));
    }
  });

  it('hands strings that end in an escape or non-ASCII text to the string reader', () => {
    for (const length of [30, 60, 95, 96, 97]) {
      for (const tail of ['\\n', '\\u00e9', 'é', '中', '\\"']) {
        const body = `${plain(length).slice(0, -1)}${tail}`;
        expectAgreement(utf8(`{"${body}":"${body}","k":["${body}"]}`));
      }
    }
  });

  it('fails where the input ends inside a long plain string or key', () => {
    for (const text of [`["${plain(40)}`, `{"${plain(40)}`, `{"${plain(40)}"`, `["${plain(96)}`, `{"k":"${plain(60)}\u0001"}`]) {
      const bytes = utf8(text);
      expectAgreement(bytes);
      const result = parseBinary(bytes);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.position).toBeGreaterThan(40);
    }
  });

  it('agrees with JSON.parse on non-ASCII text of 40 to 100 bytes, decoded and joined here', () => {
    const texts = ['Незавершенная строка в кавычках', '实参接口项目找到接口编译器数组接口构造函数', 'ab😀cd é中', 'x\u00e9y\n中文'];
    for (const text of texts) {
      for (let repeat = 1; repeat <= 6; repeat++) {
        const long = text.repeat(repeat);
        for (let cut = Math.max(0, long.length - 40); cut <= long.length; cut++) {
          const value = long.slice(0, cut);
          expectAgreement(utf8(`["${value}",{"${value}":"${value}"}]`));
          expectAgreement(utf8(`["${value}"]`), { fatal: true });
        }
      }
    }
  });

  it('replaces invalid UTF-8 in joined non-ASCII text as TextDecoder does', () => {
    for (const bad of [[0xff], [0xe4, 0xb8], [0xed, 0xa0, 0x80], [0xf0, 0x9f, 0x98]]) {
      for (const length of [20, 23, 30, 31, 40]) {
        const body = Array.from(utf8('中'.repeat(length)));
        for (const at of [0, 3, 45, body.length]) {
          const bytes = new Uint8Array([...utf8('["'), ...body.slice(0, at), ...bad, ...body.slice(at), ...utf8('"]')]);
          expectAgreement(bytes);
          expect(parseBinary(bytes, { fatal: true })).toMatchObject({ ok: false, position: 2 + at });
        }
      }
    }
  });

  it('agrees with JSON.parse on random documents of long strings', () => {
    const text = fc.string({ unit: 'grapheme-ascii', maxLength: 120 });
    fc.assert(
      fc.property(fc.dictionary(text, fc.oneof(text, fc.array(text, { maxLength: 4 })), { maxKeys: 40 }), (value) => {
        expectAgreement(utf8(JSON.stringify(value)));
      }),
      { numRuns: 300 },
    );
  });
});

describe('browser build: shape keys kept as their own bytes', () => {
  it('keeps the bytes of every plain key, and none of other keys', () => {
    for (let length = 1; length <= 40; length++) {
      const key = plain(length, length);
      expect(new Shape(key, undefined).keyStore).toEqual(new TextEncoder().encode(key));
    }
    for (const key of ['', 'caf\u00e9', 'a"b', 'a\\b', 'tab\there']) expect(new Shape(key, undefined).keyStore).toBeUndefined();
  });

  it('tells apart keys of every length that differ only in their last byte, when the guessed shape has the other', () => {
    for (let length = 1; length <= 40; length++) {
      const key = (last: string): string => `${plain(length - 1, length)}${last}`;
      const objects = [{ [key('a')]: 1, x: 2 }, { [key('a')]: 3, x: 4 }, { [key('b')]: 5, x: 6 }, { [key('a')]: 7, [key('b')]: 8 }];
      // Twice: the second parse guesses the shapes the first one made.
      for (let round = 0; round < 2; round++) expectAgreement(utf8(JSON.stringify(objects)));
    }
  });
});

describe('browser build: arrays, stored into buffers doubled by concat', () => {
  it('agrees with JSON.parse on arrays of numbers longer than the buffers, twice, and mixed', () => {
    for (const length of [15, 16, 17, 4095, 4096, 4097, 10_000]) {
      const integers = Array.from({ length }, (_, index) => (index * 7919) % 1_000_003);
      const fractions = integers.map((integer) => -integer / 64);
      for (let round = 0; round < 2; round++) {
        for (const values of [integers, fractions, [...integers.slice(1), 'x'], [[...fractions], [...integers]]]) {
          expectAgreement(utf8(JSON.stringify(values)));
        }
      }
    }
  });

  it('agrees with JSON.parse where a program made arrays unspreadable (the buffers then grow by assignment)', () => {
    const prototype = Array.prototype as unknown as Record<symbol, unknown>;
    try {
      prototype[Symbol.isConcatSpreadable] = false;
      for (const length of [17, 33, 5000]) {
        expectAgreement(utf8(JSON.stringify(Array.from({ length }, (_, index) => index / 4))));
        expectAgreement(utf8(JSON.stringify(Array.from({ length }, (_, index) => (index % 2 ? `s${index}` : index)))));
      }
    } finally {
      delete prototype[Symbol.isConcatSpreadable];
    }
  });
});
