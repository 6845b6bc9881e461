import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DOCUMENT_RUN_LIMITS, READS_DOCUMENT_RUNS, readDocumentInRuns } from '../../src/parse/document-runs.js';
import { toInputBytes } from '../../src/parse/input.js';
import { resolveOptions } from '../../src/parse/options.js';
import { parseBinary } from '../../src/parse/parse-binary.js';
import type { ParseBinaryOptions, ParseBinaryResult } from '../../src/parse/types.js';
import { WHOLE_DOCUMENT_LIMITS } from '../../src/parse/whole-document-limits.js';
import { NOT_ROUTED } from '../../src/parse/whole-documents.js';
import { withEscapedKeysRight } from './escaped-key-answer.js';
import { utf8 } from './oracle.js';

/**
 * Runs of about 60 bytes, so that small documents are cut many times; elements of up to 600 bytes;
 * any document mostly of strings, short ones too (the default thresholds have a test of their own).
 */
const SMALL = { runBytes: 60, searchBytes: 600, guessesPerCut: 4, minStringShare: 0.75, minMeanStringBytes: 0, minRunMemberBytes: 0, maxWrapperBytes: 200 };
const DEFAULT_LIMITS = { ...DOCUMENT_RUN_LIMITS };

/** readDocumentInRuns's answer for `text`: the value, or NOT_ROUTED. */
function inRuns(text: string | Uint8Array, options?: ParseBinaryOptions): unknown {
  const bytes = typeof text === 'string' ? utf8(text) : text;
  return readDocumentInRuns(toInputBytes(bytes, 'test'), 0, resolveOptions(options, 'test'));
}

/** parseBinary with documents of any length offered to the runs (test/setup.ts turns them off). */
function parseWithRuns(bytes: Uint8Array, options?: ParseBinaryOptions): ParseBinaryResult {
  WHOLE_DOCUMENT_LIMITS.documentRunsAfterBytes = 0;
  try {
    return parseBinary(bytes, options);
  } finally {
    WHOLE_DOCUMENT_LIMITS.documentRunsAfterBytes = Infinity;
  }
}

/** The result with runs is the parser's: the same value, or the same failure. */
function expectSameAsParser(bytes: Uint8Array, options?: ParseBinaryOptions): ParseBinaryResult {
  const withRuns = parseWithRuns(bytes, options);
  const parsed = parseBinary(bytes, options);
  expect(withRuns).toEqual(parsed);
  return withRuns;
}

/** The same value and the same order of keys as JSON.parse. */
const expectExactly = (actual: unknown, text: string) => expect(JSON.stringify(actual)).toBe(JSON.stringify(JSON.parse(text)));

/**
 * The runs' value (when they take `json`) and the parser's are JSON.parse's, keys in order, and with
 * the byte at `at` made `byte` both give the parser's answer. Whether the runs took it.
 */
function agreesWithOneByteChanged(json: string, at: number, byte: number): boolean {
  const bytes = utf8(json);
  const result = inRuns(bytes);
  if (result !== NOT_ROUTED) expectExactly(result, json);
  expectExactly((expectSameAsParser(bytes) as { value: unknown }).value, json);
  const changed = bytes.slice();
  changed[at % changed.length] = byte;
  expectSameAsParser(changed);
  return result !== NOT_ROUTED;
}

const sentence = (index: number) => `Sentence ${index}, with commas, "quotes", a \\ backslash, ] and [ and }, { inside, and é 漢 😀.`;

beforeEach(() => Object.assign(DOCUMENT_RUN_LIMITS, SMALL));
afterEach(() => Object.assign(DOCUMENT_RUN_LIMITS, DEFAULT_LIMITS));

describe('one long array of strings goes to JSON.parse in runs of its elements', () => {
  it('is on in this engine (V8, not Bun)', () => {
    expect(READS_DOCUMENT_RUNS).toBe(true);
  });

  it('reads arrays of strings, of records and of arrays, cut between elements, with the values of JSON.parse', () => {
    const strings = Array.from({ length: 40 }, (_, index) => sentence(index));
    const records = strings.map((text, index) => ({ id: `item-${index}`, text, tags: [{ id: 'nested', text }], more: { id: 'x' } }));
    const arrays = strings.map((text, index) => [text, `${index}`, [text]]);
    for (const value of [strings, records, arrays]) {
      for (const text of [JSON.stringify(value), JSON.stringify(value, null, 2), ` \n${JSON.stringify(value, null, '\t')}\r\n`]) {
        expect(inRuns(text)).toEqual(value);
        expect(expectSameAsParser(utf8(text))).toEqual({ ok: true, value });
      }
    }
  });

  it('cuts only where a whole element ends: a guess inside a string or a nested record is refused by JSON.parse', () => {
    // Every record's `text` holds what looks like the end of one record and the start of the next.
    const records = Array.from({ length: 30 }, (_, index) => ({ id: `n${index}`, text: `"},{"id":${index} and "\\"},{\\"id\\":`, inner: [{ id: 'n-1' }, { id: 'n-2' }] }));
    const text = JSON.stringify(records);
    expect(inRuns(text)).toEqual(records);
    expectSameAsParser(utf8(text));
  });

  it('leaves the document to the parser when it is not one array mostly of strings', () => {
    for (const text of ['{"a":"long text"}', `[${'1,'.repeat(200)}1]`, `[${'true,'.repeat(100)}null]`, '[]', '  [  ]  ', '"text"', `[${JSON.stringify(sentence(1))}`]) {
      expect(inRuns(text)).toBe(NOT_ROUTED);
    }
  });

  it('is off for shared memory, fatal, and a maxDepth of 0', () => {
    const text = JSON.stringify(Array.from({ length: 20 }, (_, index) => sentence(index)));
    const bytes = utf8(text);
    const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
    shared.set(bytes);
    expect(inRuns(shared)).toBe(NOT_ROUTED);
    expect(inRuns(text, { fatal: true })).toBe(NOT_ROUTED);
    expect(inRuns(text, { maxDepth: 0 })).toBe(NOT_ROUTED);
    expect(expectSameAsParser(bytes, { maxDepth: 0 }).ok).toBe(false);
  });

  it('gives up after guessesPerCut refused guesses, or none within searchBytes, and the parser reads the document', () => {
    // After the first run, only cuts inside a record's nested records, which JSON.parse refuses.
    const nested = Array.from({ length: 12 }, (_, index) => `{"id":"${index}"}`).join(',');
    const tail = Array(10).fill(`{"id":"${'c'.repeat(80)}"}`).join(',');
    const text = `[{"id":"${'a'.repeat(500)}"},{"id":"b","inner":[${nested}]},${tail}]`;
    expect(inRuns(text)).toBe(NOT_ROUTED);
    expect(expectSameAsParser(utf8(text))).toEqual({ ok: true, value: JSON.parse(text) });
    Object.assign(DOCUMENT_RUN_LIMITS, { guessesPerCut: 20 });
    expect(inRuns(text)).toEqual(JSON.parse(text));
    const wide = `[{"id":"${'a'.repeat(500)}"},{"id":"${'b'.repeat(700)}"},${tail}]`;
    expect(inRuns(wide)).toBe(NOT_ROUTED);
    expect(expectSameAsParser(utf8(text))).toEqual({ ok: true, value: JSON.parse(text) });
  });

  it('applies the checks of the whole-document route to each run: escaped keys, guarded keys, depth', () => {
    const records = (key: string) => JSON.stringify(Array.from({ length: 20 }, (_, index) => ({ text: sentence(index), ...(index === 13 ? { [key]: 1 } : {}) })));
    withEscapedKeysRight(false, () => {
      expect(inRuns(records('a\nb'))).toBe(NOT_ROUTED);
      // In an array of strings, a record with an escaped key among them is found after JSON.parse.
      const strings = `[${Array.from({ length: 20 }, (_, index) => JSON.stringify(sentence(index))).join(',')},{"a\\nb":1},"end"]`;
      expect(inRuns(strings)).toBe(NOT_ROUTED);
      expectSameAsParser(utf8(strings));
    });
    withEscapedKeysRight(true, () => expect(inRuns(records('a\nb'))).toEqual(JSON.parse(records('a\nb'))));
    const guarded = expectSameAsParser(utf8(records('__proto__')), { protoAction: 'error' });
    expect(!guarded.ok && guarded.code).toBe('FORBIDDEN_KEY');
    const removed = expectSameAsParser(utf8(records('__proto__')), { protoAction: 'remove' });
    expect(removed.ok && Object.hasOwn((removed.value as object[])[13], '__proto__')).toBe(false);
    const deep = JSON.stringify(Array.from({ length: 20 }, (_, index) => [[[sentence(index)]]]));
    expect((expectSameAsParser(utf8(deep), { maxDepth: 3 }) as { code?: string }).code).toBe('MAX_DEPTH');
    expect(expectSameAsParser(utf8(deep), { maxDepth: 4 }).ok).toBe(true);
  });

  it('joins the runs in own slots: setters a program put on Array.prototype see nothing', () => {
    const strings = Array.from({ length: 30 }, (_, index) => sentence(index));
    let seen = 0;
    for (const index of ['0', '1', '2', '3']) {
      Object.defineProperty(Array.prototype, index, { configurable: true, get: () => 'polluted', set: () => seen++ });
    }
    try {
      const result = parseWithRuns(utf8(JSON.stringify(strings)));
      const value = (result.ok ? result.value : []) as string[];
      expect(Object.getOwnPropertyNames(value)).toHaveLength(strings.length + 1);
      expect(value.every((text, index) => text === sentence(index))).toBe(true);
    } finally {
      for (const index of ['0', '1', '2', '3']) delete (Array.prototype as unknown as Record<string, unknown>)[index];
    }
    expect(seen).toBe(0);
  });
});

describe('an object whose last member is one long array goes the same way', () => {
  const strings = Array.from({ length: 30 }, (_, index) => sentence(index));
  const records = strings.map((text, index) => ({ id: `item-${index}`, text, tags: [text] }));

  it('reads the members before the array as they are, and the array in runs', () => {
    const heads = [{}, { version: 3, count: 12 }, { meta: { note: '"data": [1, {"x": "]"}]', list: [1, [2]] }, flag: true, nothing: null }, { 'é 漢': 'ok' }];
    for (const head of heads) {
      for (const elements of [strings, records]) {
        const value = { ...head, data: elements };
        for (const text of [JSON.stringify(value), JSON.stringify(value, null, 2), ` ${JSON.stringify(value, null, '\t')}\n`]) {
          const routed = inRuns(text);
          expect(routed).not.toBe(NOT_ROUTED);
          expectExactly(routed, text);
          expectSameAsParser(utf8(text));
        }
      }
    }
  });

  it('puts the array in the member JSON.parse keeps: a name seen before keeps its first place', () => {
    const text = `{"data":1,"b":2,"data":${JSON.stringify(strings)}}`;
    expectExactly(inRuns(text), text);
    expectExactly((expectSameAsParser(utf8(text)) as { value: unknown }).value, text);
  });

  it("reads the members after the array too (a page's tail), as JSON.parse orders them", () => {
    const array = JSON.stringify(strings);
    const texts = [
      `{"data":${array},"n":1}`,
      `{"data":${array} , "more":[1]}`,
      `{"v":1,"data":${array},"meta":{"a":[1,2],"b":"],"},"total":9,"next":null}`,
      `{"first":2,"data":${JSON.stringify(records)},"first":3}`,
      JSON.stringify({ version: 3, data: records, meta: { pages: [1, 2], note: '}, ], {' }, total: 30 }, null, 2),
      JSON.stringify({ properties: Object.fromEntries(strings.map((text, index) => [`name ${index}`, text])), count: 30 }, null, '\t'),
    ];
    for (const text of texts) {
      const routed = inRuns(text);
      expect(routed).not.toBe(NOT_ROUTED);
      expectExactly(routed, text);
      expectExactly((expectSameAsParser(utf8(text)) as { value: unknown }).value, text);
    }
    // The tail may hold the name again (the later value is JSON.parse's), spelled with an escape or not.
    for (const text of [`{"data":${array},"data":1}`, `{"data":${array},"d\\u0061ta":[1]}`, `{"data":${array},"note":"data"}`]) {
      expect(inRuns(text)).toBe(NOT_ROUTED);
      expectExactly((expectSameAsParser(utf8(text)) as { value: unknown }).value, text);
    }
    const long = `{"data":${array},"pad":"${'x'.repeat(5000)}"}`;
    expect(inRuns(long)).toBe(NOT_ROUTED);
    Object.assign(DOCUMENT_RUN_LIMITS, { maxWrapperBytes: 6000 });
    expect(inRuns(long)).toEqual(JSON.parse(long));
  });

  it('leaves to the parser a name with an escape, __proto__, and members past 4 KB', () => {
    const array = JSON.stringify(strings);
    const texts = [
      `{"da\\u0074a":${array}}`,
      `{"__proto__":${array}}`,
      `{"pad":"${'x'.repeat(5000)}","data":${array}}`,
      `{"small":[1,2],"data":"text"}`,
      `{"data":${array.slice(0, -1)}}`,
    ];
    for (const text of texts) {
      expect(inRuns(text)).toBe(NOT_ROUTED);
      expectSameAsParser(utf8(text));
    }
    const proto = expectSameAsParser(utf8(texts[1]));
    expect(proto.ok && Object.getPrototypeOf(proto.value)).toBe(Object.prototype);
    expect(proto.ok && Object.hasOwn(proto.value as object, '__proto__')).toBe(true);
  });

  it('checks the members and the elements as the route does: depth one level deeper, guarded keys', () => {
    const deep = `{"data":${JSON.stringify(strings.map((text) => [[text]]))}}`;
    expect((expectSameAsParser(utf8(deep), { maxDepth: 3 }) as { code?: string }).code).toBe('MAX_DEPTH');
    expect(expectSameAsParser(utf8(deep), { maxDepth: 4 }).ok).toBe(true);
    expect(inRuns(deep, { maxDepth: 4 })).toEqual(JSON.parse(deep));
    expect(inRuns(deep, { maxDepth: 1 })).toBe(NOT_ROUTED);
    const guarded = `{"__proto__":{"x":1},"data":${JSON.stringify(strings)}}`;
    for (const protoAction of ['error', 'remove', 'ignore'] as const) expectSameAsParser(utf8(guarded), { protoAction });
    const inside = `{"data":${JSON.stringify(records)}}`;
    expect(expectSameAsParser(utf8(inside), { protoAction: 'error' }).ok).toBe(true);
    const poisoned = inside.replace('"id":"item-7"', '"__proto__":{"polluted":1},"id":"item-7"');
    const refused = expectSameAsParser(utf8(poisoned), { protoAction: 'error' });
    expect(!refused.ok && refused.code).toBe('FORBIDDEN_KEY');
    const removed = expectSameAsParser(utf8(poisoned), { protoAction: 'remove' });
    expect(removed.ok && Object.hasOwn((removed.value as { data: object[] }).data[7], '__proto__')).toBe(false);
  });

  it('any wrapped array agrees with the parser, and so does any byte of it changed', () => {
    const text = fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom('","', '"},{"id":1', '\\', '],[', '"data":[', 'é 漢 😀', ''));
    const element = fc.oneof({ arbitrary: text, weight: 4 }, { arbitrary: fc.record({ id: text, body: text }), weight: 2 }, { arbitrary: fc.array(text, { maxLength: 3 }), weight: 1 });
    const member = fc.tuple(fc.oneof(text, fc.constantFrom('data', '__proto__', 'constructor', '0')), fc.oneof(text, fc.integer(), fc.array(text, { maxLength: 2 }), fc.record({ a: text })));
    let routed = 0;
    fc.assert(
      fc.property(fc.array(member, { maxLength: 4 }), fc.oneof(text, fc.constant('data')), fc.array(element, { minLength: 1, maxLength: 30 }), fc.array(member, { maxLength: 3 }), fc.constantFrom(undefined, 1, '\t'), fc.nat(), fc.integer({ min: 0, max: 255 }), (members, name, elements, tail, indent, at, byte) => {
        const asText = ([key, value]: [string, unknown]) => `${JSON.stringify(key)}:${JSON.stringify(value, null, indent)}`;
        const json = `{${[...members.map(asText), `${JSON.stringify(name)}:${JSON.stringify(elements, null, indent)}`, ...tail.map(asText)].join(',')}}`;
        if (agreesWithOneByteChanged(json, at, byte)) routed++;
      }),
      { numRuns: 800 },
    );
    // Where the engine gets escaped keys wrong (V8 13.6 to 15.0), generated names with escapes go to the parser.
    expect(routed).toBeGreaterThan(100);
  });
});

describe('an indented map of long members goes in runs of its members', () => {
  const records = Array.from({ length: 30 }, (_, index) => [`sam-property-${index}`, { Sync: sentence(index), Code: `${sentence(index + 1)}\n*Type*: String`, nested: { deeper: [sentence(index)] } }] as const);
  const map = Object.fromEntries(records);

  it('reads a map, alone or as the last member of a wrapper, cut only at its own indent', () => {
    const values = [map, { properties: map }, { version: 3, note: 'a "quoted": {"x": 1}', properties: map }, Object.fromEntries(records.map(([key], index) => [key, sentence(index)]))];
    for (const value of values) {
      for (const text of [JSON.stringify(value, null, 2), `\n${JSON.stringify(value, null, '\t')}\r\n`, JSON.stringify(value, null, 1)]) {
        const routed = inRuns(text);
        expect(routed).not.toBe(NOT_ROUTED);
        expectExactly(routed, text);
        expectExactly((expectSameAsParser(utf8(text)) as { value: unknown }).value, text);
      }
    }
    // The nested maps' members look like the top ones but for their indent: no guess lands there.
    Object.assign(DOCUMENT_RUN_LIMITS, { guessesPerCut: 1 });
    expectExactly(inRuns(JSON.stringify(map, null, 2)), JSON.stringify(map));
  });

  it('joins the runs as JSON.parse builds one object: repeated names, index keys, __proto__ as an own member', () => {
    const member = (key: string, value: unknown) => `  ${JSON.stringify(key)}: ${JSON.stringify(value, null, 2).replace(/\n/g, '\n  ')}`;
    const members = records.map(([key, value]) => member(key, value));
    members.splice(20, 0, member('sam-property-3', 'last value, first place'), member('__proto__', { polluted: true }), member('7', 'an index'), member('constructor', sentence(1)));
    const text = `{\n${members.join(',\n')}\n}`;
    const routed = inRuns(text) as Record<string, unknown>;
    expectExactly(routed, text);
    expect(Object.getPrototypeOf(routed)).toBe(Object.prototype);
    expect(Object.hasOwn(routed, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(routed['sam-property-3']).toBe('last value, first place');
    const parsed = expectSameAsParser(utf8(text));
    expectExactly((parsed as { value: unknown }).value, text);
    for (const protoAction of ['error', 'remove', 'ignore'] as const) expectSameAsParser(utf8(text), { protoAction, constructorAction: protoAction });
    expect((expectSameAsParser(utf8(text), { protoAction: 'error' }) as { code?: string }).code).toBe('FORBIDDEN_KEY');
  });

  it('leaves to the parser what a run refuses, and fails where the parser does', () => {
    const text = JSON.stringify(map, null, 2);
    const broken = [
      text.replace(/\n}$/, ',\n}'),
      text.replace('"sam-property-9": {', '"sam-property-9": {,'),
      text.replace('"sam-property-17"', '"sam-property-17'),
      text.slice(0, -2) + '\n}}',
      // A member at the top indent inside a nested map: guesses there are refused.
      text.replace('"nested": {', '"nested": {\n  "inner": 1,'),
    ];
    for (const variant of broken) expectSameAsParser(utf8(variant));
    withEscapedKeysRight(false, () => {
      const escaped = text.replace('"Sync"', '"Sy\\u006ec"');
      expect(inRuns(escaped)).toBe(NOT_ROUTED);
      expectSameAsParser(utf8(escaped));
    });
    const deep = JSON.stringify({ properties: map }, null, 2);
    expect((expectSameAsParser(utf8(deep), { maxDepth: 4 }) as { code?: string }).code).toBe('MAX_DEPTH');
    expect(inRuns(deep, { maxDepth: 5 })).toEqual({ properties: map });
    expect(inRuns(deep, { maxDepth: 4 })).toBe(NOT_ROUTED);
  });

  it('any indented map agrees with the parser, and so does any byte of it changed', () => {
    const text = fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom('","', '",\\n  "', '"},{"id":1', '\\', '],[', 'é 漢 😀', ''));
    const key = fc.oneof(text, fc.constantFrom('a', '__proto__', 'constructor', '0', '12', 'properties'));
    const value = fc.oneof(
      { arbitrary: text, weight: 4 },
      { arbitrary: fc.record({ id: text, body: text }), weight: 2 },
      { arbitrary: fc.array(text, { maxLength: 3 }), weight: 1 },
      { arbitrary: fc.oneof(fc.integer(), fc.constant(null)), weight: 1 },
    );
    let routed = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(key, value), { minLength: 2, maxLength: 30 }), fc.constantFrom(1, 2, '\t'), fc.boolean(), fc.nat(), fc.integer({ min: 0, max: 255 }), (members, indent, wrapped, at, byte) => {
        const unit = typeof indent === 'number' ? ' '.repeat(indent) : indent;
        const body = members.map(([name, member]) => `${unit}${JSON.stringify(name)}: ${JSON.stringify(member, null, indent).replace(/\n/g, `\n${unit}`)}`).join(',\n');
        const mapText = `{\n${body}\n}`;
        const json = wrapped ? `{\n${unit}"version": 1,\n${unit}"map": ${mapText.replace(/\n/g, `\n${unit}`)}\n}` : mapText;
        if (agreesWithOneByteChanged(json, at, byte)) routed++;
      }),
      { numRuns: 800 },
    );
    // Where the engine gets escaped keys wrong (V8 13.6 to 15.0), generated names with escapes go to the parser.
    expect(routed).toBeGreaterThan(100);
  });
});

describe('other long documents are left to the parser', () => {
  it('by default, takes arrays of text and leaves arrays of records of numbers and short strings', () => {
    Object.assign(DOCUMENT_RUN_LIMITS, { minStringShare: DEFAULT_LIMITS.minStringShare, minMeanStringBytes: DEFAULT_LIMITS.minMeanStringBytes });
    const text = JSON.stringify(Array.from({ length: 40 }, (_, index) => ({ path: `src/${index}.py`, content: sentence(index).repeat(3) })));
    expect(inRuns(text)).toEqual(JSON.parse(text));
    // The HTTP bench's records (bench/http-payload.js): 79 % in strings of 9 bytes on average.
    const records = JSON.stringify(Array.from({ length: 40 }, (_, index) => ({ id: 100_000 + index, name: `customer ${index}`, email: `customer.${index}@example.com`, active: index % 3 !== 0, score: index * 1.37, tags: ['alpha', 'beta'], address: { city: 'Springfield', zip: String(10_000 + index) } })));
    expect(inRuns(records)).toBe(NOT_ROUTED);
    expect(inRuns(JSON.stringify(Array.from({ length: 200 }, (_, index) => `s${index}`)))).toBe(NOT_ROUTED);
    // Log records: a timestamp and a level beside the message, about 26 bytes a string.
    const logs = JSON.stringify(Array.from({ length: 40 }, (_, index) => ({ time: `2026-12-07T10:${String(index).padStart(2, '0')}:00Z`, level: 'info', message: `Request ${index} for /api/v1/orders/${index} served in ${index} ms by worker 3 after 2 retries\n\tat handler (server.js:${index})` })), null, 2);
    expect(inRuns(logs)).toEqual(JSON.parse(logs));
  });


  it('leaves minified maps to the parser, and maps of short members', () => {
    const map = Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`name_${index}`, sentence(index)]));
    const text = JSON.stringify(map);
    expect(inRuns(text)).toBe(NOT_ROUTED);
    expect(expectSameAsParser(utf8(text))).toEqual({ ok: true, value: map });
    Object.assign(DOCUMENT_RUN_LIMITS, { minRunMemberBytes: DEFAULT_LIMITS.minRunMemberBytes, searchBytes: 4096 });
    const indented = JSON.stringify(map, null, 2);
    expect(inRuns(indented)).toBe(NOT_ROUTED);
    expect(inRuns(JSON.stringify({ messages: map }, null, 2))).toBe(NOT_ROUTED);
    const long = Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`name_${index}`, sentence(index).repeat(12)]));
    expect(inRuns(JSON.stringify(long, null, 2))).toEqual(long);
  });

  it('guesses in an indented array only at its own indent: a nested array of the same records is indented further', () => {
    const tree = Array.from({ length: 20 }, (_, index) => ({ id: `node ${sentence(index)}`, children: [{ id: `child ${index}, ${sentence(index)}` }, { id: 'leaf' }] }));
    const text = JSON.stringify(tree, null, 2);
    expect(inRuns(text)).toEqual(tree);
    Object.assign(DOCUMENT_RUN_LIMITS, { guessesPerCut: 1 });
    expect(inRuns(text)).toEqual(tree);
  });
});

describe('document runs: property', () => {
  const text = fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom('","', '"},{"id":1', '\\', '],[', 'é 漢 😀', ''));
  const element = fc.oneof(
    { arbitrary: text, weight: 4 },
    { arbitrary: fc.record({ id: text, body: text }), weight: 2 },
    { arbitrary: fc.array(text, { maxLength: 4 }), weight: 1 },
    { arbitrary: fc.oneof(fc.integer(), fc.constant(null)), weight: 1 },
  );
  const layout = fc.constantFrom(undefined, 1, '\t');

  it('any array agrees with the parser, and so does any byte of it changed', () => {
    let routed = 0;
    fc.assert(
      fc.property(fc.array(element, { minLength: 1, maxLength: 40 }), layout, fc.nat(), fc.integer({ min: 0, max: 255 }), (value, indent, at, byte) => {
        const bytes = utf8(JSON.stringify(value, null, indent));
        if (inRuns(bytes) !== NOT_ROUTED) routed++;
        expect(expectSameAsParser(bytes)).toEqual({ ok: true, value: JSON.parse(JSON.stringify(value)) });
        const changed = bytes.slice();
        changed[at % changed.length] = byte;
        expectSameAsParser(changed);
      }),
      { numRuns: 1500 },
    );
    expect(routed).toBeGreaterThan(300);
  });
});
