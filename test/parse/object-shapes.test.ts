import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sharedShapeTree } from '../../src/parse/object-shapes.js';

const rootShape = () => sharedShapeTree.root;
const firstShapeGuess = (depth: number) => sharedShapeTree.firstShapeGuess(depth);
import { parseBinary } from '../../src/parse/parse-binary.js';
import { expectAgreement } from './agreement.js';
import { jsonText } from './json-text.js';
import { utf8 } from './oracle.js';
import { describeLaterKeys } from './later-keys-cases.js';

/** Parses the same bytes often enough that every shape in them is built by its compiled factory. */
function expectAgreementWhenRepeated(bytes: Uint8Array, options = {}): void {
  for (let round = 0; round < 8; round++) expectAgreement(bytes, options);
}

describe('objects built by compiled shape factories are the same as JSON.parse builds', () => {
  const documents = [
    '[{"id":1,"name":"a"},{"id":2,"name":"b"},{"id":3,"name":"c"},{"id":4,"name":"d"},{"id":5,"name":"e"},{"id":6,"name":"f"}]',
    '{"a":1,"a":2,"b":3}',
    '{"1":"one","0":"zero","b":"bee","-1":"minus","4294967295":"big","01":"leading"}',
    '{"__proto__":{"x":1},"y":2}',
    '{"constructor":{"prototype":{}},"toString":1,"hasOwnProperty":2,"valueOf":3}',
    '{"quote\\"key":1,"back\\\\slash":2,"new\\nline":3,"\\u2028sep\\u2029":4,"\\ud800lone":5,"\\udc00":6,"":7}',
    '{"}; throw new Error(1); ({":1,"\\u0000":2,"`${x}`":3,"\' + x + \'":4}',
    '{"length":1,"prototype":2,"caller":3,"arguments":4,"this":5,"v":6,"s":7}',
    '[{"a":{"b":{"c":{"d":[1,{"e":null}]}}}},{"a":{"b":{"c":{"d":[2,{"e":true}]}}}}]',
    `{${Array.from({ length: 70 }, (_, i) => `"k${i}":${i}`).join(',')}}`,
    `{${Array.from({ length: 64 }, (_, i) => `"k${i}":${i}`).join(',')}}`,
  ];
  for (const text of documents) {
    it(text.length > 60 ? `${text.slice(0, 60)}...` : text, () => expectAgreementWhenRepeated(utf8(text)));
  }

  it('with protoAction remove and constructorAction remove', () => {
    const text = '[{"__proto__":1,"a":2},{"constructor":{"prototype":1},"b":2}]';
    for (let round = 0; round < 8; round++) {
      expect(parseBinary(utf8(text), { protoAction: 'remove', constructorAction: 'remove' })).toEqual({ ok: true, value: [{ a: 2 }, { b: 2 }] });
    }
  });

  it('on random documents parsed repeatedly', () => {
    fc.assert(fc.property(jsonText, (text) => expectAgreementWhenRepeated(utf8(text))), { numRuns: 500 });
  });

  it('whatever the first key guessed from the last object at the same depth', () => {
    const documents = [
      '[{"id":1,"a":{"street":"x"}},{"idx":2,"a":{"stree":"y"}},{"i":3,"a":{"streets":"z"}},{"id":4,"a":{"street":"w"}}]',
      '{"id":{"id":{"id":1}},"idx":{"i":{"id":2}}}',
      '[{"a":1},[{"a":2},{"b":3}],{"b":4},[[{"a":5}]],{"a":6}]',
      '[{"k":1},{"k":1},{"k\\u0000":2},{"k":3}]',
    ];
    for (let round = 0; round < 8; round++) {
      for (const text of documents) expectAgreement(utf8(text));
    }
  });

  it('after the shape tree starts afresh, with guesses from the old one', () => {
    expectAgreementWhenRepeated(utf8('[{"id":1,"x":{"k0":0}},{"id":2,"x":{"k1":1}}]'));
    // More distinct first keys than the tree keeps shapes for.
    const many = `[${Array.from({ length: 17_000 }, (_, i) => `{"k${i}":${i}}`).join(',')}]`;
    expectAgreement(utf8(many));
    expectAgreementWhenRepeated(utf8('[{"id":1,"x":{"k0":0}},{"id":2,"x":{"k16999":1}}]'));
  });

  it('without keeping the old tree alive through a guess', () => {
    // New first keys until one of them starts the tree afresh while it is being read.
    const before = rootShape();
    for (let index = 0; index < 20_000 && rootShape() === before; index++) {
      expect(parseBinary(utf8(`[{"fresh${index}":${index}}]`)).ok).toBe(true);
    }
    expect(rootShape()).not.toBe(before);
    const guess = firstShapeGuess(1);
    if (guess !== undefined) expect(guess.parent).toBe(rootShape());
    expect(parseBinary(utf8('[{"again":1}]'))).toEqual({ ok: true, value: [{ again: 1 }] });
    expect(firstShapeGuess(1)?.parent).toBe(rootShape());
  });

  it('never changes Object.prototype, whatever the keys', () => {
    const text = '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":2}}}';
    for (let round = 0; round < 8; round++) parseBinary(utf8(`[${text},${text}]`));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});

describe('guessed keys, compared in the shape (head and last four bytes) and in the key words', () => {
  /** A plain key of `length` bytes, its byte at `changedAt` (if any) replaced. */
  const key = (length: number, changedAt = -1): string =>
    Array.from({ length }, (_, index) => (index === changedAt ? 'Z' : String.fromCharCode(97 + (index % 26)))).join('');
  // Every length up to 24 (head, overlapping last word, one to three key words), then the limits.
  const lengths = [...Array.from({ length: 24 }, (_, index) => index + 1), 31, 32, 33, 63, 64, 65, 255, 256, 257];

  it('match or not at every length around the limits, whatever byte differs', () => {
    for (const length of lengths) {
      const guessed = key(length);
      const others = [key(length + 1), key(length - 1), `${guessed}"`, `${guessed.slice(0, -1)}\\u0061`];
      // Every byte of the shorter keys; around each word's edges in the longer ones.
      const changed = length <= 24 ? Array.from({ length }, (_, index) => index) : [0, 3, 4, 7, 8, 11, 12, 15, 16, length - 5, length - 4, length - 1];
      for (const at of changed) {
        if (at < length) others.push(key(length, at));
      }
      // Each record first repeats the guessed key, then tries one that differs from it.
      const records = others.flatMap((other) => [`{"${guessed}":1,"x":2}`, `{${JSON.stringify(other)}:3,"x":4}`]);
      expectAgreementWhenRepeated(utf8(`[${records.join(',')}]`));
    }
  });

  it('near the end of the input, where fewer than eight bytes follow the quote', () => {
    for (const length of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const guessed = key(length);
      for (let round = 0; round < 8; round++) {
        expectAgreement(utf8(`[{"${guessed}":1},{"${guessed}":2}]`));
        expectAgreement(utf8(`{"${guessed}":2}`));
        expectAgreement(utf8(`{"${guessed}":[]`));
      }
    }
  });

  it('from shapes whose keys filled more than one key store', () => {
    // 200 keys of 200 bytes: 47 words each, 9,400 words, past KEY_STORE_WORDS.
    const keys = Array.from({ length: 200 }, (_, index) => `${key(197)}${String(index).padStart(3, '0')}`);
    const text = `[${keys.map((name, index) => `{${JSON.stringify(name)}:${index}}`).join(',')}]`;
    expectAgreementWhenRepeated(utf8(text));
  });
});

describeLaterKeys('V8 and browsers: read by readPropertyName', parseBinary);
