import { describe, expect, it } from 'vitest';
import { parseBinary } from '../../src/parse/parse-binary.js';
import { expectAgreement, expectFailureAt } from './agreement.js';
import { utf8 } from './oracle.js';

// Long strings are read in runs: a word scan finds the next quote, backslash or control byte, raw
// runs between escapes are copied in bulk, and the text is decoded once at the end. These cases
// put each kind of byte at the edges of those runs and of the size thresholds between decoders.

/** Every case in and out of fatal mode, and from a SharedArrayBuffer, which has no word view. */
function expectAgreementEverywhere(bytes: Uint8Array): void {
  expectAgreement(bytes);
  expectAgreement(bytes, { fatal: true });
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
  shared.set(bytes);
  const fromShared = parseBinary(shared);
  const fromPlain = parseBinary(bytes);
  expect(fromShared).toEqual(fromPlain);
}

/** `inner` as a JSON string between two other values, so that the string starts unaligned. */
function document(inner: number[]): Uint8Array {
  return new Uint8Array([...utf8('["x", "'), ...inner, ...utf8('", 1]')]);
}

const letters = (length: number): number[] => Array.from({ length }, (_, index) => 0x61 + (index % 26));
const cyrillic = (count: number): number[] => Array.from({ length: count }, (_, index) => [0xd0, 0xb0 + (index % 16)]).flat();
const chinese = (count: number): number[] => Array.from({ length: count }, (_, index) => [0xe4, 0xb8, 0x80 + (index % 64)]).flat();
const emoji = [0xf0, 0x9f, 0x98, 0x80];

describe('strings with escapes, read in runs', () => {
  const escapes: Record<string, number[]> = {
    '\\n': [0x5c, 0x6e],
    '\\"': [0x5c, 0x22],
    '\\\\': [0x5c, 0x5c],
    '\\u00e9': Array.from(utf8('\\u00e9')),
    '\\ud83d\\ude00': Array.from(utf8('\\ud83d\\ude00')),
    'a lone \\ud83d': Array.from(utf8('\\ud83d')),
    'a lone \\ude00': Array.from(utf8('\\ude00')),
  };
  for (const [name, escape] of Object.entries(escapes)) {
    it(`agree with JSON.parse with ${name} at every offset of a long run, after another escape`, () => {
      for (const body of [letters(80), cyrillic(40), chinese(27)]) {
        for (let at = 0; at <= body.length; at++) {
          const inner = [...body];
          inner.splice(at, 0, ...escape);
          expectAgreementEverywhere(document([0x5c, 0x6e, ...inner]));
          expectAgreementEverywhere(document([...inner, 0x5c, 0x74]));
        }
      }
    });
  }

  it('agree with JSON.parse on prose with escapes every few bytes, and escapes back to back', () => {
    for (let gap = 0; gap < 20; gap++) {
      const inner: number[] = [];
      for (let k = 0; k < 60; k++) inner.push(...letters(gap), ...utf8(['\\n', '\\"', '\\u00e9', '\\\\', '\\t'][k % 5]!));
      expectAgreementEverywhere(document(inner));
      expectAgreementEverywhere(document([...inner, ...cyrillic(3)]));
    }
  });

  it('build strings past the scratch space, with escapes throughout', () => {
    for (const size of [1023, 1024, 1025, 5000, 70_000]) {
      const text = Array.from({ length: size }, (_, index) => (index % 97 === 0 ? '\n' : index % 89 === 0 ? 'é"' : 'p')).join('');
      expect(parseBinary(utf8(JSON.stringify([text, text])))).toEqual({ ok: true, value: [text, text] });
    }
  });

  it('build dense markup (an escape every one to three bytes) past the scratch space', () => {
    for (const count of [1, 100, 2_000, 20_000]) {
      const text = 'ab"c\\d\ne\t/'.repeat(count) + 'é' + 'x"\n'.repeat(count);
      expect(parseBinary(utf8(JSON.stringify({ text, list: [text] })))).toEqual({ ok: true, value: { text, list: [text] } });
      expectAgreementEverywhere(utf8(JSON.stringify([text.slice(0, 3000)])));
    }
  });

  it('fail at the exact byte of a control character, a bad escape or a missing quote after escapes', () => {
    const prefix = [...letters(40), 0x5c, 0x6e, ...letters(50)];
    const at = 7 + prefix.length;
    expect(parseBinary(document([...prefix, 0x0a]))).toMatchObject({ ok: false, position: at });
    expect(parseBinary(document([...prefix, 0x5c, 0x78]))).toMatchObject({ ok: false, position: at + 1 });
    expect(parseBinary(document([...prefix, 0x5c, 0x75, 0x30, 0x67]))).toMatchObject({ ok: false, position: at + 3 });
    expect(parseBinary(new Uint8Array([0x22, ...prefix]))).toMatchObject({ ok: false, position: prefix.length + 1 });
  });
});

describe('strings with escapes, copied a word at a time', () => {
  // After an escape, raw bytes go to scratch space as they are read, whole words where a word of
  // the input starts; the words' non-ASCII bytes decide the decoder, and the input's end the words.
  it('agree with JSON.parse when the only non-ASCII bytes come after an escape, at every alignment', () => {
    for (let lead = 0; lead < 4; lead++) {
      for (let before = 0; before < 6; before++) {
        for (const after of [letters(33), cyrillic(17), chinese(11), [...letters(9), ...emoji, ...letters(7)]]) {
          for (let cut = 0; cut <= after.length; cut += 3) {
            const inner = [...letters(before), 0x5c, 0x6e, ...after.slice(0, cut)];
            const bytes = new Uint8Array([...utf8(`[${' '.repeat(lead)}"`), ...inner, ...utf8('", "'), ...letters(40), ...utf8('"]')]);
            expectAgreementEverywhere(bytes);
          }
        }
      }
    }
  });

  it('fail at the exact byte of a control character or the end, after whole words, at every offset', () => {
    for (let lead = 0; lead < 4; lead++) {
      for (let length = 0; length <= 24; length++) {
        const head = [...utf8(`[${' '.repeat(lead)}"`), 0x5c, 0x6e, ...letters(length)];
        expect(parseBinary(new Uint8Array([...head, 0x09, ...letters(70), 0x22, 0x5d]))).toMatchObject({ ok: false, position: head.length });
        expect(parseBinary(new Uint8Array([...head, ...cyrillic(40)]))).toMatchObject({ ok: false, position: head.length + 80 });
      }
    }
  });

  it('stop at the end of a short input whose kept copy holds a quote after it from an earlier parse', () => {
    const longer = utf8(`["${'q'.repeat(200)}", "${'r'.repeat(300)}"]`);
    for (let length = 60; length < 68; length++) {
      expect(parseBinary(longer)).toMatchObject({ ok: true });
      const short = new Uint8Array([...utf8('["\\n'), ...letters(length)]);
      const result = parseBinary(short);
      expect(result).toMatchObject({ ok: false, position: short.length });
      expect(result.ok ? '' : result.message).toMatch(/expected '"' to end the string/);
    }
  });

  it('grow the scratch space inside a run of whole words, for strings far past it', () => {
    for (const lead of [0, 1, 2, 3]) {
      for (const size of [1020, 1021, 1022, 1023, 1030, 70_001]) {
        const text = '\\n'.repeat(1 + lead) + 'w'.repeat(size) + 'é'.repeat(lead) + '\\t';
        const bytes = utf8(`[${' '.repeat(lead)}"${text}"]`);
        const want = [JSON.parse(`"${text}"`)];
        // Twice: a string past 64 KB lets its scratch go after the parse, so the second grows it again.
        expect(parseBinary(bytes)).toEqual({ ok: true, value: want });
        expect(parseBinary(bytes)).toEqual({ ok: true, value: want });
      }
    }
  });
});

describe('\\u escapes of every width, read in the escape loop itself', () => {
  const escapes = ['\\u0041', '\\u00e9', '\\u00E9', '\\u07FF', '\\u0800', '\\u0416', '\\uD7FF', '\\uE000', '\\uFFFF', '\\u0000', '\\uD83D\\uDE00', '\\uD800', '\\uDC00x', '\\uDBFF\\u0041'];
  it('agrees with JSON.parse alone, in runs, next to other escapes and text, at every offset', () => {
    for (const escape of escapes) {
      for (let offset = 0; offset < 5; offset++) {
        const text = `"${'a'.repeat(offset)}${escape}${escape}\\n${escape}b${'text '.repeat(offset)}${escape}"`;
        expectAgreement(utf8(text));
        expectAgreement(utf8(`[${text},{"k":${text}}]`));
      }
    }
  });

  it('fails at the first byte that is not a hexadecimal digit, or at the end', () => {
    for (const [text, position] of [
      ['"ab\\u00G1"', 7],
      ['"ab\\uG001"', 5],
      ['"ab\\u004"', 8],
      ['"ab\\u00', 7],
      ['"ab\\u-001"', 5],
    ] as const) {
      expectFailureAt(text, position);
    }
  });
});

describe('long strings dense with escapes, read past 1,024 escapes by JSON.parse', () => {
  const dense = (count: number, escape = '\\n') => `${'a'.repeat(3)}${`b${escape}`.repeat(count)}`;
  it('agree with JSON.parse as values, keys and elements, with every kind of escape', () => {
    for (const escape of ['\\n', '\\"', '\\\\', '\\u0416', '\\uD83D\\uDE00', '\\uD800', '\\/']) {
      for (const count of [1023, 1024, 1025, 3000]) {
        const text = `"${dense(count, escape)}é"`;
        expectAgreement(utf8(text));
        expectAgreement(utf8(`{${text}:[${text},1]}`));
      }
    }
  });

  it('fail where the loop fails: a control character, the end of input, bad escapes, invalid UTF-8 in fatal mode', () => {
    const before = `"${dense(1500)}`;
    for (const [text, position] of [
      [`${before}\u0001x"`, before.length],
      [`${before}`, before.length],
      [`${before}\\x"`, before.length + 1],
      [`${before}\\u12G4"`, before.length + 4],
    ] as const) {
      expectFailureAt(text, position);
    }
    const invalid = new Uint8Array([...utf8(before), 0xff, 0x22]);
    expectAgreement(invalid);
    expectAgreement(invalid, { fatal: true });
  });
});

describe('long non-ASCII strings', () => {
  it('agree with JSON.parse with a 4-byte character at every offset around the decoder thresholds', () => {
    for (const body of [letters(60), cyrillic(30), chinese(20)]) {
      for (let at = 0; at <= body.length; at++) {
        for (const cut of [0, 1, 2, 3, 4]) {
          const inner = [...body];
          // A whole emoji, or one cut short: a truncated sequence inside the text.
          inner.splice(at, 0, ...emoji.slice(0, cut === 0 ? 4 : cut));
          expectAgreementEverywhere(document(inner));
        }
      }
    }
  });

  it('agree with JSON.parse on every length of Cyrillic and Chinese text up to 200 bytes', () => {
    for (let count = 0; count <= 100; count++) expectAgreementEverywhere(document(cyrillic(count)));
    for (let count = 0; count <= 67; count++) expectAgreementEverywhere(document(chinese(count)));
  });

  it('agree with JSON.parse on text that starts non-ASCII, at every alignment, with a stop in its first words', () => {
    // The first word scan of such text starts in the word of the opening quote, and cannot move.
    for (let lead = 0; lead < 8; lead++) {
      for (const body of [cyrillic(30), chinese(20)]) {
        for (let at = 0; at <= 12; at++) {
          for (const stop of [[0x5c, 0x6e], [0x0a], [0x22, 0x2c, 0x22]]) {
            const inner = [...body.slice(0, at), ...stop, ...body.slice(at)];
            const bytes = new Uint8Array([...utf8(`[${'1,'.repeat(lead)}"`), ...inner, ...utf8('", 1]')]);
            expectAgreementEverywhere(bytes);
          }
        }
      }
    }
  });

  it('replace invalid UTF-8 in long text as TextDecoder does, and fail at its first byte in fatal mode', () => {
    const invalid: number[][] = [[0xff], [0xe4, 0xb8], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0x80], [0xf4, 0x90, 0x80, 0x80]];
    for (const bad of invalid) {
      for (const [body, width] of [[cyrillic(60), 2], [chinese(40), 3], [letters(120), 1]] as const) {
        for (const near of [0, 3, 31, 32, 33, 47, 48, 49, 64, 100]) {
          // At a character boundary, so that the bad bytes are the first ill-formed ones.
          const at = near - (near % width);
          const inner = [...body.slice(0, at), ...bad, ...body.slice(at)];
          expectAgreementEverywhere(document(inner));
          expect(parseBinary(document(inner), { fatal: true })).toMatchObject({ ok: false, position: 7 + at });
          // The same after an escape, on the bulk-copy path.
          const escaped = [0x5c, 0x6e, ...inner];
          expect(parseBinary(document(escaped), { fatal: true })).toMatchObject({ ok: false, position: 9 + at });
        }
      }
    }
  });
});

describe('one-letter and short strings', () => {
  it('agree with JSON.parse for every one-byte string, as value and as key', () => {
    for (let byte = 0; byte < 0x100; byte++) {
      expectAgreementEverywhere(new Uint8Array([0x5b, 0x22, byte, 0x22, 0x2c, 0x22, byte, 0x22, 0x5d]));
      expectAgreementEverywhere(new Uint8Array([0x7b, 0x22, byte, 0x22, 0x3a, 0x22, byte, 0x22, 0x7d]));
    }
  });
});

describe('long keys', () => {
  it('agree with JSON.parse when a key past the cached length ends in an escape, a non-ASCII byte or a control byte', () => {
    const endings: number[][] = [[], [0x5c, 0x6e], [0xc3, 0xa9], emoji, [0xff], [0x0a]];
    for (let length = 1; length <= 72; length++) {
      for (const ending of endings) {
        const key = [...letters(length), ...ending];
        expectAgreementEverywhere(new Uint8Array([0x7b, 0x22, ...key, 0x22, 0x3a, 0x31, 0x2c, 0x22, ...key, 0x78, 0x22, 0x3a, 0x32, 0x7d]));
      }
    }
  });
});

describe('fatal mode with a whole-input check', () => {
  it('fails at the first ill-formed byte whether the rest of the input is well-formed or not', () => {
    const text = [...cyrillic(20), ...chinese(10)];
    const valid = document([...text, 0x5c, 0x6e, ...text]);
    expect(parseBinary(valid, { fatal: true })).toEqual({ ok: true, value: ['x', new TextDecoder().decode(valid.subarray(7, valid.length - 5)).replace('\\n', '\n'), 1] });
    // The same bytes object, changed between parses: the earlier verdict must not carry over.
    const changed = valid;
    changed[9] = 0xff;
    expect(parseBinary(changed, { fatal: true })).toMatchObject({ ok: false, position: 9 });
    changed[9] = text[2]!;
    expect(parseBinary(changed, { fatal: true })).toMatchObject({ ok: true });
    // Ill-formed bytes outside any string, after a non-ASCII string: found where the grammar finds them.
    const outside = new Uint8Array([...utf8('["'), ...cyrillic(3), ...utf8('", '), 0xff, ...utf8(']')]);
    expectAgreementEverywhere(outside);
    expect(parseBinary(outside, { fatal: true })).toMatchObject({ ok: false, position: outside.length - 2 });
  });
});
