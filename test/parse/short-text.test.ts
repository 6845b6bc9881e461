import { describe, expect, it } from 'vitest';
import { parseBinary } from '../../src/parse/parse-binary.js';
import { parseDocument } from '../../src/parse/parser.js';
import { LONG_TEXTS_TO_STOP } from '../../src/parse/short-text.js';
import { ParseState } from '../../src/parse/state.js';
import { toInputBytes } from '../../src/parse/input.js';
import { expectAgreement } from './agreement.js';
import { utf8 } from './oracle.js';

// Short non-ASCII strings are read by readShortText: a scan of at most 48 bytes past the ASCII
// start for the closing quote, then one loop that decodes and checks UTF-8. Anything else is handed
// on to the general string reader at the scan's stop. These cases sit on each edge of that split.

const twoByte = (count: number): number[] => Array.from({ length: count }, (_, index) => [0xd0, 0xb0 + (index % 16)]).flat();
const threeByte = (count: number): number[] => Array.from({ length: count }, (_, index) => [0xe4, 0xb8, 0x80 + (index % 64)]).flat();
const fourByte = (count: number): number[] => Array.from({ length: count }, () => [0xf0, 0x9f, 0x87, 0xa6]).flat();
const ascii = (count: number): number[] => Array.from({ length: count }, (_, index) => 0x61 + (index % 26));

/** `inner` as the second element of an array, `lead` bytes of padding before it to move its alignment. */
function inArray(inner: number[], lead = 0): Uint8Array {
  return new Uint8Array([...utf8(`[${' '.repeat(lead)}"x", "`), ...inner, ...utf8('", 1]')]);
}

function expectBothModes(bytes: Uint8Array): void {
  expectAgreement(bytes);
  expectAgreement(bytes, { fatal: true });
}

describe('short non-ASCII strings', () => {
  it('agree with the oracle at every length around the scan window and the code-unit limit', () => {
    for (const prefix of [0, 1, 3, 8, 9, 24, 25, 30]) {
      for (const [kind, make] of [['2-byte', twoByte], ['3-byte', threeByte], ['4-byte', fourByte]] as const) {
        for (let count = 1; count <= 26; count++) {
          for (const lead of [0, 1, 2, 3]) {
            const inner = [...ascii(prefix), ...make(count)];
            const bytes = inArray(inner, lead);
            const result = parseBinary(bytes);
            if (!result.ok) expect.fail(`${kind} ×${count} after ${prefix} ASCII: ${result.message}`);
            expect((result.value as string[])[1], `${kind} ×${count} after ${prefix}`).toBe(new TextDecoder().decode(new Uint8Array(inner)));
          }
        }
      }
    }
  });

  it('agree with the oracle where ASCII follows the text, and with text after the window', () => {
    const cases = [
      [...twoByte(3), ...ascii(5)],
      [...ascii(2), ...threeByte(2), ...ascii(3), ...fourByte(1), 0x20],
      [...twoByte(23), ...ascii(2)],
      [...twoByte(24), ...ascii(1)],
      [...ascii(40), ...twoByte(1)],
      [...threeByte(16), ...ascii(1)],
      [...threeByte(17)],
      [...fourByte(12)],
      [...fourByte(13)],
    ];
    for (const inner of cases) for (const lead of [0, 1, 2, 3]) expectBothModes(inArray(inner, lead));
  });

  it('are read as object values and as the whole document', () => {
    expectBothModes(utf8('{"name":"Côte d\'Ivoire","flag":"🇨🇮","ru":"Мир","zh":"中国"}'));
    expectBothModes(utf8('"Ёлка"'));
    expectBothModes(utf8('  "é"  '));
  });

  it('hand strings with escapes on, whether the escape comes in the window or after it', () => {
    const escapes = [utf8('\\n'), utf8('\\"'), utf8('\\u00e9'), utf8('\\ud83d\\ude00'), utf8('\\ud83d')];
    for (const escape of escapes) {
      for (const before of [1, 10, 30]) {
        expectBothModes(inArray([...twoByte(before), ...escape, ...twoByte(2)]));
        expectBothModes(inArray([...ascii(3), ...threeByte(before), ...escape]));
      }
    }
  });

  it('replace ill-formed UTF-8 as TextDecoder does, and fail in fatal mode at its first byte', () => {
    const bad = [[0x80], [0xc0, 0xaf], [0xc2], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf0, 0x9f, 0x98], [0xf4, 0x90, 0x80, 0x80], [0xf5, 0x80], [0xff]];
    for (const sequence of bad) {
      for (const [before, after] of [[[], []], [twoByte(1), []], [twoByte(1), twoByte(1)], [[], ascii(2)]]) {
        const inner = [...before, ...sequence, ...after];
        const bytes = inArray(inner);
        expectAgreement(bytes);
        const fatal = parseBinary(bytes, { fatal: true });
        expect(fatal.ok, `fatal ${sequence}`).toBe(false);
        if (!fatal.ok) {
          expect(fatal.message).toContain('well-formed UTF-8');
          expect(fatal.position).toBe(utf8('["x", "').length + before.length);
        }
      }
    }
  });

  it('fail at a raw control character or at the end of input, where the general reader does', () => {
    const control = parseBinary(inArray([...twoByte(2), 0x0a, ...twoByte(1)]));
    expect(control.ok).toBe(false);
    if (!control.ok) {
      expect(control.position).toBe(utf8('["x", "').length + 4);
      expect(control.message).toContain('control characters must be escaped');
    }
    for (const inner of [twoByte(2), [...twoByte(1), 0xd0], fourByte(1), [...ascii(3), 0xe4, 0xb8]]) {
      const bytes = new Uint8Array([...utf8('["'), ...inner]);
      const result = parseBinary(bytes);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.position).toBe(bytes.length);
        expect(result.message).toContain(`expected '"' to end the string`);
      }
    }
  });

  it(`stop being tried in a parse after ${LONG_TEXTS_TO_STOP} long ones in a row, and give the same values after`, () => {
    const long = [...twoByte(40)];
    const short = twoByte(3);
    const elements = [...Array(LONG_TEXTS_TO_STOP + 2).fill(long), short, short, ...Array(LONG_TEXTS_TO_STOP).fill(long), short];
    const bytes = new Uint8Array([0x5b, ...elements.flatMap((inner, index) => [...(index ? [0x2c] : []), 0x22, ...inner, 0x22]), 0x5d]);
    const state = new ParseState(toInputBytes(bytes, 'test'), false, 512, 'ignore', 'ignore');
    const value = parseDocument(state) as string[];
    expect(value).toEqual(JSON.parse(new TextDecoder().decode(bytes)));
    // The short strings after the run did not reset it: the parse no longer calls readShortText.
    expect(state.longTexts).toBe(LONG_TEXTS_TO_STOP);
    expectBothModes(bytes);
  });
});
