// Small documents in the browser build (BROWSER_BUILD true): they go to JSON.parse as elsewhere, but
// its size cap leaves out the bracket count and the search for guarded keys, so a document that
// would need either stays with the parser.
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../src/platform/browser-build.js', () => ({ BROWSER_BUILD: true }));

const { NOT_ROUTED, ROUTES_SMALL_DOCUMENTS, readSmallDocument } = await import('../../src/parse/small-documents.js');
const { engineJsonParse } = await import('../../src/parse/engine-json-parse.js');
const { parseBinary } = await import('../../src/parse/parse-binary.js');
const { toInputBytes } = await import('../../src/parse/input.js');
const { resolveOptions } = await import('../../src/parse/options.js');
const { utf8 } = await import('./oracle.js');
const { withSmallDocumentRoute } = await import('./small-document-route.js');
import type { ParseBinaryOptions } from '../../src/parse/types.js';

const route = (text: string, options?: ParseBinaryOptions): unknown =>
  withSmallDocumentRoute(() => readSmallDocument(toInputBytes(utf8(text), 'test'), 0, resolveOptions(options, 'test')));

describe('browser build: small documents', () => {
  it('go to JSON.parse, where index objects and large subtrees do not', () => {
    expect(ROUTES_SMALL_DOCUMENTS).toBe(true);
    expect(engineJsonParse).toBeUndefined();
    expect(route('{"a":[1,{"7":2}],"b":"x\\ny"}')).toEqual({ a: [1, { 7: 2 }], b: 'x\ny' });
    expect(route(' [true, null] \n')).toEqual([true, null]);
  });

  it('stay with the parser where a key holds an escape, as on every engine', () => {
    expect(route('{"a\\nb":1}')).toBe(NOT_ROUTED);
    expect(route('[{"x":"\\"", "k\\"ey" : 2}]')).toBe(NOT_ROUTED);
  });

  it('stay with the parser whenever a key is guarded, even when no such key appears', () => {
    expect(route('{"a":1}', { protoAction: 'error' })).toBe(NOT_ROUTED);
    expect(route('{"a":1}', { constructorAction: 'remove' })).toBe(NOT_ROUTED);
    expect(route('{"a":1}', { protoAction: 'ignore', constructorAction: 'ignore' })).toEqual({ a: 1 });
  });

  it('stay with the parser when maxDepth is less than half the length, without counting brackets', () => {
    expect(route('[1,2,3,4]', { maxDepth: 5 })).toEqual([1, 2, 3, 4]);
    expect(route('[1,2,3,4,5]', { maxDepth: 5 })).toBe(NOT_ROUTED);
    expect(route('[1,2,3,4,5,6]', { maxDepth: 100 })).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('give through parseBinary what the parser gives, guarded keys and failures too', () => {
    withSmallDocumentRoute(() => {
      expect(parseBinary(utf8('{"__proto__":{"x":1},"a":2}'), { protoAction: 'remove' })).toEqual({ ok: true, value: { a: 2 } });
      const deep = parseBinary(utf8('[[[1]]]'), { maxDepth: 2 });
      expect(deep.ok).toBe(false);
      expect(deep.ok === false && deep.code).toBe('MAX_DEPTH');
      const broken = parseBinary(utf8('{"a":[1,2,]}'));
      expect(broken.ok === false && broken.position).toBe(10);
    });
  });
});
