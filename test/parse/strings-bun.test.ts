// The string paths chosen on Bun (process.versions.bun set when the modules load): plain ASCII
// strings of 4 to SHORT_LENGTH bytes are made by decodeAscii (Buffer#latin1Slice), those of 2 and 3
// by fromCodes from its table (tiny-strings.ts).
import { describe, expect, it } from 'vitest';

const bunVersion = process.versions.bun;
process.versions.bun = bunVersion ?? 'test';
const { FROM_CODES_MAX, SHORT_LENGTH } = await import('../../src/parse/strings.js');
const { parseBinary } = await import('../../src/parse/parse-binary.js');
// The modules read it once, when they load; later test files in this worker must not see it.
if (bunVersion === undefined) delete (process.versions as { bun?: string }).bun;
const { expectAgreement } = await import('./agreement.js');
const { utf8 } = await import('./oracle.js');

const plain = (length: number, seed = 0): string =>
  Array.from({ length }, (_, index) => String.fromCharCode(0x20 + ((index * 7 + seed) % 95))).join('').replace(/["\\]/g, 'x');
const lengths = [0, 1, 2, 3, 4, 23, 24, 25, 40];

describe('Bun: short plain strings by latin1Slice', () => {
  it('takes the Bun path: fromCodes only up to 3 bytes', () => {
    expect(FROM_CODES_MAX).toBe(3);
    expect(SHORT_LENGTH).toBeGreaterThan(FROM_CODES_MAX);
  });

  it('agrees with JSON.parse on values and keys of every length around the limits', () => {
    for (const length of lengths) {
      expectAgreement(utf8(JSON.stringify([plain(length, 1), plain(length, 2)])));
      const entries = Array.from({ length: 40 }, (_, index) => [`${plain(length, index)}${index}`, plain(length, index + 3)]);
      // Twice: keys come from the key cache the second time.
      for (let round = 0; round < 2; round++) expectAgreement(utf8(JSON.stringify(Object.fromEntries(entries))));
      expectAgreement(utf8(JSON.stringify({ [plain(length)]: `${plain(length)}\\n` })));
    }
  });

  it('decodes short non-ASCII strings of the input by utf8Slice, invalid UTF-8 replaced as TextDecoder does', () => {
    for (const text of ['é', 'añb', 'Привет, мир', '中文字符串', '😀x', 'ж'.repeat(24), 'ж'.repeat(25), '中'.repeat(16), '中'.repeat(17)]) {
      expectAgreement(utf8(JSON.stringify({ [text]: [text, `${text}\n`] })));
    }
    for (const bad of [[0xff], [0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xf0, 0x9f, 0x98]]) {
      expectAgreement(Uint8Array.from([0x5b, 0x22, 0x61, ...bad, 0x62, 0x22, 0x5d]));
    }
  });

  it('values and keys of 2 and 3 characters, many of them, and again from the table', () => {
    const tiny = Array.from({ length: 6000 }, (_, index) => String.fromCharCode(0x20 + (index % 95), 0x20 + (Math.floor(index / 95) % 95), ...(index % 2 === 0 ? [0x41 + (index % 26)] : [])).replace(/["\\]/g, 'q'));
    for (let round = 0; round < 2; round++) {
      expectAgreement(utf8(JSON.stringify(tiny)));
      expectAgreement(utf8(JSON.stringify(Object.fromEntries(tiny.slice(0, 500).map((text, index) => [text, [text, index]])))));
    }
  });

  it('reads the same strings from shared memory', () => {
    for (const length of lengths) {
      const text = JSON.stringify({ [plain(length)]: [plain(length, 5), `${plain(length, 6)}\\t`] });
      const bytes = utf8(text);
      const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
      shared.set(bytes);
      expect(parseBinary(shared)).toEqual({ ok: true, value: JSON.parse(text) });
    }
  });
});

describe('Bun: recurring ASCII values of 4 to 12 bytes from a table', () => {
  it('agrees with JSON.parse on recurring values of every length around the limits, at the input end too', () => {
    const values = Array.from({ length: 15 }, (_, length) => plain(length, length));
    const document = JSON.stringify({ list: [...values, ...values, ...values], keyed: Object.fromEntries(values.map((text, index) => [`k${index}`, text])) });
    for (let round = 0; round < 4; round++) {
      expectAgreement(utf8(document));
      // The value last in the input: fewer than 12 bytes follow its start.
      for (const text of values) expectAgreement(utf8(JSON.stringify(text)));
      for (const text of values) expectAgreement(utf8(`[${JSON.stringify(text)}]`));
    }
  });

  it('values with escapes, from scratch space, and from shared memory', () => {
    const values = Array.from({ length: 15 }, (_, length) => `${plain(length, 7)}`);
    const text = JSON.stringify([...values.map((value) => `\n${value}`), ...values, ...values]);
    for (let round = 0; round < 3; round++) {
      expectAgreement(utf8(text));
      const bytes = utf8(text);
      const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
      shared.set(bytes);
      expect(parseBinary(shared)).toEqual({ ok: true, value: JSON.parse(text) });
    }
  });

  it('stays right through runs of distinct values, which make it pass over the table', () => {
    const distinct = Array.from({ length: 3000 }, (_, index) => `id-${index.toString(16).padStart(5, '0')}`);
    const recurring = ['STANDARD', 'booleanEquals', 'Region', 'active', 'pending'];
    const text = JSON.stringify(distinct.map((id, index) => ({ id, status: recurring[index % recurring.length] })));
    for (let round = 0; round < 3; round++) expectAgreement(utf8(text));
  });

  it('recurring non-ASCII values of 4 to 12 bytes, ill-formed ones included', () => {
    const values = ['añb', 'Привет', 'мир!', '中文字', '中文字符', '😀x', 'niño', 'x€y', 'ж'.repeat(7)];
    const text = JSON.stringify({ values: [...values, ...values], keyed: Object.fromEntries(values.map((value, index) => [`k${index}`, value])) });
    for (let round = 0; round < 3; round++) {
      expectAgreement(utf8(text));
      for (const value of values) expectAgreement(utf8(JSON.stringify(value)));
      expectAgreement(Uint8Array.from([0x5b, 0x22, 0x61, 0xff, 0x62, 0x63, 0x22, 0x2c, 0x22, 0x61, 0xff, 0x62, 0x63, 0x22, 0x5d]));
    }
  });
});

