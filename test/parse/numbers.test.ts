import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBinary } from '../../src/parse/parse-binary.js';
import { expectAgreement, expectFailureAt } from './agreement.js';
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
      expectFailureAt(text, position);
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

describe('runs of numbers in an array, each read after the last without a trip round the store', () => {
  const element = fc.oneof(
    fc.integer({ min: 0, max: 999_999_999 }).map(String),
    fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }).map(String),
    fc.constantFrom('0', '-0', '10000000000', '1.5', '-0.25', '1e3', '7E-2', '01', '-', '1.', '"x"', 'null', '[1,2]', '{"a":1}'),
    anyDouble.map(String),
  );
  const separator = fc.constantFrom(',', ',', ',', ', ', ' ,', ',\n');

  it('agrees on arrays of numbers mixed with other values, compact and with spaces', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(element, separator), { maxLength: 40 }), (items) => {
        const text = `[${items.map(([item, comma], index) => (index === 0 ? item : comma + item)).join('')}]`;
        expectAgreement(utf8(text));
        expectAgreement(utf8(`{"a":${text},"b":[${text}]}`));
      }),
      { numRuns: 2000 },
    );
  });

  it('fills and grows the numbers buffer across its doublings and chunk edges', () => {
    for (const length of [15, 16, 17, 31, 32, 33, 4095, 4096, 4097, 8192, 8193]) {
      const integers = Array.from({ length }, (_, index) => (index * 7919) % 1_000_003);
      const fractions = integers.map((integer) => -integer / 64);
      for (const values of [integers, fractions, [...integers.slice(1), 'x'], [...fractions.slice(1), [0.5]]]) {
        expectAgreement(utf8(JSON.stringify(values)));
        expectAgreement(utf8(JSON.stringify([values, values])));
      }
    }
  });

  it('fails at the byte where the run breaks', () => {
    for (const [text, position] of [
      ['[1,2,-]', 6],
      ['[1,2,-x]', 6],
      ['[1,2,3', 6],
      ['[1,22,33', 8],
      ['[1,2,1.]', 7],
      ['[1,2,1e]', 7],
      ['[1,0,01]', 6],
      ['[1,2,]', 5],
      ['[1.5,-2.5,3x]', 11],
      ['[1,2,3]x', 7],
    ] as const) {
      expectFailureAt(text, position);
    }
  });
});

/** Each spelling parsed alone, in an array (stored straight into the numbers buffer), and as a property. */
function expectNumberAgreement(text: string): void {
  expectAgreement(utf8(text));
  expectAgreement(utf8(`[${text},${text}]`));
  expectAgreement(utf8(`{"a":${text}}`));
}

/** A double from its 64 bits: every sign, exponent (subnormals included) and mantissa. */
const anyDouble = fc
  .tuple(fc.integer({ min: 0, max: 0x7fefffff }), fc.integer({ min: 0, max: 0xffffffff }))
  .map(([high, low]) => {
    const view = new DataView(new ArrayBuffer(8));
    view.setUint32(0, high);
    view.setUint32(4, low);
    return view.getFloat64(0);
  });

describe('numbers of up to 19 significant digits, read in one pass', () => {
  it('agrees on random doubles written shortest, with 15 to 19 digits, and in exponent form', () => {
    fc.assert(
      fc.property(anyDouble, fc.boolean(), (value, negative) => {
        const signed = negative ? -value : value;
        for (const text of [
          String(signed),
          signed.toPrecision(15),
          signed.toPrecision(16),
          signed.toPrecision(17),
          signed.toPrecision(18),
          signed.toPrecision(19),
          signed.toExponential(),
          signed.toExponential(16),
        ]) {
          expectNumberAgreement(text.replace('e+', 'e'));
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees on doubles of the ranges documents hold, written as fractions', () => {
    const magnitude = fc.double({ min: 1e-7, max: 1e7, noNaN: true });
    fc.assert(
      fc.property(magnitude, fc.integer({ min: 0, max: 20 }), (value, places) => {
        expectNumberAgreement(String(value));
        expectNumberAgreement(value.toFixed(places));
        expectNumberAgreement(value.toPrecision(17));
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees on digit strings of every length around the thresholds, with the point anywhere', () => {
    const spelling = fc
      .tuple(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 24 }),
        fc.integer({ min: 0, max: 24 }),
        fc.option(fc.integer({ min: -30, max: 30 })),
        fc.boolean(),
      )
      .map(([digitList, point, exponent, negative]) => {
        let integer = digitList.slice(0, Math.min(point, digitList.length)).join('').replace(/^0+(?=\d)/, '');
        const fraction = digitList.slice(Math.min(point, digitList.length)).join('');
        if (integer === '') integer = '0';
        return `${negative ? '-' : ''}${integer}${fraction === '' ? '' : `.${fraction}`}${exponent === null ? '' : `e${exponent}`}`;
      });
    fc.assert(fc.property(spelling, (text) => expectNumberAgreement(text)), { numRuns: 5000 });
  });

  it('agrees on the midpoints between neighbouring doubles, and just beside them', () => {
    fc.assert(
      fc.property(anyDouble, (value) => {
        if (value === 0 || !Number.isFinite(value)) return;
        // value and its upper neighbour written with 17 digits, and their midpoint with more digits:
        // the decimal midpoint of two 17-digit spellings sits on or near the rounding boundary.
        const view = new DataView(new ArrayBuffer(8));
        view.setFloat64(0, value);
        view.setBigUint64(0, view.getBigUint64(0) + 1n);
        const next = view.getFloat64(0);
        if (!Number.isFinite(next)) return;
        const [low, high] = [value.toExponential(18), next.toExponential(18)];
        const exponentOf = (text: string) => Number(text.slice(text.indexOf('e') + 1));
        if (exponentOf(low) !== exponentOf(high)) return;
        const digitsOf = (text: string) => BigInt(text.slice(0, text.indexOf('e')).replace('.', ''));
        const sum = digitsOf(low) + digitsOf(high);
        const midpoint = sum / 2n;
        for (const significand of [midpoint, midpoint + 1n, midpoint - 1n]) {
          const digitText = significand.toString();
          const text = `${digitText[0]}.${digitText.slice(1)}e${exponentOf(low)}`;
          expectNumberAgreement(text);
          expectNumberAgreement(`${digitText[0]}.${digitText.slice(1)}5e${exponentOf(low)}`);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees beside the exact midpoints, cut to 16 to 19 digits, as fractions and with exponents', () => {
    // The decimal expansion of the midpoint between a double and its upper neighbour, exact (BigInt),
    // cut to 16 to 19 significant digits and one more in the last place: the two spellings sit on
    // either side of the rounding boundary, closer to it than any random spelling. Magnitudes from
    // 10^-8 to 10^8 keep the exponent within +-22, where the extended step decides alone.
    const nearOne = fc.tuple(fc.integer({ min: 1023 - 27, max: 1023 + 27 }), fc.bigInt({ min: 0n, max: (1n << 52n) - 1n }));
    fc.assert(
      fc.property(nearOne, fc.integer({ min: 16, max: 19 }), fc.boolean(), ([biased, mantissa], kept, negative) => {
        const significand = (2n * ((1n << 52n) | mantissa) + 1n) * 1n;
        const twos = biased - 1075 - 1;
        const [digitText, pointShift] = twos >= 0 ? [(significand << BigInt(twos)).toString(), 0] : [(significand * 5n ** BigInt(-twos)).toString(), twos];
        const cut = BigInt(digitText.slice(0, kept));
        const exponent = digitText.length - kept + pointShift;
        for (const candidate of [cut, cut + 1n]) {
          const text = candidate.toString();
          const point = text.length + exponent;
          const sign = negative ? '-' : '';
          expectNumberAgreement(`${sign}${text}e${exponent}`);
          if (point > 0 && point < text.length) expectNumberAgreement(`${sign}${text.slice(0, point)}.${text.slice(point)}`);
          if (point <= 0 && point > -6) expectNumberAgreement(`${sign}0.${'0'.repeat(-point)}${text}`);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('pins the midpoints just below powers of two, where the spacing of doubles halves', () => {
    for (let power = 54; power <= 63; power++) {
      // 2^power - 2^(power - 54) is the midpoint between 2^power and the double below it.
      const midpoint = (1n << BigInt(power)) - (1n << BigInt(power - 54));
      for (const value of [midpoint, midpoint - 1n, midpoint + 1n]) {
        const text = value.toString();
        expectNumberAgreement(text);
        expectNumberAgreement(`${text.slice(0, 2)}.${text.slice(2)}`);
        expectNumberAgreement(`0.${text}`);
      }
    }
  });

  it('pins the edges: 2^53, the 15th and 16th digits, tails, -0, subnormals, exponent spellings', () => {
    for (const text of [
      '9007199254740991', '9007199254740992', '9007199254740993', '9007199254740994', '9007199254740995',
      '900719925474099.1', '900719925474099.3', '90071992547409.93', '9.007199254740993',
      '0.9007199254740993', '0.09007199254740993', '-9007199254740993', '9007199254740993.5',
      '900719925474099', '900719925474099.5', '999999999999999', '9999999999999999', '99999999999999999',
      '999999999999999.9', '99999999999999.99', '0.999999999999999', '0.9999999999999999', '0.99999999999999999',
      '123456789012345', '1234567890123456', '12345678901234567', '123456789012345678', '1234567890123456789',
      '12345678901234567890', '1234567890123456789.5', '123456789012345678e-3', '1234567890123456.5',
      '1.2345678901234567', '12.345678901234567', '0.12345678901234567', '0.000000000000000000012345',
      '0.1234567890123456789', '0.12345678901234567890', '0.123456789012345678901',
      '-65.613616999999977', '43.420273000000009', '-65.61361699999998', '5e-324', '-5e-324',
      '4.9406564584124654e-324', '2.2250738585072011e-308', '2.2250738585072014e-308', '1.7976931348623157e308',
      '1.7976931348623158e308', '1.7976931348623159e308', '-0', '-0.0', '-0e5', '0e0', '0.0e-0', '-0.000',
      '1e0000000000000000001', '1E+000022', '1e-0000000000000400', '1e23', '1e22', '1e-22', '1e-23',
      '12e30', '123456789012345e22', '1234567890123456e22', '0.1e1', '1.5E-7', '1.5e+308', '1e-400',
      '1e400', '-1e400', '100000000000000000000000', '0.30000000000000004', '0.1', '0.2', '0.3',
    ]) {
      expectNumberAgreement(text);
    }
  });

  it('fails at the right byte in numbers of every length', () => {
    for (let length = 1; length <= 22; length++) {
      const integer = `1${digits(length - 1)}`;
      for (const rest of ['.', '.x', '.e5', 'e', 'e+', 'E-x', 'x', '.5.', `.${digits(3)}e`]) {
        expectAgreement(utf8(integer + rest));
        expectAgreement(utf8(`[${integer}${rest}]`));
        expectAgreement(utf8(`[0.${digits(length)}${rest}]`));
      }
    }
  });
});
