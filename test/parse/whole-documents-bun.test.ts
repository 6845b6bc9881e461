// Whole documents on Bun (process.versions.bun set when the modules load): they go to JSON.parse
// too, but objects that open with an index key stay with the parser, which JavaScriptCore's
// JSON.parse is slower than on those.
import { describe, expect, it } from 'vitest';

const bunVersion = process.versions.bun;
process.versions.bun = bunVersion ?? 'test';
const { NOT_ROUTED, ROUTES_WHOLE_DOCUMENTS, readWholeDocument } = await import('../../src/parse/whole-documents.js');
const { engineJsonParse } = await import('../../src/parse/engine-json-parse.js');
const { toInputBytes } = await import('../../src/parse/input.js');
const { resolveOptions } = await import('../../src/parse/options.js');
// The modules read it once, when they load; later test files in this worker must not see it.
if (bunVersion === undefined) delete (process.versions as { bun?: string }).bun;
const { utf8 } = await import('./oracle.js');
const { withWholeDocumentRoute } = await import('./whole-document-route.js');

const route = (text: string): unknown =>
  withWholeDocumentRoute(() => readWholeDocument(toInputBytes(utf8(text), 'test'), 0, resolveOptions(undefined, 'test')));

describe('Bun: whole documents', () => {
  it('go to JSON.parse, where index objects and large subtrees do not', () => {
    expect(ROUTES_WHOLE_DOCUMENTS).toBe(true);
    expect(engineJsonParse).toBeUndefined();
    expect(route('{"a":[1,{"7":2}]}')).toEqual({ a: [1, { 7: 2 }] });
    expect(route('[{"0":1}]')).toEqual([{ 0: 1 }]);
  });

  it('stay with the parser when the object opens with an index key', () => {
    expect(route('{"0":1,"1":2}')).toBe(NOT_ROUTED);
    expect(route('{ \n "17":{"a":1}}')).toBe(NOT_ROUTED);
    expect(route('{"a1":1}')).toEqual({ a1: 1 });
    expect(route('{}')).toEqual({});
  });
});
