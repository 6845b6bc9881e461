import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBinary } from '../../src/parse/parse-binary.js';
import { scaleByPowerOfTen } from '../../src/parse/powers-of-ten.js';
import { expectAgreement } from './agreement.js';
import { utf8 } from './oracle.js';

/** Each text, parsed alone and all in one array, read as `Number(text)` reads it. */
function expectNumbers(texts: string[]): void {
  const result = parseBinary(utf8(`[${texts.join(',')}]`));
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  const values = result.value as number[];
  texts.forEach((text, index) => expect(Object.is(values[index], Number(text)), `${text}: ${values[index]} against ${Number(text)}`).toBe(true));
}

/** The decimal digits of the midpoint between `value` (a positive normal double) and the next double up, exactly. */
function midpointDigits(value: number): { digits: string; exponent: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  const word = view.getBigUint64(0);
  const mantissa = ((word & 0xfffffffffffffn) | 0x10000000000000n) * 2n + 1n;
  const twoExponent = Number(word >> 52n) - 1075 - 1;
  // mantissa x 2^twoExponent, as an integer times a power of ten.
  if (twoExponent >= 0) return { digits: String(mantissa << BigInt(twoExponent)), exponent: 0 };
  return { digits: String(mantissa * 5n ** BigInt(-twoExponent)), exponent: twoExponent };
}

describe('numbers past the exact powers of ten (powers-of-ten.ts) are the doubles JSON.parse gives', () => {
  it('at the ends of the range, and where one step decides the rounding', () => {
    expectNumbers([
      '1e23', '1e22', '1e-22', '1e-23', '1e38', '1e300', '1e-280', '1e-281', '1e-300', '1e-301', '1e308', '1e309', '9e307',
      '1.7976931348623157e308', '1.7976931348623158e308', '1.7976931348623159e308', '17976931348623157e292',
      '2.2250738585072014e-308', '2.2250738585072011e-308', '4.9e-324', '5e-324', '2e-324', '1e-400', '0e999', '0.0e-999',
      '8.98846567431158e307', '9007199254740993e-20', '9007199254740993e300', '123456789012345678e-30', '1234567890123456789e250',
      '-1e-7', '-4.35e-300', '0.000123456789012345678', '0.00000000000000000000001', '-0.0000001234567890123456', '6.103515625e-05',
    ]);
  });

  it('agrees on random significands of 1 to 19 digits with any exponent', () => {
    const text = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 1n, max: 9_999_999_999_999_999_999n }), fc.integer({ min: 0, max: 18 }), fc.integer({ min: -360, max: 360 }))
      .map(([negative, significand, dotAt, exponent]) => {
        const digits = String(significand);
        const cut = Math.min(dotAt, digits.length - 1);
        return `${negative ? '-' : ''}${cut === 0 ? digits : `${digits.slice(0, digits.length - cut)}.${digits.slice(digits.length - cut)}`}e${exponent}`;
      });
    fc.assert(fc.property(fc.array(text, { minLength: 1, maxLength: 20 }), (texts) => expectNumbers(texts)), { numRuns: 3000 });
  });

  it('reads back every double as JavaScript prints it', () => {
    const positive = fc.double({ min: Number.MIN_VALUE, max: Number.MAX_VALUE, noNaN: true });
    fc.assert(fc.property(fc.array(positive, { minLength: 1, maxLength: 50 }), (values) => expectNumbers(values.flatMap((value) => [String(value), String(-value), value.toExponential(18), value.toPrecision(19)]))), { numRuns: 1000 });
  });

  it('rounds decimals within a few units of the 19th digit of a midpoint between two doubles', () => {
    const value = fc.double({ min: 1e-270, max: 1e290, noNaN: true });
    fc.assert(
      fc.property(value, fc.integer({ min: -3, max: 3 }), (near, nudge) => {
        const { digits, exponent: twoPower } = midpointDigits(near);
        // The midpoint's 19 first digits, nudged: closer to the midpoint than 10^-18 of its value.
        const leading = BigInt(digits.slice(0, 19)) + BigInt(nudge);
        const scale = digits.length - 19;
        const decimalExponent = twoPower < 0 ? scale + twoPower : scale;
        expectNumbers([`${leading}e${decimalExponent}`]);
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses what it cannot be sure of, and leaves the result alone then', () => {
    const result = new Float64Array([42]);
    // Past the range, and past the largest double.
    expect(scaleByPowerOfTen(1, 0, 309, result)).toBe(false);
    expect(scaleByPowerOfTen(1, 0, -301, result)).toBe(false);
    expect(scaleByPowerOfTen(0, 0, 100, result)).toBe(false);
    expect(result[0]).toBe(42);
    expect(scaleByPowerOfTen(1e19, 0, 300, result)).toBe(true);
    expect(result[0]).toBe(Infinity);
    expect(scaleByPowerOfTen(5, 0, -23, result)).toBe(true);
    expect(result[0]).toBe(5e-23);
  });

  it('agrees with the engine in documents, by the parser and by the whole-document route', () => {
    expectAgreement(utf8('{"a":[1e-30,2.5e40,-7.000000000000001e-200],"b":{"c":1.2345678901234567e+250}}'));
  });
});
