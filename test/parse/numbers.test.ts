import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBinary } from '../../src/parse/parse-binary.js';
import { expectAgreement } from './agreement.js';
import { utf8 } from './oracle.js';

/** `count` digits that are not all zeros, from a fixed pattern. */
function digits(count: number, offset = 0): string {
  let text = '';
  for (let index = 0; index < count; index++) text += String((index * 7 + offset + 3) % 10);
  return text;
}

describe('long numbers (past the 40 bytes read digit by digit) are the numbers JSON.parse gives', () => {
  const lengths = [38, 39, 40, 41, 42, 63, 64, 65, 66, 400, 5000];
  for (const length of lengths) {
    it(`${length} bytes in the integer, the fraction, with and without exponents`, () => {
      for (const text of [
        `1${digits(length - 1)}`,
        `-9${digits(length - 1)}`,
        `0.${digits(length - 2)}`,
        `-0.${digits(length - 3)}`,
        `12.${digits(length - 3)}`,
        `1${digits(length - 1)}e-${length + 5}`,
        `1${digits(length - 1)}E+2`,
        `0.${digits(length - 2)}e308`,
        `0.${digits(length - 2)}e-400`,
        `4.${digits(length - 2)}e99999999999`,
        `[1${digits(length - 1)},2.${digits(length)}e1,{"a":-3.${digits(length)}}]`,
        `0.${'0'.repeat(length)}1`,
        `9${'9'.repeat(length)}`,
        // The halfway point between two doubles, then a digit far away that decides the rounding.
        `9007199254740993${'0'.repeat(length)}1`,
        `9007199254740993${'0'.repeat(length)}`,
      ]) {
        expectAgreement(utf8(text));
      }
    });
  }

  it('fails at the right byte inside a long number', () => {
    for (const [text, position] of [
      [`1${digits(60)}e`, 62],
      [`1${digits(60)}e+`, 63],
      [`1${digits(60)}E-x`, 63],
      [`0.${digits(60)}.5`, 62],
      [`-0${digits(60)}`, 2],
      [`[1${digits(60)}x]`, 62],
      [`1${digits(60)} 2`, 62],
    ] as const) {
      const result = parseBinary(utf8(text));
      expect(result.ok, text).toBe(false);
      if (!result.ok) expect(result.position, text).toBe(position);
      expectAgreement(utf8(text));
    }
  });

  it('agrees on random long digit strings', () => {
    const digitText = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 30, maxLength: 120 }).map((values) => values.join(''));
    const numberText = fc
      .tuple(fc.boolean(), fc.integer({ min: 1, max: 9 }), digitText, fc.option(digitText), fc.option(fc.integer({ min: -400, max: 400 })))
      .map(([negative, lead, integer, fraction, exponent]) =>
        `${negative ? '-' : ''}${lead}${integer}${fraction === null ? '' : `.${fraction}`}${exponent === null ? '' : `e${exponent}`}`);
    fc.assert(fc.property(numberText, (text) => expectAgreement(utf8(`[${text}]`))), { numRuns: 2000 });
  });

  it("with the '.' at and around the byte where the digit-by-digit read stops (41 bytes)", () => {
    for (let dotAt = 36; dotAt <= 44; dotAt++) {
      for (const sign of ['', '-']) {
        const integer = `${sign}1${digits(dotAt - sign.length - 1)}`;
        for (const rest of [`.${digits(10)}`, `.${digits(10)}e-7`, '.', '.x', '.e5', `.${digits(3)}.`, 'e', 'x']) {
          expectAgreement(utf8(integer + rest));
          expectAgreement(utf8(`[${integer}${rest}]`));
        }
      }
    }
  });

  it('scans long digit runs four bytes at a time at every alignment, stopping at the right byte', () => {
    const padding = ' '.repeat(1100); // long enough to get the word view at once
    for (let shift = 0; shift < 4; shift++) {
      for (let stopAt = 40; stopAt < 60; stopAt++) {
        for (const stop of ['', 'x', '/', ':', '.', 'e1', ' ,0]']) {
          const text = `${' '.repeat(shift)}[1${digits(stopAt)}${stop}${padding}`;
          expectAgreement(utf8(`${text}]`));
          expectAgreement(utf8(`${' '.repeat(shift)}[0.${digits(stopAt)}${stop}${padding}]`));
        }
      }
    }
  });

  it('scans long digit runs in shared memory byte by byte (no word view there)', () => {
    const bytes = utf8(`[1${digits(2000)}.${digits(3000)}e-3000, 0.${digits(500)}x]`);
    const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
    shared.set(bytes);
    const ok = utf8(`[1${digits(2000)}.${digits(3000)}e-3000, 0.${digits(500)}]`);
    const sharedOk = new Uint8Array(new SharedArrayBuffer(ok.length));
    sharedOk.set(ok);
    const failure = parseBinary(shared);
    expect(failure.ok).toBe(false);
    if (!failure.ok) expect(failure.position).toBe(bytes.length - 2);
    const result = parseBinary(sharedOk);
    expect(result.ok && result.value).toEqual(JSON.parse(new TextDecoder().decode(ok)));
  });

  it('reads a fraction of a million digits', () => {
    expectAgreement(utf8(`0.${digits(1_000_000)}`));
  });
});

describe('zero read in the parser loop', () => {
  for (const text of ['0', '[0]', '[0,0,0]', '{"a":0}', '0.5', '[0e1]', '[0E-1]', '-0', '[-0,0]', '01', '[01]', '[00]', '[0x]', '[0 ,1]', '[0,]', '0 ']) {
    it(text, () => expectAgreement(utf8(text)));
  }
});
