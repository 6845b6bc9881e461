import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ESCAPED_RUN_SPACING_BYTES, textWithEscapedNonAscii } from '../../src/parse/escaped-text.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * A long ASCII array holding `pieces` (JSON text, raw bytes allowed) together, past the first of the
 * sampled windows and before the second, so that only the runs decide.
 */
function documentWith(pieces: (string | number[])[]): Uint8Array {
  const chunks = [encoder.encode(`[${JSON.stringify('x'.repeat(1500))},`)];
  for (const piece of pieces) chunks.push(typeof piece === 'string' ? encoder.encode(piece) : Uint8Array.from(piece), Uint8Array.of(0x2c));
  chunks.push(encoder.encode(`${JSON.stringify('x'.repeat(200_000))}]`));
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

function oracle(bytes: Uint8Array): unknown {
  return JSON.parse(decoder.decode(bytes));
}

describe('textWithEscapedNonAscii', () => {
  it('gives an ASCII text whose JSON.parse is the value of the bytes, for any strings and keys', () => {
    const piece = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 12 }).map((text) => JSON.stringify(text)),
      fc.tuple(fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }), fc.integer()).map(([key, value]) => JSON.stringify({ [key]: value })),
    );
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 12 }), (pieces) => {
        const bytes = documentWith(pieces);
        const text = textWithEscapedNonAscii(bytes, 0, bytes.length);
        // A run right after a backslash (`"\\\u0080"`) is declined: an escape there would change
        // what the backslash escapes.
        const runAfterBackslash = bytes.some((byte, index) => byte >= 0x80 && bytes[index - 1] === 0x5c);
        if (bytes.every((byte) => byte < 0x80) || runAfterBackslash) {
          expect(text).toBeUndefined();
        } else {
          expect(text).toBeDefined();
          expect(/^[\x00-\x7f]*$/.test(text!)).toBe(true);
          expect(JSON.parse(text!)).toEqual(oracle(bytes));
        }
      }),
      { numRuns: 100 },
    );
  });

  it('gives U+FFFD where TextDecoder does, for ill-formed bytes in strings', () => {
    const badRuns = [[0xff], [0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xc0, 0xaf], [0x80, 0x80, 0xc3, 0xa9], [0xf0, 0x9f, 0x98]];
    const pieces = badRuns.map((run) => [0x22, 0x61, ...run, 0x62, 0x22]);
    const bytes = documentWith(pieces);
    const text = textWithEscapedNonAscii(bytes, 0, bytes.length)!;
    expect(JSON.parse(text)).toEqual(oracle(bytes));
    // A range that starts or ends inside a run decodes the rest of it alone, as TextDecoder would.
    const start = bytes.indexOf(0xe2);
    expect(JSON.parse(`[${textWithEscapedNonAscii(bytes, 1, bytes.length - 1)}]`)).toEqual(oracle(bytes));
    expect(textWithEscapedNonAscii(bytes, start + 1, bytes.length)).toBe(decoder.decode(bytes.subarray(start + 1)).replace(/[^\x00-\x7f]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`));
  });

  it('writes characters past U+FFFF as two escapes, which JSON.parse joins again', () => {
    const bytes = documentWith(['"😀 and 𝄞"', '{"é😀":1}']);
    const text = textWithEscapedNonAscii(bytes, 0, bytes.length)!;
    expect(text).toContain('\\ud83d\\ude00');
    expect(JSON.parse(text)).toEqual(oracle(bytes));
  });

  it('keeps invalid JSON invalid: a character outside strings, or after a backslash, which it leaves alone', () => {
    const outside = documentWith(['1é']);
    expect(() => JSON.parse(textWithEscapedNonAscii(outside, 0, outside.length)!)).toThrow(SyntaxError);
    expect(() => oracle(outside)).toThrow(SyntaxError);
    // "\é" is an invalid escape; written as "\\u00e9" it would be a valid one.
    const afterBackslash = documentWith(['"a\\é"']);
    expect(textWithEscapedNonAscii(afterBackslash, 0, afterBackslash.length)).toBeUndefined();
    const afterEscapedBackslash = documentWith(['"a\\\\é"']);
    expect(textWithEscapedNonAscii(afterEscapedBackslash, 0, afterEscapedBackslash.length)).toBeUndefined();
  });

  it('declines text of other scripts and documents with many runs, and gives ASCII as it is', () => {
    const prose = encoder.encode(JSON.stringify(Array.from({ length: 2000 }, (_, i) => `Строка ${i} и ещё`)));
    expect(textWithEscapedNonAscii(prose, 0, prose.length)).toBeUndefined();
    // Runs everywhere: the sampled windows tell.
    const dense = encoder.encode(`[${Array.from({ length: 400 }, () => `"é",${JSON.stringify('x'.repeat(ESCAPED_RUN_SPACING_BYTES / 2))}`).join(',')}]`);
    expect(textWithEscapedNonAscii(dense, 0, dense.length)).toBeUndefined();
    // Runs in one corner, which the sample misses: their count tells.
    const corner = encoder.encode(`[${'"é",'.repeat(300)}"${'x'.repeat(200 * 1024)}"]`);
    expect(300).toBeGreaterThan(corner.length / ESCAPED_RUN_SPACING_BYTES);
    expect(textWithEscapedNonAscii(corner, 0, corner.length)).toBeUndefined();
    const fewer = encoder.encode(`[${'"é",'.repeat(150)}"${'x'.repeat(200 * 1024)}"]`);
    expect(JSON.parse(textWithEscapedNonAscii(fewer, 0, fewer.length)!)).toEqual(oracle(fewer));
    // All ASCII: one decoder call makes that text, without the copies of the parts.
    const ascii = documentWith(['"plain"']);
    expect(textWithEscapedNonAscii(ascii, 0, ascii.length)).toBeUndefined();
    // A quarter of the sampled windows with other characters is already too many.
    const quarter = encoder.encode(`[${JSON.stringify('x'.repeat(150_000))},${JSON.stringify('é'.repeat(25_000))}]`);
    expect(textWithEscapedNonAscii(quarter, 0, quarter.length)).toBeUndefined();
  });

  it('gives a whole text past 1 MB, which Node copies out of the buffer it then releases', () => {
    // Past about 1 MB Node makes the text an external string; the byte buffer is released at once.
    const names = ['Zoë', 'Œuvre', 'Ångström', '東京'];
    const records = Array.from({ length: 12_000 }, (_, index) => ({ id: index, name: index % 3000 === 0 ? names[index / 3000] : `name ${index}`, note: 'x'.repeat(80) }));
    const bytes = encoder.encode(JSON.stringify(records));
    expect(bytes.length).toBeGreaterThan(1_100_000);
    const text = textWithEscapedNonAscii(bytes, 0, bytes.length)!;
    expect(text).toBe(decoder.decode(bytes).replace(/[^\x00-\x7f]/g, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`));
    expect(JSON.parse(text)).toEqual(records);
  });
});
