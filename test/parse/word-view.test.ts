import { describe, expect, it } from 'vitest';
import { parseBinary } from '../../src/parse/parse-binary.js';
import { expectAgreement } from './agreement.js';
import { utf8 } from './oracle.js';

// Long strings are scanned four bytes at a time once past their first 32 bytes, over a 32-bit
// view of the input. These cases put every kind of byte that must stop that scan at every offset
// of strings around the switch-over, under every alignment of the input in its buffer.

const specials: Record<string, number[]> = {
  'an escape': [0x5c, 0x6e],
  'a \\u escape': [0x5c, 0x75, 0x30, 0x30, 0x65, 0x39],
  'a two-byte character': [0xc3, 0xa9],
  'an emoji': [0xf0, 0x9f, 0x98, 0x80],
  'an invalid byte': [0xff],
  'a truncated sequence': [0xe2, 0x82],
  'a DEL (plain ASCII)': [0x7f],
  'a space and a tilde (plain ASCII)': [0x20, 0x7e],
};

/** `text` as the bytes of a JSON document placed `offset` bytes into a larger buffer. */
function placed(document: number[], offset: number): Uint8Array {
  const buffer = new Uint8Array(offset + document.length + 5).fill(0x22);
  buffer.set(document, offset);
  return buffer.subarray(offset, offset + document.length);
}

function plain(length: number): number[] {
  return Array.from({ length }, (_, index) => 0x61 + (index % 26));
}

describe('long strings read a word at a time', () => {
  for (const [name, special] of Object.entries(specials)) {
    it(`agree with JSON.parse around ${name} at any offset and alignment`, () => {
      for (const length of [31, 36, 47, 70]) {
        for (let at = 0; at <= length; at++) {
          const inner = plain(length);
          inner.splice(at, 0, ...special);
          // Padded past 64 bytes, the length from which a short input gets its word view.
          const document = [0x5b, 0x22, ...inner, 0x22, 0x2c, 0x22, ...plain(40), 0x22, 0x5d];
          for (let offset = 0; offset < 4; offset++) {
            expectAgreement(placed(document, offset));
            expectAgreement(placed(document, offset), { fatal: true });
          }
        }
      }
    });
  }

  it('agree with JSON.parse for every byte value at every place in a word', () => {
    for (let byte = 0; byte < 0x100; byte++) {
      for (let at = 32; at < 40; at++) {
        const inner = plain(60);
        inner[at] = byte;
        const document = [0x5b, 0x22, ...inner, 0x22, 0x2c, 0x22, ...plain(8), 0x22, 0x5d];
        for (let offset = 0; offset < 4; offset++) {
          expectAgreement(placed(document, offset));
          expectAgreement(placed(document, offset), { fatal: true });
          if (byte < 0x20) expect(parseBinary(placed(document, offset))).toMatchObject({ ok: false, position: at + 2 });
        }
      }
    }
  });

  it('fail at the exact byte of a raw control character or of an unterminated string', () => {
    for (let at = 30; at < 80; at++) {
      for (let offset = 0; offset < 4; offset++) {
        const inner = plain(100);
        inner[at] = 0x0a;
        const withControl = parseBinary(placed([0x22, ...inner, 0x22], offset));
        expect(withControl).toMatchObject({ ok: false, position: at + 1 });
        const unterminated = parseBinary(placed([0x22, ...plain(at)], offset));
        expect(unterminated).toMatchObject({ ok: false, position: at + 1 });
      }
    }
  });

  it('stop at the closing quote when the next string starts in the same word', () => {
    for (let length = 32; length < 48; length++) {
      const text = 'x'.repeat(length);
      const document = new TextEncoder().encode(JSON.stringify([text, 'yz', text]));
      expect(parseBinary(document)).toEqual({ ok: true, value: [text, 'yz', text] });
    }
  });

  it('never read past a short input into the bytes an earlier, longer input left in the kept copy', () => {
    // Inputs of 64 to 1,023 bytes are scanned in a copy kept across parses; each earlier input
    // below fills the copy with bytes that would carry a scan on (letters, spaces, digits).
    const fillers = [`["${'a'.repeat(1000)}"]`, `[${' '.repeat(1000)}1]`, `[${'1'.repeat(1000)}]`];
    const shortInputs = [`["${'b'.repeat(100)}`, `["${'b'.repeat(100)}"`, `[${' '.repeat(99)}`, `[${'1'.repeat(99)}`, '1'.repeat(99), `"${'c'.repeat(98)}"`];
    for (const filler of fillers) {
      for (const text of shortInputs) {
        for (let cut = 0; cut < 4; cut++) {
          expect(parseBinary(utf8(filler)).ok).toBe(true);
          expectAgreement(utf8(text.slice(0, text.length - cut)));
        }
      }
    }
  });

  it('read shared memory byte by byte, with the same results', () => {
    const text = 'shared '.repeat(20);
    const encoded = new TextEncoder().encode(JSON.stringify({ text, more: [text, 'é'] }));
    const shared = new Uint8Array(new SharedArrayBuffer(encoded.length));
    shared.set(encoded);
    expect(parseBinary(shared)).toEqual({ ok: true, value: { text, more: [text, 'é'] } });
  });
});

// From their ninth byte, string values are read in the parser loop a word at a time, and the byte
// that stops the scan is found within its word (plainAsciiEnd). These cases put every kind of
// stopping byte at every place of short strings, under every alignment, in short inputs (read from
// the kept copy) and in long ones (read from a view of the caller's buffer).
describe('string values read a word at a time from their ninth byte', () => {
  /** `document` followed by enough filler to take it past the kept copy's 1 KB when `long`. */
  function sized(document: number[], long: boolean): number[] {
    if (!long) return [0x5b, ...document, 0x5d];
    return [0x5b, ...document, 0x2c, 0x22, ...plain(1100), 0x22, 0x5d];
  }

  for (const [name, special] of Object.entries({ ...specials, 'a quote': [0x22, 0x2c, 0x22], 'a raw line feed': [0x0a] })) {
    it(`agree with JSON.parse around ${name} at any place and alignment`, () => {
      for (const length of [7, 8, 9, 11, 12, 13, 16, 20, 27]) {
        for (let at = 0; at <= length; at++) {
          const inner = plain(length);
          inner.splice(at, 0, ...special);
          for (const long of [false, true]) {
            const document = sized([0x22, ...inner, 0x22], long);
            for (let offset = 0; offset < 4; offset++) {
              expectAgreement(placed(document, offset));
              expectAgreement(placed(document, offset), { fatal: true });
            }
          }
        }
      }
    });
  }

  it('find the first stopping byte of a word that holds several', () => {
    for (let at = 8; at < 16; at++) {
      for (const second of [0x22, 0x5c, 0x0a, 0xc3, 0x00]) {
        const inner = plain(24);
        inner[at] = 0x5c;
        inner[at + 1] = 0x6e;
        if (at + 2 < inner.length) inner[at + 2] = second;
        for (const long of [false, true]) {
          for (let offset = 0; offset < 4; offset++) expectAgreement(placed(sized([0x22, ...inner, 0x22], long), offset));
        }
      }
    }
  });

  it('stop at the end of an input that ends inside a string', () => {
    for (let length = 6; length < 20; length++) {
      for (let offset = 0; offset < 4; offset++) {
        const unterminated = parseBinary(placed([0x5b, 0x22, ...plain(length)], offset));
        expect(unterminated).toMatchObject({ ok: false, position: length + 2 });
      }
    }
  });
});
