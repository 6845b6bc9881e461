// The whole-document route reads a caller's Uint8Array where it is (input-in-place.ts): only real,
// non-shared Uint8Arrays of the right length qualify, only their own window is read, and nothing a
// hostile program patched or dressed up changes the value.
import { describe, expect, it } from 'vitest';
import { IN_PLACE_MAX_BYTES, ROUTES_IN_PLACE, inputInPlace } from '../../src/parse/input-in-place.js';
import { parseBinary } from '../../src/parse/parse-binary.js';
import { hostileDifferences, lyingForms, prototypePatches } from '../runtimes/patched-views.mjs';
import { oracle, utf8 } from './oracle.js';
import { withWholeDocumentRoute } from './whole-document-route.js';
import { withEscapedKeysRight } from './escaped-key-answer.js';
import { inputsNotReadInPlace } from './not-in-place.js';

const document = JSON.stringify({ id: 7, name: 'héllo wörld', tags: ['a', 'b', 'c'], nested: { deep: [1, 2.5, -0, null] } });

describe('which inputs the route reads in place', () => {
  it('is on where Node decodes ranges (this runtime)', () => {
    expect(ROUTES_IN_PLACE).toBe(true);
  });

  it('takes a Uint8Array or a Buffer of 65 bytes up to the limit, as its own window', () => {
    const bytes = utf8(document);
    const plain = inputInPlace(bytes)!;
    expect(plain.bytes).toBe(bytes);
    expect([plain.length, plain.byteOffset, plain.shared]).toEqual([bytes.length, 0, false]);
    const pooled = Buffer.from(document);
    const window = inputInPlace(pooled)!;
    expect(window.bytes).toBe(pooled);
    expect([window.length, window.byteOffset, window.buffer]).toEqual([pooled.length, pooled.byteOffset, pooled.buffer]);
  });

  it('leaves every other input to toInputBytes', () => {
    const others = inputsNotReadInPlace(document);
    for (const input of others) expect(inputInPlace(input)).toBeUndefined();
    const blanks = (length: number) => new Uint8Array(length).fill(0x20);
    expect(inputInPlace(blanks(65))).toBeDefined();
    expect(inputInPlace(blanks(IN_PLACE_MAX_BYTES))).toBeDefined();
  });

  it('leaves input that cannot open an object or an array to the parser, which fails it at once', () => {
    const padded = (first: string) => utf8(`${first}${' '.repeat(80)}`);
    for (const first of ['{', '[', ' ', '\n', '\t', '\r', '\ufeff']) expect(inputInPlace(padded(first))).toBeDefined();
    for (const first of ['x', '"', '1', '}', 'n']) expect(inputInPlace(padded(first))).toBeUndefined();
  });
});

describe('parsing in place', () => {
  it('gives JSON.parse values for a pooled Buffer, a window in a larger buffer, and after a BOM', () => {
    withWholeDocumentRoute(() => {
      const pooled = Buffer.from(document);
      Buffer.from('[9,9,9,"after"]');
      expect(parseBinary(pooled)).toEqual(oracle(utf8(document)));
      const buffer = new ArrayBuffer(utf8(document).length + 20);
      new Uint8Array(buffer).fill(0x5d);
      const window = new Uint8Array(buffer, 10, utf8(document).length);
      window.set(utf8(document));
      expect(parseBinary(window)).toEqual(oracle(utf8(document)));
      const withBom = utf8(`\ufeff${document}`);
      expect(parseBinary(withBom)).toEqual(oracle(withBom));
    });
  });

  // With no options the default route (default-document.ts) decides first; with options the general one.
  for (const options of [undefined, {}]) {
    it(`hands what the route refuses to the parser, on its own copy, with the failure at its place (options ${JSON.stringify(options)})`, () => {
      withWholeDocumentRoute(() => {
        const escapedKey = utf8(`{"padding":"${'x'.repeat(70)}","a\\nb":1}`);
        withEscapedKeysRight(false, () => expect(parseBinary(escapedKey, options)).toEqual(oracle(escapedKey)));
        const bad = utf8(`{"padding":"${'x'.repeat(70)}","a":[1,2,}`);
        const result = parseBinary(bad, options);
        expect(result.ok === false && [result.code, result.position]).toEqual(['UNEXPECTED_TOKEN', bad.length - 1]);
        const truncated = utf8(`{"padding":"${'x'.repeat(70)}","a":[1,2`);
        const cut = parseBinary(truncated, options);
        expect(cut.ok === false && [cut.code, cut.position]).toEqual(['UNEXPECTED_END', truncated.length]);
      });
    });
  }

  for (const [name, patch] of prototypePatches) {
    it(`${name} patched changes nothing`, () => {
      expect(withWholeDocumentRoute(() => hostileDifferences(parseBinary, patch))).toEqual([]);
    });
  }

  it('own properties on the caller\'s array, and a subclass that lies, change nothing', () => {
    expect(withWholeDocumentRoute(() => hostileDifferences(parseBinary, () => () => undefined, lyingForms))).toEqual([]);
  });
});
