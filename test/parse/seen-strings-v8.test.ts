import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBinary } from '../../src/parse/parse-binary.js';
import { SEEN_MAX_LENGTH, SEEN_MIN_LENGTH, seenAscii } from '../../src/parse/seen-strings.js';
import { expectAgreement } from './agreement.js';
import { utf8 } from './oracle.js';

// Off Bun, plain ASCII values of SEEN_MIN_LENGTH to SEEN_MAX_LENGTH bytes read in the parser loop come
// from a table once they recur. These cases make values recur, collide and churn the table.

const parsed = (text: string): unknown => {
  const result = parseBinary(utf8(text));
  if (!result.ok) throw new Error(result.message);
  return result.value;
};

describe('short recurring values (the table off Bun)', () => {
  it('are right at every length, first made, then let in, then from the table', () => {
    for (let length = 1; length <= SEEN_MAX_LENGTH + 2; length++) {
      const values = ['a', 'b', 'Z'].map((first) => first + 'x'.repeat(length - 1));
      const document = JSON.stringify({ list: [...values, ...values, ...values], again: values });
      for (let round = 0; round < 4; round++) expect(parsed(document)).toEqual(JSON.parse(document));
    }
  });

  it('tell apart values that differ only in length or in one character', () => {
    const base = 'abcdefghijkl';
    const values: string[] = [];
    for (let length = SEEN_MIN_LENGTH; length <= SEEN_MAX_LENGTH; length++) {
      values.push(base.slice(0, length));
      for (let at = 0; at < length; at++) values.push(base.slice(0, at) + '~' + base.slice(at + 1, length));
    }
    const document = JSON.stringify([values, values, values]);
    for (let round = 0; round < 4; round++) expect(parsed(document)).toEqual([values, values, values]);
  });

  it('are right after a long run of distinct values has turned the table off for a while', () => {
    const ids = Array.from({ length: 3000 }, (_, index) => `id${(index * 7919).toString(36).padStart(6, '0')}`);
    const recurring = Array.from({ length: 600 }, (_, index) => ['ACTIVE', 'PENDING', 'us-east-1', 'eu-west-3'][index % 4]);
    const document = JSON.stringify({ ids, recurring, mixed: ids.map((id, index) => (index % 2 === 0 ? id : recurring[index % 600])) });
    for (let round = 0; round < 3; round++) expect(parsed(document)).toEqual(JSON.parse(document));
  });

  it('never answer with a table string that shares the slot and all but the last word', () => {
    // More strings than slots, alike in their first eight bytes: some must share a slot.
    const bytes = new Uint8Array(12 * 6000);
    const texts: string[] = [];
    for (let index = 0; index < 6000; index++) {
      const text = 'abcdefgh' + (index * 37).toString(36).padStart(4, '0').slice(-4);
      texts.push(text);
      for (let at = 0; at < 12; at++) bytes[index * 12 + at] = text.charCodeAt(at);
    }
    // Each seen twice in a row, so that it is let in (replacing whatever held its slot).
    for (let index = 0; index < texts.length; index++) {
      for (let round = 0; round < 2; round++) expect(seenAscii(bytes, index * 12, index * 12 + 12)).toBe(texts[index]);
    }
    for (let index = 0; index < texts.length; index++) expect(seenAscii(bytes, index * 12, index * 12 + 12)).toBe(texts[index]);
  });

  it('are right at the very end of the input, where fewer than SEEN_MAX_LENGTH bytes follow them', () => {
    for (const text of ['"abcd"', '"abcdefghijkl"', '["abcdefgh"]', '{"k":"abcdefghij"}', ' "abcde" ']) {
      for (let round = 0; round < 3; round++) expectAgreement(utf8(text));
    }
  });

  it('agree with JSON.parse on documents of values drawn from a few short spellings (property)', () => {
    const spelling = fc.stringMatching(/^[a-d0-9 _-]{0,14}$/);
    fc.assert(
      fc.property(fc.array(spelling, { minLength: 1, maxLength: 8 }), fc.array(fc.nat(), { maxLength: 80 }), (spellings, picks) => {
        const values = picks.map((pick) => spellings[pick % spellings.length]);
        const document = JSON.stringify({ values, nested: [{ v: values[0] ?? '' }, values.slice(0, 5)] });
        expect(parsed(document)).toEqual(JSON.parse(document));
        expect(parsed(document)).toEqual(JSON.parse(document));
      }),
    );
  });
});
