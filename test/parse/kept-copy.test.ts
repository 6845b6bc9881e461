// Short inputs are parsed from a copy kept across parses (input-bytes.ts), whose bytes past the
// input's end are an earlier input's. None of them may count: here every prefix of each document is
// parsed right after the whole document (the stale bytes then continue it exactly as it goes on)
// and right after a run of zero bytes, and the two results must be the same, and JSON.parse's.
import { describe, expect, it } from 'vitest';
import { parseBinary } from '../../src/parse/parse-binary.js';
import { jsonDifference, oracle, utf8 } from './oracle.js';

const documents = [
  '[12345678, 1234567890123, -0.5e-7, 3.25, 1e300, 0]',
  JSON.stringify({ name: 'Alice', tags: ['admin', 'user'], active: true, score: null, id: 'abcdefghijklmnop' }),
  JSON.stringify({ text: `${'word '.repeat(30)}\n\t"quoted"`, more: 'é'.repeat(20), keys: { ACTIVE: 'ACTIVE', us: 'us-east-1' } }),
  JSON.stringify([{ a: 1 }, { a: 2, b: [true, false] }, { a: 3, b: [null] }], null, 4),
  `"${'plain ascii text '.repeat(20)}"`,
  '{"key": "value", "number": 123456789012345678901234567890}',
  // Past 1 KB: copied on Bun (up to 16 KB), a view elsewhere.
  JSON.stringify(Array.from({ length: 60 }, (_, index) => ({ id: index * 7919, name: `item ${index}`, tags: ['a', 'bb', 'ccc'], ratio: index / 7 })), null, 2),
];

const zeros = new Uint8Array(16 * 1024 - 1);

describe('the kept copy of a short input', () => {
  it('never reads an earlier input\'s bytes past the end', () => {
    for (const text of documents) {
      const whole = utf8(text);
      expect(whole.length).toBeLessThan(16 * 1024);
      // Every prefix of short documents; of long ones every 37th, and all that end in the last 100 bytes.
      for (let end = 0; end <= whole.length; end += whole.length < 1024 || end >= whole.length - 100 ? 1 : 37) {
        const prefix = whole.slice(0, end);
        for (const fatal of [false, true]) {
          parseBinary(whole, { fatal });
          const afterWhole = parseBinary(prefix, { fatal });
          parseBinary(zeros);
          const afterZeros = parseBinary(prefix, { fatal });
          expect(afterWhole, `${text.slice(0, 30)} cut at ${end}`).toEqual(afterZeros);
          const expected = oracle(prefix, fatal);
          expect(afterWhole.ok).toBe(expected.ok);
          if (afterWhole.ok && expected.ok) expect(jsonDifference(afterWhole.value, expected.value, prefix)).toBeUndefined();
        }
      }
    }
  });

  it('guesses a key that ends near the input\'s end only from the input\'s own bytes', () => {
    // The guessed key's first 8 bytes are read as words, past the end of a short input (into the
    // kept copy's stale bytes); only the key's own bytes and its closing quote may decide.
    const texts = ['{"a":1}', '{"ab":1}', '{"a":1}', '{"abc":2}', '{"a":3,"b":4}', '{"b":5}', '{"a":6,"b"', '{"a":7,"c":8}', '[{"a":9},{"b":0}]', '{"abcdefgh":1}', '{"abcdefg":2}'];
    for (let round = 0; round < 8; round++) {
      for (const text of texts) {
        const expected = oracle(utf8(text), false);
        const actual = parseBinary(utf8(text));
        expect(actual.ok, text).toBe(expected.ok);
        if (actual.ok && expected.ok) expect(jsonDifference(actual.value, expected.value, utf8(text)), text).toBeUndefined();
      }
    }
  });

  it('is a snapshot of shared memory, and any one-byte kind copies its bytes as they are', () => {
    const bytes = utf8(JSON.stringify({ text: 'ünïcödé', list: [1, 2, 3] }));
    const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
    shared.set(bytes);
    const expected = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    for (const input of [shared, new Int8Array(shared.buffer), new Uint8ClampedArray(bytes.slice().buffer), new Int8Array(bytes.slice().buffer)]) {
      expect(parseBinary(input)).toEqual({ ok: true, value: expected });
    }
  });
});
