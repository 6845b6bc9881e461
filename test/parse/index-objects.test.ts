import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { BUILDS_INDEX_OBJECTS, INDEX_OBJECT_MIN_MEMBERS, readIndexObject } from '../../src/parse/index-objects.js';
import { toInputBytes } from '../../src/parse/input.js';
import { COPIED_LENGTH } from '../../src/parse/input-bytes.js';
import { parseBinary } from '../../src/parse/parse-binary.js';
import { ParseState } from '../../src/parse/state.js';
import { expectAgreement } from './agreement.js';
import { utf8 } from './oracle.js';

const MIN = INDEX_OBJECT_MIN_MEMBERS;

/**
 * `text` with spaces after it, enough that the input is read where it is: a short input is read from
 * a kept copy, where readIndexObject never runs (its bytes past the input are older ones).
 */
function doc(text: string): Uint8Array {
  return utf8(text + ' '.repeat(COPIED_LENGTH));
}

/** `{"<key>":<value>,...}` for `count` members, compact unless `gap` is given. */
function indexObject(count: number, value: (index: number) => string, key: (index: number) => string = String, gap = ''): string {
  const members = Array.from({ length: count }, (_, index) => `${gap}"${key(index)}"${gap}:${gap}${value(index)}${gap}`);
  return `{${members.join(',')}}`;
}
/** What readIndexObject makes of `text`'s first object, read on its own state. */
function readAlone(text: string, minMembers = MIN): { object: object | undefined; pos: number } {
  const state = new ParseState(toInputBytes(doc(text), 'test'), false, 512, 'ignore', 'ignore');
  const object = readIndexObject(state, text.indexOf('{'), minMembers);
  return { object, pos: object === undefined ? -1 : state.pos };
}

describe('large objects of index keys and numbers are the same as JSON.parse makes', () => {
  it('dense, sparse, descending and duplicate keys, below, at and above the threshold', () => {
    for (const count of [MIN - 1, MIN, MIN + 1, 5000]) {
      expectAgreement(doc(indexObject(count, (index) => String((index * 7919) % 1000))));
      expectAgreement(doc(indexObject(count, () => '0', (index) => String(index * 997))));
      expectAgreement(doc(indexObject(count, (index) => String(index), (index) => String(count - index))));
      expectAgreement(doc(indexObject(count, (index) => String(index), (index) => String(index % 7))));
    }
  });

  it('every kind of number: signs, -0, fractions, exponents, long digits, past the doubles', () => {
    const numbers = ['-0', '0', '-1', '0.5', '-0.25e-3', '1E+2', '7e0', '123456789012345678901234567890', '1e400', '-1e400', '4.9e-324', '2e-400', '9007199254740993'];
    const text = indexObject(MIN + numbers.length, (index) => numbers[index % numbers.length]);
    expectAgreement(doc(text));
    expect(readAlone(text).object).toEqual(JSON.parse(text));
    const parsed = parseBinary(doc(indexObject(MIN, () => '-0')));
    expect(parsed.ok && Object.is((parsed.value as number[])[0], -0)).toBe(true);
  });

  it('keys up to 9 digits, and whitespace of every kind around every token', () => {
    expectAgreement(doc(indexObject(MIN, String, (index) => String(999_999_999 - index))));
    for (const gap of [' ', '\n', '\r\n\t ']) expectAgreement(doc(indexObject(MIN, String, String, gap)));
    expectAgreement(doc(`[ ${indexObject(MIN, String, String, '  ')} , ${indexObject(MIN, String)} ]`));
  });

  it('nested in arrays and objects, one after another, each built whole', () => {
    const inner = indexObject(MIN, (index) => String(index * 3));
    expectAgreement(doc(`[${inner},${inner},{"a":${inner},"b":[${inner}]},${inner}]`));
    expectAgreement(doc(`{"0":${inner},"1":2}`));
  });

  it('reads the object on its own only when it qualifies, and leaves state.pos after its }', () => {
    const text = indexObject(MIN, String);
    const alone = readAlone(`  ${text} `);
    expect(alone.object).toEqual(JSON.parse(text));
    expect(alone.pos).toBe(text.length + 2);
    expect(readAlone(indexObject(MIN - 1, String)).object).toBeUndefined();
    expect(readAlone(indexObject(3, String), 3).object).toEqual({ 0: 0, 1: 1, 2: 2 });
  });

  it('leaves to the parser anything not of the shape: other values, other keys, nesting, bad numbers', () => {
    const breakers = [
      ['"s"', '0'], ['true', '0'], ['null', '0'], ['[1]', '0'], ['{"0":1}', '0'],
      ['1', '"a"'], ['1', '"01"'], ['1', '"1:2"'], ['1', '"1/"'], ['1', '"1234567890"'], ['1', '"-1"'], ['1', '"\\u0031"'], ['1', '""'],
    ];
    for (const [value, key] of breakers) {
      for (const at of [0, MIN >> 1, MIN]) {
        const text = indexObject(MIN + 1, (index) => (index === at ? value : '5'), (index) => (index === at ? key.slice(1, -1) : String(index)));
        expectAgreement(doc(text));
        expect(readAlone(text).object).toBeUndefined();
      }
    }
  });

  it('fails at the same byte as without it on bad input inside such an object', () => {
    const bad = ['01', '1.', '.5', '-', '1e', '1e+', '+1', '--1', '0x1', 'NaN', '1 2', '1,', '', '1:2', ':', '1;', '1/'];
    for (const value of bad) {
      const text = indexObject(MIN + 2, (index) => (index === MIN ? value : '1'));
      const result = parseBinary(doc(text));
      expect(result.ok).toBe(false);
      expectAgreement(doc(text));
      // The same object with a named key in front is never read by readIndexObject.
      const named = text.replace('{', '{"x":1,');
      const reference = parseBinary(doc(named));
      if (!result.ok && !reference.ok) expect(result.position).toBe(reference.position - '"x":1,'.length);
    }
    for (const tail of ['', ',', '}', ',}', ',"']) expectAgreement(doc(`${indexObject(MIN, String).slice(0, -1)}${tail}`));
  });

  it('reads nothing past the input: a view cut out of a larger document', () => {
    const whole = utf8(`[${indexObject(MIN + 5, String)},${JSON.stringify(' '.repeat(COPIED_LENGTH))}]`);
    const objectEnd = whole.indexOf(0x7d);
    for (let cut = objectEnd - 12; cut <= objectEnd; cut++) {
      const view = whole.subarray(0, cut);
      expectAgreement(view);
      expect(parseBinary(view).ok).toBe(false);
    }
    const text = `[${JSON.stringify(' '.repeat(COPIED_LENGTH))},${indexObject(MIN, String)}`;
    const padded = utf8(`${text}]`);
    expect(parseBinary(padded).ok).toBe(true);
    expect(parseBinary(padded.subarray(0, text.length - 1)).ok).toBe(false);
  });

  it('a depth over maxDepth fails before the object is read', () => {
    const result = parseBinary(doc(`[${indexObject(MIN, String)}]`), { maxDepth: 1 });
    expect(!result.ok && result.code).toBe('MAX_DEPTH');
  });

  it('shared memory is read by the parser, which copies what it reads', () => {
    const text = indexObject(MIN, String);
    const bytes = doc(text);
    const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
    shared.set(bytes);
    const result = parseBinary(shared);
    expect(result.ok && result.value).toEqual(JSON.parse(text));
    // Another thread could change the bytes between the scan and JSON.parse, which would then throw.
    const state = new ParseState(toInputBytes(shared, 'test'), false, 512, 'ignore', 'ignore');
    expect(state.shared).toBe(true);
    expect(readIndexObject(state, 0)).toBeUndefined();
  });
});

describe('index objects: property', () => {
  it('any keys of up to 9 digits and any numbers, compact or spaced, agree with JSON.parse', () => {
    const key = fc.oneof(fc.integer({ min: 0, max: 999_999_999 }).map(String), fc.constantFrom('0', '1', '01', '1234567890', 'a'));
    const number = fc.oneof(
      fc.integer({ min: -1e9, max: 1e9 }).map(String),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => JSON.stringify(value)),
      fc.constantFrom('-0', '1e400', '0.0', '1E-7', '12345678901234567890'),
    );
    const member = fc.tuple(key, number, fc.constantFrom('', ' ', '\n\t'));
    fc.assert(
      fc.property(fc.array(member, { minLength: MIN - 2, maxLength: MIN + 40 }), (members) => {
        const text = `{${members.map(([name, value, gap]) => `${gap}"${name}"${gap}:${gap}${value}${gap}`).join(',')}}`;
        expectAgreement(doc(text));
      }),
      { numRuns: 60 },
    );
  });
});

describe('the engine JSON.parse behind index objects', () => {
  it('is the one there was at load: a later replacement is never called', () => {
    const replacement = vi.spyOn(JSON, 'parse');
    try {
      const result = parseBinary(doc(indexObject(MIN, String)));
      expect(result.ok).toBe(true);
      expect(replacement).not.toHaveBeenCalled();
    } finally {
      replacement.mockRestore();
    }
  });

  it('is not used when a program replaced JSON.parse before the parser loaded', async () => {
    expect(BUILDS_INDEX_OBJECTS).toBe(true);
    const original = JSON.parse;
    JSON.parse = (text: string, reviver?: Parameters<typeof original>[1]) => original(text, reviver);
    try {
      vi.resetModules();
      const fresh = await import('../../src/parse/index-objects.js');
      expect(fresh.BUILDS_INDEX_OBJECTS).toBe(false);
      const { parseBinary: freshParse } = await import('../../src/parse/parse-binary.js');
      const text = indexObject(MIN, String);
      const result = freshParse(doc(text));
      expect(result.ok && result.value).toEqual(original(text));
    } finally {
      JSON.parse = original;
      vi.resetModules();
    }
  });
});
