import { describe, expect, it } from 'vitest';
import { inputWordReader } from '../../src/parse/input-view.js';
import { parseBinary } from '../../src/parse/parse-binary.js';

// An object's opening brace first: an input that can hold no string gets no DataView.
const bytes = new Uint8Array(64).map((_, index) => (index === 0 ? 0x7b : (index * 37 + 11) & 0xff));

/** Four bytes at `at`, the first lowest, as a signed 32-bit integer. */
const packed = (at: number) => (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) | 0;

describe('inputWordReader', () => {
  it('reads four bytes at every offset, the first lowest, from a view of the input', () => {
    const inside = new Uint8Array(bytes.length + 3);
    inside.set(bytes, 3);
    const reader = inputWordReader(bytes, inside.buffer, 3, bytes.length, undefined);
    expect(reader).toBeInstanceOf(DataView);
    for (let at = 0; at + 4 <= bytes.length; at++) expect(reader.getInt32(at, true)).toBe(packed(at));
  });

  it('hands out the kept copy\'s view when the input is the kept copy', () => {
    const kept = new DataView(bytes.buffer);
    expect(inputWordReader(bytes, bytes.buffer, 0, bytes.length, kept)).toBe(kept);
  });

  it('reads the same words by packing bytes once DataView.prototype.getInt32 is replaced', () => {
    const saved = Object.getOwnPropertyDescriptor(DataView.prototype, 'getInt32')!;
    Object.defineProperty(DataView.prototype, 'getInt32', { ...saved, value: () => 0 });
    let reader;
    try {
      reader = inputWordReader(bytes, bytes.buffer, 0, bytes.length, new DataView(bytes.buffer));
    } finally {
      Object.defineProperty(DataView.prototype, 'getInt32', saved);
    }
    expect(reader).not.toBeInstanceOf(DataView);
    for (let at = 0; at + 4 <= bytes.length; at++) expect(reader.getInt32(at, true)).toBe(packed(at));
  });

  it('makes no DataView for an input that can hold no string the parser reads', () => {
    for (const first of ['x', '1', '-', 't', 'n', ']', '}']) {
      const input = new TextEncoder().encode(first + ' '.repeat(2000));
      expect(inputWordReader(input, input.buffer, 0, input.length, undefined)).not.toBeInstanceOf(DataView);
    }
    for (const first of ['{', '[', '"', ' ', '\n', '\ufeff']) {
      const input = new TextEncoder().encode(first + ' '.repeat(2000));
      expect(inputWordReader(input, input.buffer, 0, input.length, undefined)).toBeInstanceOf(DataView);
    }
  });

  it('treats a getter that throws in place of getInt32 as a replacement', () => {
    const saved = Object.getOwnPropertyDescriptor(DataView.prototype, 'getInt32')!;
    Object.defineProperty(DataView.prototype, 'getInt32', {
      configurable: true,
      get() {
        throw new Error('no');
      },
    });
    let reader;
    try {
      reader = inputWordReader(bytes, bytes.buffer, 0, bytes.length, undefined);
    } finally {
      Object.defineProperty(DataView.prototype, 'getInt32', saved);
    }
    expect(reader).not.toBeInstanceOf(DataView);
    expect(reader.getInt32(5, true)).toBe(packed(5));
  });
});

describe('inputs past 1 KB led by a number, a literal or a stray byte', () => {
  // Their reader holds no bytes: whatever follows the first value, the parse reads no string.
  for (const text of ['12345 {"key":"value"}', 'true ["abcdefgh","ijklmnop"]', 'x{"a":"b"}', '-1.5e3', 'null', '7 "text"']) {
    it(`${JSON.stringify(text)} padded past 1 KB parses as JSON.parse does`, () => {
      const input = new TextEncoder().encode(text + ' '.repeat(1500));
      const result = parseBinary(input);
      let expected: unknown;
      try {
        expected = { ok: true, value: JSON.parse(text) };
      } catch {
        expected = { ok: false };
      }
      expect(result.ok ? { ok: true, value: result.value } : { ok: false }).toEqual(expected);
    });
  }
});

describe('key compares through the word reader', () => {
  // Keys of every length from 1 to 40 bytes, met again in later parses (so compared against their
  // shapes: the head words, the last word and the words between), in inputs kept as a copy (short)
  // and read in place (past 1 KB), with one byte changed at each position of each key.
  const keyOf = (length: number) => Array.from({ length }, (_, index) => String.fromCharCode(0x41 + ((index * 5 + length) % 26))).join('');
  const keys = Array.from({ length: 40 }, (_, index) => keyOf(index + 1));

  for (const padding of [0, 1200]) {
    it(`match exactly, and a key one byte off is read as itself${padding ? ' (input past 1 KB)' : ''}`, () => {
      const document = (object: Record<string, number>) => new TextEncoder().encode(JSON.stringify(object) + ' '.repeat(padding));
      const base = Object.fromEntries(keys.map((key, index) => [key, index]));
      for (let round = 0; round < 3; round++) expect(parseBinary(document(base))).toEqual({ ok: true, value: base });
      for (const key of keys) {
        for (let at = 0; at < key.length; at++) {
          const changed = key.slice(0, at) + (key[at] === 'z' ? 'y' : 'z') + key.slice(at + 1);
          const object = Object.fromEntries(keys.map((other, index) => [other === key ? changed : other, index]));
          const result = parseBinary(document(object));
          expect(result.ok && Object.keys(result.value as object)).toEqual(Object.keys(object));
        }
      }
    });
  }
});
