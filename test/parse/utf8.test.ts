import { describe, expect, it } from 'vitest';
import { fixesMmapThreshold } from '../../src/platform/malloc-threshold.js';
import { DECODES_IN_PIECES, TEXT_PIECE_BYTES, decodeInPieces, decodeUtf8Into, decodesRangeInPieces } from '../../src/parse/utf8.js';
import { V8_MAJOR } from '../../src/platform/v8-major.js';

// decodeUtf8Into builds short non-ASCII strings (and, in the browser build, those up to 96 bytes):
// it must replace ill-formed sequences exactly as the WHATWG decoder does.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

function decodedHere(bytes: Uint8Array, start: number, end: number): string {
  const units = new Uint16Array(end - start);
  const length = decodeUtf8Into(bytes, start, end, units, 0);
  return String.fromCharCode(...units.subarray(0, length));
}

describe('decodeUtf8Into', () => {
  const followers = [0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xe0, 0xff];

  it('agrees with TextDecoder on every lead byte followed by every mix of edge bytes, cut at every end', () => {
    for (let lead = 0x80; lead <= 0xff; lead++) {
      for (const second of followers) {
        for (const third of followers) {
          for (const fourth of [0x80, 0xbf, 0x41]) {
            const bytes = new Uint8Array([0x61, lead, second, third, fourth, 0x62]);
            for (let end = 1; end <= bytes.length; end++) {
              expect(decodedHere(bytes, 1, end)).toBe(decoder.decode(bytes.subarray(1, end)));
            }
          }
        }
      }
    }
  });

  it('decodes Cyrillic, CJK and astral text appended after earlier units', () => {
    const text = 'Незавершенная строка 实参接口项目 😀 é';
    const bytes = new TextEncoder().encode(text);
    const units = new Uint16Array(bytes.length + 3);
    units.set([0x41, 0x42, 0x43]);
    const length = decodeUtf8Into(bytes, 0, bytes.length, units, 3);
    expect(String.fromCharCode(...units.subarray(0, length))).toBe(`ABC${text}`);
  });
});

describe('decodeInPieces', () => {
  it('decodes a long range in pieces exactly as TextDecoder decodes it whole', () => {
    const decoder = new TextDecoder();
    const piece = TEXT_PIECE_BYTES;
    const cases: Uint8Array[] = [];
    // A character of each length across every cut near the piece's end.
    for (const character of ['é', '漢', '😀']) {
      for (let shift = 0; shift < 4; shift++) cases.push(new TextEncoder().encode(`${'a'.repeat(piece - shift)}${character.repeat(8)}${'b'.repeat(piece)}`));
    }
    // Invalid UTF-8 at the cut: a truncated sequence, and a long run of stray continuation bytes.
    const truncated = new Uint8Array(2 * piece + 10).fill(0x61);
    truncated.set([0xe2, 0x82, 0x41], piece - 1);
    const stray = new Uint8Array(2 * piece + 10).fill(0x80);
    cases.push(truncated, stray);
    for (const bytes of cases) expect(decodeInPieces(bytes, 0, bytes.length, true)).toBe(decoder.decode(bytes));
    const bytes = cases[5];
    expect(decodeInPieces(bytes, 7, bytes.length - 5, true)).toBe(decoder.decode(bytes.subarray(7, bytes.length - 5)));
  });

  it('decodes a long ASCII range, which goes in one call, from its own bytes alone', () => {
    // Non-ASCII just outside the range must not change what the range decodes to.
    const text = `é${'{"a":[1,2]}'.repeat(TEXT_PIECE_BYTES / 4)}漢`;
    const bytes = new TextEncoder().encode(text);
    expect(decodeInPieces(bytes, 2, bytes.length - 3, true)).toBe(text.slice(1, -1));
    expect(decodeInPieces(bytes, 0, bytes.length, true)).toBe(text);
  });
});

describe('DECODES_IN_PIECES', () => {
  it('is on for Node with V8 14 and later, where one long decode grew servers, and off before, on Deno and with glibc\'s mmap threshold fixed', () => {
    expect(V8_MAJOR).toBe(Number.parseInt(process.versions.v8, 10));
    expect(DECODES_IN_PIECES).toBe(V8_MAJOR >= 14 && !('Deno' in globalThis) && !fixesMmapThreshold(process.env));
  });
});

describe('decodesRangeInPieces', () => {
  it('keeps pieces for a range whose decoder buffer (twice its bytes) would outgrow the input, and lets a smaller range go in one call', () => {
    // A whole 1 MB body: the case whose one-call decode grew servers.
    expect(decodesRangeInPieces(1 << 20, 1 << 20)).toBe(DECODES_IN_PIECES);
    expect(decodesRangeInPieces((1 << 20) + 1, 2 << 20)).toBe(DECODES_IN_PIECES);
    // A quarter of a 10 MB body, as the plan chooses in the servers' mixed bodies.
    expect(decodesRangeInPieces(10 << 18, 10 << 20)).toBe(false);
    expect(decodesRangeInPieces(1 << 20, 2 << 20)).toBe(false);
  });
});
