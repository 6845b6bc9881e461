// Documents in the browser build (BROWSER_BUILD true): up to anyShapeMaxBytes they go to JSON.parse as
// elsewhere; past it, those whose first 4 KB lie mostly inside strings (blanks left out) go there too.
// The tests past it shrink that limit to 64 KB, so that their documents stay small.
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../src/platform/browser-build.js', () => ({ BROWSER_BUILD: true }));

const { NOT_ROUTED, ROUTES_WHOLE_DOCUMENTS, readWholeDocument } = await import('../../src/parse/whole-documents.js');
const { engineJsonParse } = await import('../../src/parse/engine-json-parse.js');
const { parseBinary } = await import('../../src/parse/parse-binary.js');
const { toInputBytes } = await import('../../src/parse/input.js');
const { resolveOptions } = await import('../../src/parse/options.js');
const { utf8 } = await import('./oracle.js');
const { withWholeDocumentRoute } = await import('./whole-document-route.js');
const { withEscapedKeysRight } = await import('./escaped-key-answer.js');
const { ANY_SHAPE_MAX_BYTES, WHOLE_DOCUMENT_LIMITS } = await import('../../src/parse/whole-document-limits.js');
import type { ParseBinaryOptions } from '../../src/parse/types.js';

const route = (text: string, options?: ParseBinaryOptions): unknown =>
  withWholeDocumentRoute(() => readWholeDocument(toInputBytes(utf8(text), 'test'), 0, resolveOptions(options, 'test')));

const SMALL_LIMIT = 64 * 1024;
/** {@link route} with anyShapeMaxBytes at SMALL_LIMIT; `check` runs under that limit too. */
const withSmallLimit = <T>(check: () => T): T =>
  withWholeDocumentRoute(() => {
    WHOLE_DOCUMENT_LIMITS.anyShapeMaxBytes = SMALL_LIMIT;
    return check();
  });
const routePast = (text: string, options?: ParseBinaryOptions): unknown =>
  withSmallLimit(() => readWholeDocument(toInputBytes(utf8(text), 'test'), 0, resolveOptions(options, 'test')));

describe('browser build: whole documents', () => {
  it('go to JSON.parse, where index objects and large subtrees do not', () => {
    expect(ROUTES_WHOLE_DOCUMENTS).toBe(true);
    expect(engineJsonParse).toBeUndefined();
    expect(route('{"a":[1,{"7":2}],"b":"x"}')).toEqual({ a: [1, { 7: 2 }], b: 'x' });
    expect(route(' [true, null] \n')).toEqual([true, null]);
  });

  it('stay with the parser where a key holds an escape, if the engine gives escaped keys wrong', () => {
    withEscapedKeysRight(false, () => {
      expect(route('{"a\\nb":1}')).toBe(NOT_ROUTED);
      expect(route('[{"x":"\\"", "k\\"ey" : 2}]')).toBe(NOT_ROUTED);
      // Escapes in values alone do not keep a document away, as in the Node builds.
      expect(route('{"a":"x\\ny"}')).toEqual({ a: 'x\ny' });
      expect(route('{"a":"x\\\\","b":"\\"","\\u0063":3}')).toBe(NOT_ROUTED);
      expect(route('{"a":"x\\\\","b":"\\"","c":3}')).toEqual({ a: 'x\\', b: '"', c: 3 });
    });
    withEscapedKeysRight(true, () => {
      expect(route('{"a\\nb":"x\\ny"}')).toEqual({ 'a\nb': 'x\ny' });
    });
  });

  it('check guarded keys and nesting as elsewhere', () => {
    expect(route('{"a":1}', { protoAction: 'error' })).toEqual({ a: 1 });
    expect(route('{"__proto__":1}', { protoAction: 'error' })).toBe(NOT_ROUTED);
    expect(route('{"a":{"constructor":{"prototype":1}}}', { constructorAction: 'remove' })).toBe(NOT_ROUTED);
    expect(route('{"a":{"constructor":1}}', { constructorAction: 'remove' })).toEqual({ a: { constructor: 1 } });
    withEscapedKeysRight(true, () => {
      expect(route('{"\\u005f_proto__":1}', { protoAction: 'error' })).toBe(NOT_ROUTED);
      expect(route('{"\\u005f_proto__":1}')).toEqual(JSON.parse('{"\\u005f_proto__":1}'));
    });
    expect(route('[1,2,3,4,5]', { maxDepth: 2 })).toEqual([1, 2, 3, 4, 5]);
    expect(route('[[[1]]]', { maxDepth: 2 })).toBe(NOT_ROUTED);
  });

  it('take documents of any shape up to ANY_SHAPE_MAX_BYTES (4 MiB), records of numbers too', () => {
    expect(ANY_SHAPE_MAX_BYTES).toBe(4 * 1024 * 1024);
    const records = JSON.stringify(Array.from({ length: 60_000 }, (_, id) => ({ id, x: id * 1.5, y: -id })));
    expect(records.length).toBeGreaterThan(SMALL_LIMIT);
    expect(route(records)).toEqual(JSON.parse(records));
  });

  it('past the limit, go to JSON.parse when three quarters of their first 4 KB, blanks left out, lie inside strings', () => withEscapedKeysRight(true, () => {
    const prose = JSON.stringify(Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`key${i}`, `a message, number ${i}, with "quotes" and\nlines`])));
    expect(prose.length).toBeGreaterThan(SMALL_LIMIT);
    expect(routePast(prose)).toEqual(JSON.parse(prose));
    const numbers = JSON.stringify(Array.from({ length: 12000 }, (_, i) => ({ id: i, x: i * 1.5, y: -i })));
    expect(numbers.length).toBeGreaterThan(SMALL_LIMIT);
    expect(routePast(numbers)).toBe(NOT_ROUTED);
    // A string-heavy head over records of numbers: the sample decides, not the whole.
    const headed = `{"names":${JSON.stringify(Array.from({ length: 200 }, (_, i) => `name number ${i}`))},"rows":${numbers}}`;
    expect(routePast(headed)).toEqual(JSON.parse(headed));
    const numbersFirst = `{"rows":${numbers},"names":${JSON.stringify(Array.from({ length: 200 }, (_, i) => `name number ${i}`))}}`;
    expect(routePast(numbersFirst)).toBe(NOT_ROUTED);
    // Indentation is layout, not content: a pretty-printed tree of names goes, pretty-printed
    // records of numbers stay.
    const tree = JSON.stringify(Object.fromEntries(Array.from({ length: 800 }, (_, i) => [`command-${i}`, { capsule: `does thing ${i}`, flags: {} }])), null, 8);
    expect(tree.length).toBeGreaterThan(SMALL_LIMIT);
    expect(routePast(tree)).toEqual(JSON.parse(tree));
    expect(routePast(JSON.stringify(JSON.parse(numbers), null, 8))).toBe(NOT_ROUTED);
  }));

  it('past the limit, stay with the parser where an escaped key, a guarded key or invalid content is', () => {
    const body = Array.from({ length: 2000 }, (_, i) => `"key${i}":"a long enough message for the sample, ${i}"`).join(',');
    expect(routePast(`{${body},"k\\ey":1}`)).toBe(NOT_ROUTED);
    expect(routePast(`{${body},"__proto__":1}`, { protoAction: 'error' })).toBe(NOT_ROUTED);
    expect(routePast(`{${body},}`)).toBe(NOT_ROUTED);
    withSmallLimit(() => {
      const broken = parseBinary(utf8(`{${body},}`));
      expect(broken.ok === false && broken.code).toBe('UNEXPECTED_TOKEN');
      expect(broken.ok === false && broken.position).toBe(body.length + 2);
    });
  });

  it('give through parseBinary what the parser gives, guarded keys and failures too', () => {
    withWholeDocumentRoute(() => {
      expect(parseBinary(utf8('{"__proto__":{"x":1},"a":2}'), { protoAction: 'remove' })).toEqual({ ok: true, value: { a: 2 } });
      const deep = parseBinary(utf8('[[[1]]]'), { maxDepth: 2 });
      expect(deep.ok).toBe(false);
      expect(deep.ok === false && deep.code).toBe('MAX_DEPTH');
      const broken = parseBinary(utf8('{"a":[1,2,]}'));
      expect(broken.ok === false && broken.position).toBe(10);
    });
  });
});
