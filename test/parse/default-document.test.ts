// The route of `parseBinary(bytes)` with no options (default-document.ts): which inputs it takes,
// which it leaves to the general route, and that what it refuses after decoding reaches the parser.
import { describe, expect, it } from 'vitest';
import { NOT_ROUTED } from '../../src/parse/whole-documents.js';
import { ROUTES_DEFAULT_DOCUMENTS, UNEXAMINED, readDefaultDocument } from '../../src/parse/default-document.js';
import { inputsNotReadInPlace } from './not-in-place.js';
import { parseBinary } from '../../src/parse/parse-binary.js';
import { oracle, utf8 } from './oracle.js';
import { withWholeDocumentRoute } from './whole-document-route.js';
import { withEscapedKeysRight } from './escaped-key-answer.js';

const document = JSON.stringify({ id: 7, name: 'héllo wörld', tags: ['a', 'b', 'c'], nested: { deep: [1, 2.5, -0, null] } });

describe('which inputs the default route takes', () => {
  it('is on outside Bun and the browser bundle (this runtime)', () => {
    expect(ROUTES_DEFAULT_DOCUMENTS).toBe(true);
  });

  it('parses a Uint8Array, a pooled Buffer and a window in a larger buffer, blanks around', () => {
    withWholeDocumentRoute(() => {
      expect(readDefaultDocument(utf8(document))).toEqual(JSON.parse(document));
      expect(readDefaultDocument(Buffer.from(`\n ${document}\t\r `))).toEqual(JSON.parse(document));
      const bytes = utf8(document);
      const buffer = new ArrayBuffer(bytes.length + 20);
      new Uint8Array(buffer).fill(0x5d);
      const window = new Uint8Array(buffer, 10, bytes.length);
      window.set(bytes);
      expect(readDefaultDocument(window)).toEqual(JSON.parse(document));
    });
  });

  it('leaves every other input, and input it cannot settle by its first and last bytes, unexamined', () => {
    withWholeDocumentRoute(() => {
      const unexamined: unknown[] = [
        ...inputsNotReadInPlace(document),
        new Proxy(utf8(document), {}),
        utf8(`\ufeff${document}`),
        utf8(`"${'x'.repeat(80)}"`),
        utf8(`${document.slice(0, -2)}  `),
        utf8(`[${document}}`),
      ];
      for (const input of unexamined) expect(readDefaultDocument(input)).toBe(UNEXAMINED);
    });
  });

  it('is off while the suites send documents to the parser (test/setup.ts)', () => {
    expect(readDefaultDocument(utf8(document))).toBe(UNEXAMINED);
  });

  it('refuses, once decoded, what JSON.parse refuses and escaped keys where the engine gets them wrong', () => {
    withWholeDocumentRoute(() => {
      expect(readDefaultDocument(utf8(`{"padding":"${'x'.repeat(70)}","a":[1,2,}`))).toBe(NOT_ROUTED);
      const escapedKey = utf8(`{"padding":"${'x'.repeat(70)}","a\\nb":1}`);
      withEscapedKeysRight(false, () => expect(readDefaultDocument(escapedKey)).toBe(NOT_ROUTED));
      withEscapedKeysRight(true, () => expect(readDefaultDocument(escapedKey)).toEqual({ padding: 'x'.repeat(70), 'a\nb': 1 }));
    });
  });
});

describe('parseBinary through the default route', () => {
  // What it refuses reaches the parser: input-in-place.test.ts, with and without options.
  it('gives the same value with options, which take the general route', () => {
    withWholeDocumentRoute(() => {
      const bytes = utf8(document);
      expect(parseBinary(bytes)).toEqual(parseBinary(bytes, {}));
      expect(parseBinary(bytes)).toEqual(oracle(bytes));
    });
  });
});
