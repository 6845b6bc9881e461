import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// The tables exist on Bun only (process.versions.bun set when the module loads).
const bunVersion = process.versions.bun;
process.versions.bun = bunVersion ?? 'test';
const { SEEN_MAX_LENGTH, SEEN_MIN_LENGTH, seenAscii, seenUtf8 } = await import('../../src/parse/seen-strings.js');
// The module reads it once, when it loads; later test files in this worker must not see it.
if (bunVersion === undefined) delete (process.versions as { bun?: string }).bun;

const decoder = new TextDecoder();

const latin1 = (bytes: Uint8Array, start: number, end: number): string => String.fromCharCode(...bytes.subarray(start, end));

/** `text` at `offset` in a buffer whose other bytes are `filler`, with SEEN_MAX_LENGTH bytes of room after its start. */
function placed(text: string, offset: number, filler: number): Uint8Array {
  const bytes = new Uint8Array(offset + Math.max(text.length, SEEN_MAX_LENGTH) + 2).fill(filler);
  for (let index = 0; index < text.length; index++) bytes[offset + index] = text.charCodeAt(index);
  return bytes;
}

describe('seenAscii and seenUtf8', () => {
  it('gives the string at every length, first made, then let in, then from the table, whatever follows it', () => {
    for (let length = SEEN_MIN_LENGTH; length <= SEEN_MAX_LENGTH; length++) {
      const text = Array.from({ length }, (_, index) => String.fromCharCode(0x21 + ((index * 13 + length) % 90))).join('');
      // Bytes after the string: non-ASCII ones set the bits that the masks must clear.
      for (const filler of [0x00, 0x41, 0x7f, 0x80, 0xff]) {
        const bytes = placed(text, 3, filler);
        for (let round = 0; round < 3; round++) expect(seenAscii(bytes, 3, 3 + length)).toBe(text);
      }
    }
  });

  it('tells apart strings that differ only in length or in their last character', () => {
    const bytes = placed('abcdefghijkl', 0, 0x20);
    for (let round = 0; round < 3; round++) {
      for (let length = SEEN_MIN_LENGTH; length <= SEEN_MAX_LENGTH; length++) expect(seenAscii(bytes, 0, length)).toBe('abcdefghijkl'.slice(0, length));
    }
    // NUL characters (from \u0000 escapes, in scratch space) pack as zeros: only the length tells these apart.
    const nuls = placed('abcd\0\0\0\0\0\0\0\0', 0, 0);
    for (let round = 0; round < 3; round++) {
      for (let length = SEEN_MIN_LENGTH; length <= SEEN_MAX_LENGTH; length++) expect(seenAscii(nuls, 0, length)).toBe('abcd'.padEnd(length, '\0'));
    }
    const other = placed('abcdefghijkm', 0, 0x20);
    for (let round = 0; round < 3; round++) {
      expect(seenAscii(bytes, 0, 12)).toBe('abcdefghijkl');
      expect(seenAscii(other, 0, 12)).toBe('abcdefghijkm');
    }
  });

  it('tells apart, at every length, strings that differ in one character, wherever it is', () => {
    for (let length = SEEN_MIN_LENGTH; length <= SEEN_MAX_LENGTH; length++) {
      const text = 'mnopqrstuvwx'.slice(0, length);
      for (let at = 0; at < length; at++) {
        const changed = `${text.slice(0, at)}#${text.slice(at + 1)}`;
        for (let round = 0; round < 3; round++) {
          expect(seenAscii(placed(text, 2, 0x41), 2, 2 + length)).toBe(text);
          expect(seenAscii(placed(changed, 2, 0x41), 2, 2 + length)).toBe(changed);
        }
      }
    }
  });

  it('agrees with a latin1 decode on any ASCII strings, repeated, colliding and interleaved', () => {
    const ascii = fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((code) => String.fromCharCode(code)), minLength: SEEN_MIN_LENGTH, maxLength: SEEN_MAX_LENGTH });
    fc.assert(
      fc.property(fc.array(ascii, { minLength: 1, maxLength: 40 }), fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 0xff }), (texts, offset, filler) => {
        for (let round = 0; round < 3; round++) {
          for (const text of texts) {
            const bytes = placed(text, offset, filler);
            expect(seenAscii(bytes, offset, offset + text.length)).toBe(latin1(bytes, offset, offset + text.length));
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('stays right after long runs of distinct strings (the table passed over) and many collisions', () => {
    const texts = Array.from({ length: 20000 }, (_, index) => `v${index.toString(36).padStart(6, '0')}`.slice(0, SEEN_MIN_LENGTH + (index % 9)));
    for (let round = 0; round < 3; round++) {
      for (const text of texts) expect(seenAscii(placed(text, 1, 0x22), 1, 1 + text.length)).toBe(text);
    }
  });

  it('gives what TextDecoder gives for UTF-8 of 4 to 12 bytes, ill-formed too', () => {
    const texts = ['é', 'añb', 'Привет', 'мир!', '中文字', '中文字符', '😀x', 'ж'.repeat(6), 'niño', 'ÿÿ', 'x€y'];
    const ill = [[0x61, 0xff, 0x62, 0x63], [0xc3, 0x41, 0x42, 0x43], [0xe2, 0x82, 0x41, 0x42, 0x43], [0xed, 0xa0, 0x80, 0x41], [0xf0, 0x9f, 0x98, 0x41, 0x42]];
    const cases = [...texts.map((text) => new TextEncoder().encode(text)), ...ill.map((list) => Uint8Array.from(list))].filter(
      (bytes) => bytes.length >= SEEN_MIN_LENGTH && bytes.length <= SEEN_MAX_LENGTH,
    );
    expect(cases.length).toBeGreaterThan(10);
    for (let round = 0; round < 3; round++) {
      for (const encoded of cases) {
        for (const filler of [0x00, 0x80, 0xff]) {
          const bytes = new Uint8Array(2 + SEEN_MAX_LENGTH + 2).fill(filler);
          bytes.set(encoded, 2);
          expect(seenUtf8(bytes, 2, 2 + encoded.length)).toBe(decoder.decode(encoded));
        }
      }
    }
  });
});
