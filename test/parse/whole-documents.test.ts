import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toInputBytes } from '../../src/parse/input.js';
import { resolveOptions } from '../../src/parse/options.js';
import { parseBinary } from '../../src/parse/parse-binary.js';
import { ANY_SHAPE_MAX_BYTES } from '../../src/parse/whole-document-limits.js';
import { NOT_ROUTED, ROUTES_WHOLE_DOCUMENTS, opensAtMost, readWholeDocument } from '../../src/parse/whole-documents.js';
import { keysHoldNoEscape } from '../../src/parse/text-scan.js';
import type { ParseBinaryOptions } from '../../src/parse/types.js';
import { expectAgreement } from './agreement.js';
import { jsonText } from './json-text.js';
import { oracle, utf8 } from './oracle.js';
import { withWholeDocumentRoute } from './whole-document-route.js';
import { withEscapedKeysRight } from './escaped-key-answer.js';

/** What the route gives for `text` (or bytes), with the route on as outside the tests. */
function route(input: string | Uint8Array, options?: ParseBinaryOptions): unknown {
  const bytes = typeof input === 'string' ? utf8(input) : input;
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  return withWholeDocumentRoute(() => readWholeDocument(toInputBytes(bytes, 'test'), start, resolveOptions(options, 'test')));
}

describe('whole documents go to the engine JSON.parse', () => {
  it('is on in this engine (V8, JSON.parse built in)', () => {
    expect(ROUTES_WHOLE_DOCUMENTS).toBe(true);
  });

  it('gives JSON.parse values for objects and arrays, past blanks and a BOM', () => {
    for (const text of ['{"a":[1,2.5,-0,"x"],"b":{"c":null,"d":true}}', ' \n[{"k":"é漢😀"}, 1e300]\t', '{}', '[]', '\ufeff{"a":1}']) {
      expect(route(text)).toEqual(JSON.parse(text.replace(/^\ufeff/, '')));
    }
    expect(Object.is((route('[-0]') as number[])[0], -0)).toBe(true);
  });

  it('keeps __proto__ as an own property, as JSON.parse does', () => {
    const value = route('{"__proto__":{"polluted":1}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__']);
  });

  it('leaves documents that open no container, or close none, to the parser', () => {
    for (const text of ['"text"', '12', 'true', 'null', '', '   ', '{"a":1', '[1,2', '{"a":1}x', 'x{"a":1}', '{"a":1]', '[1}']) {
      expect(route(text)).toBe(NOT_ROUTED);
    }
  });

  it('answers input that opens no container at its first byte, however long its blank tail', () => {
    // The route looks at the end only after the start opened an object or an array.
    const bytes = new Uint8Array(1 << 20).fill(0x20);
    bytes[0] = 0x78;
    expect(route(bytes)).toBe(NOT_ROUTED);
    const result = withWholeDocumentRoute(() => parseBinary(bytes));
    expect(result.ok === false && [result.code, result.position]).toEqual(['UNEXPECTED_TOKEN', 0]);
  });

  it('leaves what JSON.parse refuses to the parser, which then fails where the text is wrong', () => {
    for (const text of ['{"a":1,}', '[1,]', "{'a':1}", '{"a":01}', '[1 2]', '{"a":"\u0001"}']) {
      expect(route(text)).toBe(NOT_ROUTED);
      const result = withWholeDocumentRoute(() => parseBinary(utf8(text)));
      expect(result.ok).toBe(false);
      expect(result).toEqual(parseBinary(utf8(text)));
    }
  });

  it('leaves keys with escapes to the parser where the engine gives some wrong, and takes escaped values', () => {
    withEscapedKeysRight(false, () => {
      expect(route('{"a\\nb":1}')).toBe(NOT_ROUTED);
      expect(route('{"a":{"\\u0041":1}}')).toBe(NOT_ROUTED);
      expect(route('[{"x":"\\"", "k\\"ey" : 2}]')).toBe(NOT_ROUTED);
      expect(route('{"a":"line\\nbreak","b":["\\"quoted\\"","\\\\"]}')).toEqual({ a: 'line\nbreak', b: ['"quoted"', '\\'] });
    });
  });

  it('takes keys with escapes where the engine gives them right', () => {
    withEscapedKeysRight(true, () => {
      expect(route('{"a\\nb":1,"\\u0041":2}')).toEqual({ 'a\nb': 1, A: 2 });
    });
  });

  it('leaves guarded keys to the parser when protoAction or constructorAction guard them', () => {
    expect(route('{"__proto__":1}', { protoAction: 'error' })).toBe(NOT_ROUTED);
    expect(route('{"a":{"constructor":{"prototype":1}}}', { constructorAction: 'remove' })).toBe(NOT_ROUTED);
    // constructorAction acts only on a constructor object that holds a prototype key.
    expect(route('{"a":{"constructor":1}}', { constructorAction: 'remove' })).toEqual({ a: { constructor: 1 } });
    expect(route('{"a":{"constructor":{"b":1}},"prototype":2}', { constructorAction: 'error' })).toBe(NOT_ROUTED);
    expect(route('{"a":{"constructor":1}}', { protoAction: 'error' })).toEqual({ a: { constructor: 1 } });
    expect(route('{"protocol":"https","proto":1}', { protoAction: 'error', constructorAction: 'error' })).toEqual({ protocol: 'https', proto: 1 });
    // Past 16 places that hold "proto", the whole text is searched for the guarded keys instead.
    for (const fields of [3, 40]) {
      const records = Array.from({ length: fields }, (_, i) => `{"protocol":"https","port":${i}}`).join(',');
      expect(route(`[${records}]`, { protoAction: 'error', constructorAction: 'error' })).toEqual(JSON.parse(`[${records}]`));
      expect(route(`[${records},{"__proto__":1}]`, { protoAction: 'error' })).toBe(NOT_ROUTED);
      expect(route(`[${records},{"constructor":{"prototype":1}}]`, { constructorAction: 'error' })).toBe(NOT_ROUTED);
      expect(route(`[${records},{"constructor":{"prototype":1}}]`, { protoAction: 'error' })).toEqual(JSON.parse(`[${records},{"constructor":{"prototype":1}}]`));
      expect(route(`[${records},{"prototype":1}]`, { constructorAction: 'error' })).toEqual(JSON.parse(`[${records},{"prototype":1}]`));
    }
    expect(route('{"__proto__":1}', { constructorAction: 'error' })).toEqual(JSON.parse('{"__proto__":1}'));
    // The same in ASCII text and in text with other characters, which V8 keeps two bytes a character.
    for (const other of ['', '"é":"Привет",']) {
      for (const [text, options] of [
        [`{${other}"a":{"__proto__":1}}`, { protoAction: 'error' }],
        [`{${other}"__proto":1,"proto__":2,"_proto_":3}`, { protoAction: 'error', constructorAction: 'error' }],
        [`{${other}"constructor":{"prototype":1}}`, { constructorAction: 'error' }],
        [`{${other}"prototype":{"constructor":1}}`, { constructorAction: 'error' }],
        [`{${other}"type":"prototype","constructor":1}`, { constructorAction: 'error' }],
        [`{${other}"type":"a","kind":"prototyped","constructor":1}`, { constructorAction: 'error' }],
      ] as const) {
        const routed = route(text, options);
        const guardedKey = text.includes('"__proto__"') || (text.includes('"prototype"') && options.constructorAction !== undefined);
        expect(routed === NOT_ROUTED).toBe(guardedKey);
        expect(withWholeDocumentRoute(() => parseBinary(utf8(text), options))).toEqual(parseBinary(utf8(text), options));
      }
      // Many near misses: past 16 places that hold "proto", the whole text is searched instead.
      const many = Array.from({ length: 40 }, (_, i) => `"__proto${i}":"prototyped","proto${i}":${i}`).join(',');
      expect(route(`{${other}${many}}`, { protoAction: 'error', constructorAction: 'error' })).toEqual(JSON.parse(`{${other}${many}}`));
      expect(route(`{${other}${many},"__proto__":1}`, { protoAction: 'error' })).toBe(NOT_ROUTED);
      expect(route(`{${other}${many},"constructor":{"prototype":1}}`, { constructorAction: 'error' })).toBe(NOT_ROUTED);
    }
    const guarded = withWholeDocumentRoute(() => parseBinary(utf8('{"a":{"__proto__":{}}}'), { protoAction: 'error' }));
    expect(guarded.ok).toBe(false);
  });

  it('leaves keys with escapes to the parser when keys are guarded, even where the engine reads them right', () => {
    withEscapedKeysRight(true, () => {
      for (const [text, options] of [
        ['{"\\u005f_proto__":{"x":1}}', { protoAction: 'error' }],
        ['{"a":[{"__pr\\u006fto__":1}]}', { protoAction: 'remove' }],
        ['{"c\\u006fnstructor":{"prototype":{}}}', { constructorAction: 'error' }],
        ['{"constructor":{"pr\\u006ftotype":{}}}', { constructorAction: 'remove' }],
      ] as const) {
        expect(route(text, options)).toBe(NOT_ROUTED);
        expect(route(text)).toEqual(JSON.parse(text));
        const routed = withWholeDocumentRoute(() => parseBinary(utf8(text), options));
        expect(routed).toEqual(parseBinary(utf8(text), options));
      }
      expect(withWholeDocumentRoute(() => parseBinary(utf8('{"\\u005f_proto__":{"x":1}}'), { protoAction: 'error' }))).toMatchObject({ ok: false, code: 'FORBIDDEN_KEY' });
      // Escapes in values guard nothing.
      expect(route('{"a":"\\u005f_proto__"}', { protoAction: 'error' })).toEqual({ a: '__proto__' });
    });
  });

  it('gives what the parser gives under protoAction and constructorAction, for keys spelled any way', () => {
    const spelled = (key: string) =>
      fc.nat(key.length).map((at) => (at === key.length ? key : `${key.slice(0, at)}\\u${key.charCodeAt(at).toString(16).padStart(4, '0')}${key.slice(at + 1)}`));
    const key = fc.constantFrom('a', '__proto__', 'constructor', 'prototype', 'protocol').chain(spelled);
    const { value } = fc.letrec<{ value: string; object: string; array: string }>((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, fc.constantFrom('1', '"__proto__"', '"prototype"', '[]'), tie('object'), tie('array')),
      object: fc.array(fc.tuple(key, tie('value')), { maxLength: 4 }).map((members) => `{${members.map(([k, v]) => `"${k}":${v}`).join(',')}}`),
      array: fc.array(tie('value'), { maxLength: 3 }).map((items) => `[${items.join(',')}]`),
    }));
    const action = fc.constantFrom('ignore', 'error', 'remove') as fc.Arbitrary<'ignore' | 'error' | 'remove'>;
    const outcome = (result: ReturnType<typeof parseBinary>) => (result.ok ? { ok: true, json: JSON.stringify(result.value) } : { ok: false, code: result.code, position: result.position });
    for (const right of [true, false]) {
      withEscapedKeysRight(right, () =>
        fc.assert(
          fc.property(value.filter((text) => text.startsWith('{') || text.startsWith('[')), action, action, (text, protoAction, constructorAction) => {
            const options = { protoAction, constructorAction };
            const routed = withWholeDocumentRoute(() => parseBinary(utf8(text), options));
            expect(outcome(routed)).toEqual(outcome(parseBinary(utf8(text), options)));
          }),
          { numRuns: 400 },
        ),
      );
    }
  });

  it('takes a document only if it cannot nest deeper than maxDepth, and never fatal decoding or shared memory', () => {
    const nested = '[[[[1]]]]';
    expect(route(nested, { maxDepth: 3 })).toBe(NOT_ROUTED);
    expect(route(nested, { maxDepth: 4 })).toEqual([[[[1]]]]);
    expect(withWholeDocumentRoute(() => parseBinary(utf8(nested), { maxDepth: 4 }))).toEqual({ ok: true, value: [[[[1]]]] });
    expect(withWholeDocumentRoute(() => parseBinary(utf8(nested), { maxDepth: 3 })).ok).toBe(false);
    // Past 2 * maxDepth bytes, its opening brackets are counted.
    const wide = JSON.stringify({ list: Array.from({ length: 40 }, (_, index) => ({ name: `item ${index}` })) });
    expect(wide.length).toBeGreaterThan(2 * 50);
    expect(route(wide, { maxDepth: 42 })).toEqual(JSON.parse(wide));
    // Past the count, JSON.parse's value tells, for a document mostly of strings: 2 deep.
    expect(route(wide, { maxDepth: 41 })).toEqual(JSON.parse(wide));
    expect(route(wide, { maxDepth: 1 })).toBe(NOT_ROUTED);
    expect(withWholeDocumentRoute(() => parseBinary(utf8(wide), { maxDepth: 2 })).ok).toBe(false);
    expect(route('{"a":1}', { fatal: true })).toBe(NOT_ROUTED);
    // Long enough to be read in place: a shorter one is parsed from a copy, not shared.
    const text = `[${'1,'.repeat(1000)}1]`;
    const shared = new Uint8Array(new SharedArrayBuffer(text.length));
    shared.set(utf8(text));
    expect(route(shared)).toBe(NOT_ROUTED);
    expect(route(utf8(text))).toEqual(JSON.parse(text));
  });

  it('checks the depth of the value where brackets outnumber maxDepth, unless they come as densely as a deep attack', () => {
    // Messages with placeholders: 4,500 opening brackets, two levels of structure.
    const messages = JSON.stringify({ messages: Object.fromEntries(Array.from({ length: 1500 }, (_, i) => [`message_${i}`, `Cannot find the name '{0}' in the module {1}; did you mean '{2}', number ${i}?`])) });
    expect(route(messages, { maxDepth: 1000 })).toEqual(JSON.parse(messages));
    expect(route(messages, { maxDepth: 2 })).toEqual(JSON.parse(messages));
    expect(route(messages, { maxDepth: 1 })).toBe(NOT_ROUTED);
    expect(withWholeDocumentRoute(() => parseBinary(utf8(messages), { maxDepth: 1 })).ok).toBe(false);
    // Records mostly of strings: 2,400 opening brackets, 20 bytes or more apart, two levels.
    const records = JSON.stringify(Array.from({ length: 1200 }, (_, id) => ({ id: `r${id}`, name: `customer ${id}` })));
    expect(route(records, { maxDepth: 1000 })).toEqual(JSON.parse(records));
    expect(route(records, { maxDepth: 1 })).toBe(NOT_ROUTED);
    // Numbers, outside strings, are left to the parser.
    const pairs = JSON.stringify(Array.from({ length: 1200 }, (_, i) => [i * 1.25, -i * 3.5]));
    expect(route(pairs, { maxDepth: 1000 })).toBe(NOT_ROUTED);
    expect(route(pairs)).toEqual(JSON.parse(pairs));
    // Deep attacks, 1 to 7 bytes a level, are left to the parser before JSON.parse builds them.
    for (const level of ['[', '{"a":', '[{"id":']) {
      const deep = `${level.repeat(2000)}1${level.replace(/[^[{]/g, '').split('').reverse().map((open) => (open === '[' ? ']' : '}')).join('').repeat(2000)}`;
      expect(JSON.parse(deep)).toBeDefined();
      expect(route(deep, { maxDepth: 1000 })).toBe(NOT_ROUTED);
      const refused = withWholeDocumentRoute(() => parseBinary(utf8(deep), { maxDepth: 1000 }));
      expect(refused.ok === false && refused.code).toBe('MAX_DEPTH');
    }
    // Spread wider, a deep document reaches JSON.parse, and then the parser, for its failure.
    const spread = `${'[{"padding-padding":1,"next":'.repeat(1001)}1${'}]'.repeat(1001)}`;
    expect(route(spread, { maxDepth: 2002 })).toEqual(JSON.parse(spread));
    expect(route(spread, { maxDepth: 2001 })).toBe(NOT_ROUTED);
    const refused = withWholeDocumentRoute(() => parseBinary(utf8(spread), { maxDepth: 2001 }));
    expect(refused.ok === false && refused.code).toBe('MAX_DEPTH');
  });

  it('agrees with the parser on maxDepth for documents of many brackets, deep or not', () => {
    const padding = `"${'x'.repeat(40)}"`;
    const node = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, fc.constantFrom('1', '"{[x"', padding), fc.array(tie('node'), { maxLength: 5 }), fc.dictionary(fc.constantFrom('a', 'b', 'c[', '{d'), tie('node'), { maxKeys: 3 })),
    })).node;
    let checkedAfterParse = 0;
    fc.assert(
      fc.property(fc.array(node, { minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 12 }), fc.nat(7), (items, deepening, most) => {
        const text = JSON.stringify([padding, padding, padding, ...items, JSON.parse(`${'['.repeat(deepening)}${']'.repeat(deepening)}`)]);
        const options = { maxDepth: most + 1 };
        expect(withWholeDocumentRoute(() => parseBinary(utf8(text), options))).toEqual(parseBinary(utf8(text), options));
        if (!opensAtMost(text, options.maxDepth) && route(text, options) !== NOT_ROUTED) checkedAfterParse++;
      }),
      { numRuns: 1000 },
    );
    // The value's depth was what decided, not the count alone.
    expect(checkedAfterParse).toBeGreaterThan(100);
  });

  it('agrees with the parser on guarded keys in documents whose value is walked for its depth', () => {
    const padding = `"${'x'.repeat(40)}"`;
    const node = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, fc.constantFrom('1', padding, '"__proto__"'), fc.array(tie('node'), { maxLength: 4 }), fc.dictionary(fc.constantFrom('a', '__proto__', 'constructor', 'prototype', 'protocol'), tie('node'), { maxKeys: 3 })),
    })).node;
    const action = fc.constantFrom('ignore', 'error', 'remove');
    let walked = 0;
    fc.assert(
      fc.property(fc.array(node, { minLength: 1, maxLength: 20 }), action, action, (items, protoAction, constructorAction) => {
        // Twelve records of brackets ahead: more opening brackets than maxDepth, so a routed value is walked.
        const text = JSON.stringify([padding, padding, padding, ...Array.from({ length: 12 }, () => [{ a: [padding] }]), ...items]);
        const options = { maxDepth: 8, protoAction, constructorAction } as const;
        expect(withWholeDocumentRoute(() => parseBinary(utf8(text), options))).toEqual(parseBinary(utf8(text), options));
        if (!opensAtMost(text, options.maxDepth) && route(text, options) !== NOT_ROUTED) walked++;
      }),
      { numRuns: 1000 },
    );
    expect(walked).toBeGreaterThan(100);
    // A guarded key far inside such a document still fails, at its place.
    const records = JSON.stringify(Array.from({ length: 1200 }, (_, id) => ({ id: `r${id}`, name: `customer ${id}` })));
    const withProto = `${records.slice(0, -1)},{"id":"x","__proto__":{"admin":true}}]`;
    expect(route(withProto, { maxDepth: 1000, protoAction: 'error' })).toBe(NOT_ROUTED);
    const refused = withWholeDocumentRoute(() => parseBinary(utf8(withProto), { maxDepth: 1000, protoAction: 'error' }));
    expect(refused.ok === false && [refused.code, refused.position]).toEqual(['FORBIDDEN_KEY', withProto.indexOf('"__proto__"')]);
    expect(route(withProto, { maxDepth: 1000, constructorAction: 'error' })).toEqual(JSON.parse(withProto));
  });

  it('takes documents of any shape up to ANY_SHAPE_MAX_BYTES (4 MiB), not longer', () => {
    expect(ANY_SHAPE_MAX_BYTES).toBe(4 * 1024 * 1024);
    const records = JSON.stringify(Array.from({ length: 60_000 }, (_, id) => ({ id, x: id * 1.5 })));
    expect(records.length).toBeGreaterThan(64 * 1024);
    expect(route(records)).toEqual(JSON.parse(records));
    const fits = `[${'1,'.repeat((ANY_SHAPE_MAX_BYTES - 3) >> 1)}1]`;
    expect(fits.length).toBeLessThanOrEqual(ANY_SHAPE_MAX_BYTES);
    expect(route(fits)).toEqual(JSON.parse(fits));
    expect(route(`${fits} `.padEnd(ANY_SHAPE_MAX_BYTES + 1))).toBe(NOT_ROUTED);
    // Past the limit, documents of strings too (the browser build alone takes those).
    const strings = JSON.stringify(Array.from({ length: 130_000 }, (_, i) => `a string of some length, ${i}`));
    expect(strings.length).toBeGreaterThan(ANY_SHAPE_MAX_BYTES);
    expect(route(strings)).toBe(NOT_ROUTED);
  });

  it('replaces invalid UTF-8 as TextDecoder does', () => {
    const bytes = new Uint8Array([0x5b, 0x22, 0x41, 0xff, 0xc3, 0x22, 0x2c, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x5d]);
    const expected = oracle(bytes);
    expect(expected.ok).toBe(true);
    expect(route(bytes)).toEqual((expected as { value: unknown }).value);
  });

  it('reads a short input kept across parses only up to its own end', () => {
    withWholeDocumentRoute(() => {
      expect(parseBinary(utf8('["a long first document, longer than the second",{"k":"\\\\"}]')).ok).toBe(true);
      expect(parseBinary(utf8('[1]'))).toEqual({ ok: true, value: [1] });
      expect(parseBinary(utf8('{"b":2}'))).toEqual({ ok: true, value: { b: 2 } });
    });
  });

  it('agrees with the oracle on generated documents and texts, through parseBinary, taking many of them', () => {
    let routed = 0;
    const document = fc.oneof(
      fc.jsonValue().map((value) => JSON.stringify({ value }, null, 1)),
      fc.array(fc.jsonValue()).map((values) => JSON.stringify(values)),
      jsonText,
    );
    fc.assert(
      fc.property(document, (text) => {
        const bytes = utf8(text);
        if (route(bytes) !== NOT_ROUTED) routed++;
        expectAgreement(bytes);
      }),
      { numRuns: 600 },
    );
    expect(routed).toBeGreaterThan(200);
  });
});

describe('opensAtMost', () => {
  it('counts the opening brackets at the start or after a colon, a comma or a [, blanks between', () => {
    const character = fc.constantFrom('[', '{', ']', '}', 'a', '"', ' ', '\n', ':', ',', 'é', '😀');
    fc.assert(
      fc.property(fc.array(character, { maxLength: 60 }), fc.nat(30), (characters, most) => {
        const text = characters.join('');
        let opens = 0;
        for (let at = 0; at < text.length; at++) {
          if (text[at] !== '[' && text[at] !== '{') continue;
          const before = text.slice(0, at).trimEnd().at(-1);
          if (before === undefined || before === ':' || before === ',' || before === '[') opens++;
        }
        expect(opensAtMost(text, most)).toBe(opens <= most);
      }),
      { numRuns: 2000 },
    );
  });

  it('never counts fewer than the depth of valid JSON, brackets in strings or not', () => {
    const { value } = fc.letrec<{ value: string; object: string; array: string }>((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, fc.constantFrom('1', '"{[x"', '"a: [b, {c"', ' "]}"'), tie('object'), tie('array')),
      object: fc.array(fc.tuple(fc.constantFrom('"k"', '"{"', '"a, ["'), tie('value')), { maxLength: 3 }).map((members) => `{${members.map(([k, v]) => `${k} : ${v}`).join(' ,\n')}}`),
      array: fc.array(tie('value'), { maxLength: 3 }).map((items) => `[ ${items.join(', ')}]`),
    }));
    const depthOf = (item: unknown): number =>
      typeof item === 'object' && item !== null ? 1 + Math.max(0, ...Object.values(item).map(depthOf)) : 0;
    fc.assert(
      fc.property(value.filter((text) => /^[[{]/.test(text)), (text) => {
        // Brackets in strings may be counted (a bound, then, not the depth), but never fewer than the depth.
        const depth = depthOf(JSON.parse(text));
        if (depth > 0) expect(opensAtMost(text, depth - 1)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('keysHoldNoEscape', () => {
  const cases: [string, boolean][] = [
    ['{"a":1}', true],
    ['{"a":"x\\ny"}', true],
    ['["\\"", "\\\\", "\\u0041"]', true],
    ['{"a":"x\\\\","b":1}', true],
    ['{"a":"x\\":y"}', true],
    ['{"a":"\\\\\\"","b":"c"}', true],
    ['{"a\\n":1}', false],
    ['{"a\\n" \t:1}', false],
    ['{"a":"x","\\u0062":1}', false],
    ['{"a":"\\\\","b\\\\":1}', false],
    ['{"a":"\\"}', false],
    // The escaped character right after the backslash is never the closing quote.
    ['{"\\"":1}', false],
    ['{"\\\\":1}', false],
    ['{"a":"\\"","b":1}', true],
    ['{"a":"\\"x\\"","\\"":1}', false],
  ];
  it.each(cases)('%s → %s', (text, expected) => {
    expect(keysHoldNoEscape(text)).toBe(expected);
  });

  it('is true exactly when no key of a generated object holds a backslash', () => {
    const key = fc.string({ unit: fc.constantFrom('a', 'b', '\\', '"', ':', '\n', ' ') });
    fc.assert(
      fc.property(fc.array(fc.tuple(key, key), { maxLength: 6 }), (pairs) => {
        const text = `{${pairs.map(([name, value]) => `${JSON.stringify(name)} : ${JSON.stringify(value)}`).join(',')}}`;
        const escapedKey = pairs.some(([name]) => JSON.stringify(name).includes('\\'));
        expect(keysHoldNoEscape(text)).toBe(!escapedKey);
      }),
      { numRuns: 2000 },
    );
  });
});
