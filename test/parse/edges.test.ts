import { describe, expect, it } from 'vitest';
import { parseBinary } from '../../src/parse/parse-binary.js';
import { expectAgreement } from './agreement.js';
import { bytesOf, jsonDifference, utf8 } from './oracle.js';

function valueOf(bytes: Uint8Array): unknown {
  const result = parseBinary(bytes);
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

describe('UTF-8 edge bytes, in and out of fatal mode', () => {
  const inString = (...inner: number[]) => new Uint8Array([0x22, ...inner, 0x22]);
  const cases: Record<string, Uint8Array> = {
    'overlong 2-byte slash': inString(0xc0, 0xaf),
    'overlong 3-byte': inString(0xe0, 0x80, 0xaf),
    'overlong 4-byte': inString(0xf0, 0x80, 0x80, 0xaf),
    'encoded high surrogate': inString(0xed, 0xa0, 0x80),
    'encoded low surrogate': inString(0xed, 0xbf, 0xbf),
    'encoded surrogate pair': inString(0xed, 0xa0, 0xbd, 0xed, 0xb2, 0xa9),
    'above U+10FFFF': inString(0xf4, 0x90, 0x80, 0x80),
    'truncated 2-byte': inString(0xc3),
    'truncated 3-byte': inString(0xe2, 0x82),
    'truncated 4-byte': inString(0xf0, 0x9f, 0x98),
    'truncated then ASCII': inString(0xe2, 0x82, 0x41),
    'stray continuation bytes': inString(0x80, 0xbf, 0x41, 0x8f),
    '0xFF and 0xFE': inString(0xff, 0xfe, 0x41),
    'F5 to FD leads': inString(0xf5, 0xf8, 0xfc, 0xfd),
    'C0 and C1 leads': inString(0xc0, 0xc1),
    'valid 2, 3 and 4 byte': inString(0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80),
    'max code point': inString(0xf4, 0x8f, 0xbf, 0xbf),
    'U+FFFF and U+FFFE': inString(0xef, 0xbf, 0xbf, 0xef, 0xbf, 0xbe),
    'invalid byte before an escape': new Uint8Array([0x22, 0xe2, 0x82, 0x5c, 0x6e, 0xff, 0x22]),
    'invalid byte in a key': bytesOf('{"', 0xff, '":1}'),
    'invalid byte outside strings': bytesOf('[1,', 0xff, ']'),
    'valid non-ASCII outside strings (NBSP)': bytesOf('[1,', 0xc2, 0xa0, '2]'),
    'truncated sequence at end of input': bytesOf('"abc', 0xe2),
    'BOM': bytesOf(0xef, 0xbb, 0xbf, '{"a":1}'),
    'BOM twice': bytesOf(0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, '1'),
    'BOM alone': bytesOf(0xef, 0xbb, 0xbf),
    'truncated BOM': bytesOf(0xef, 0xbb, '1'),
    'BOM inside a string': bytesOf('"', 0xef, 0xbb, 0xbf, '"'),
    'BOM after whitespace': bytesOf(' ', 0xef, 0xbb, 0xbf, '1'),
    'UTF-16 BOM': bytesOf(0xff, 0xfe, '1'),
  };
  for (const [name, bytes] of Object.entries(cases)) {
    it(name, () => {
      expectAgreement(bytes);
      expectAgreement(bytes, { fatal: true });
    });
  }

  it('keeps an ASCII string one-byte when another string holds an emoji', () => {
    const result = parseBinary(utf8('["plain ascii text that is long enough", "emoji 😀"]'));
    expect(result).toEqual({ ok: true, value: ['plain ascii text that is long enough', 'emoji 😀'] });
  });

  it('fails in fatal mode at the first byte of the ill-formed sequence', () => {
    const result = parseBinary(bytesOf('{"a":"ok", "b":"x', 0xe2, 0x82, '"}'), { fatal: true });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.position).toBe(17);
      expect(result.message).toContain('well-formed UTF-8');
    }
  });
});

describe('escapes', () => {
  for (const escape of ['\\"', '\\\\', '\\/', '\\b', '\\f', '\\n', '\\r', '\\t', '\\u0000', '\\u001f', '\\u00e9', '\\u00E9', '\\uFFFF', '\\ud83d\\ude00', '\\uD83D', '\\uDE00', '\\uDE00\\uD83D', '\\ud83dx', 'a\\u0041b']) {
    it(`"${escape}"`, () => expectAgreement(utf8(`"${escape}"`)));
  }
  for (const bad of ['\\a', '\\U0041', '\\u004', '\\u00G1', '\\x41', '\\', '\\u', '\\\u00e9', '\\ ', '\\\n']) {
    it(`rejects "${bad}"`, () => expectAgreement(utf8(`"${bad}"`)));
  }
  it('rejects raw control characters, accepts DEL', () => {
    for (let byte = 0; byte < 0x20; byte++) expectAgreement(new Uint8Array([0x22, byte, 0x22]));
    expectAgreement(new Uint8Array([0x22, 0x7f, 0x22]));
  });
  it('handles long strings with and without escapes', () => {
    const long = 'x'.repeat(10_000);
    expectAgreement(utf8(JSON.stringify([long, `${long}\n${long}`, `é${long}`, `${'\\u00e9'.repeat(5000)}`])));
    expectAgreement(utf8(`"${'\\u00e9'.repeat(5000)}"`));
  });
});

describe('numbers', () => {
  const valid = [
    '0', '-0', '-0.0', '0e0', '-0e-0', '0.0e+0', '1', '-1', '9007199254740991', '9007199254740992', '9007199254740993',
    '-9007199254740993', '18446744073709551615', '1e22', '1e23', '12e30', '1e37', '1e308', '1.7976931348623157e308',
    '1.7976931348623158e308', '1.7976931348623159e308', '1e309', '1e400', '-1e400', '1e-400', '-1e-400', '5e-324',
    '2e-324', '4.9406564584124654e-324', '2.2250738585072011e-308', '2.2250738585072014e-308', '0.1', '0.2', '0.3',
    '0.30000000000000004', '3.141592653589793', '2.718281828459045', '1.5e-7', '123.456e-2', '1E5', '1e+5', '1E-5',
    '0.000001', '1.0000000000000002', '0.99999999999999989', '9007199254740993.0', '4503599627370496.5',
    '4503599627370497.5', '1' + '0'.repeat(400), '0.' + '0'.repeat(400) + '1', '1e0000000000000000000000000001',
    '1e99999999999999999999', '1e-99999999999999999999', '-65.613616999999977', '43.250000000000014',
    '1' + '0'.repeat(22) + 'e-22', '7.2057594037927933e16', '1.00000000000000011102230246251565404236316680908203125',
    // Around the parser loop's own reading of integers of up to 9 digits.
    '7', '7 ', '99', '123456789', '999999999', '1000000000', '1234567890', '12345678901234567890', '9.5',
    '123456789.5', '12e3', '123456789E1', '[7]', '[12,345678901,9,-4,0]', '{"a":123456789,"b":1234567890,"c":5e1}',
  ];
  for (const text of valid) it(text.length > 40 ? `${text.slice(0, 40)}...` : text, () => expectAgreement(utf8(text)));
  const invalid = ['-', '+1', '01', '-01', '00', '12a', '[1 2]', '7-', '123456789x', '[5.]', '{"a":9e}', '1.', '.1', '1.e5', '1e', '1e+', '1e-', '--1', '0x10', 'NaN', 'Infinity', '-Infinity', '1_000', '１'];
  for (const text of invalid) it(`rejects ${text}`, () => expectAgreement(utf8(text)));
  it('gives -0 for negative zero', () => {
    expect(Object.is(valueOf(utf8('-0')), -0)).toBe(true);
    expect(Object.is(valueOf(utf8('[-0.0e5]')) && (valueOf(utf8('[-0.0e5]')) as number[])[0], -0)).toBe(true);
  });
});

describe('whitespace runs', () => {
  // Every place a token may be followed by whitespace, with runs that the parser loop skips itself
  // (spaces, a line break and its indent) and runs that it hands on to skipWhitespace (tabs, CR).
  const tokens = ['{', '"a"', ':', '[', '1', ',', '{', '"b"', ':', '"c"', '}', ',', '[', ']', ']', ',', '"d"', ':', '{', '}', '}'];
  const runs = ['', ' ', '   ', ' '.repeat(13), '\n', '\n ', '\n    ', '\n' + ' '.repeat(9), '\n\t', ' \t ', '  \r\n  ', '\n  \n  ', '\t'];
  for (const run of runs) {
    const text = run + tokens.join(run) + run;
    it(`${JSON.stringify(run)} around every token, short and past 1 KB, and each cut of it`, () => {
      expectAgreement(utf8(text));
      expectAgreement(utf8(`[${Array(60).fill(text).join(`,${run}`)}]`));
      for (let cut = 0; cut < text.length; cut++) expectAgreement(utf8(text.slice(0, cut)));
    });
  }
});

describe('structure', () => {
  const texts = [
    '[]', '{}', '[[]]', '[{}]', '{"a":{}}', ' [ 1 , 2 ] ', '{ "a" : 1 , "b" : [ ] }', '[1,]', '[,1]', '{"a":1,}', '{,"a":1}',
    '{"a"}', '{"a":}', '{1:2}', '{"a":1 "b":2}', '[1 2]', '[1', '{"a":1', '{"a"', '{', ']', '}', '[}', '{]', 'tru', 'true false',
    'nul', 'nulll', 'falsey', 'True', '[true,false,null]', '"abc', '"abc"x', '{"__proto__":[]}', '{"__proto__":1,"__proto__":2}',
    '{"a":1,"a":2}', '{"b":1,"a":2,"b":3}', '{"1":1,"0":0,"a":2,"-1":3,"4294967295":4,"4294967294":5}', '{"":""}',
    '{"constructor":{"prototype":{}}}', '{"hasOwnProperty":1,"toString":2,"valueOf":3}', '\t\n\r 1 \t\n\r', '\u000b1', '\f1',
    '1 2', '1\u0000',
  ];
  for (const text of texts) it(JSON.stringify(text), () => expectAgreement(utf8(text)));

  it('makes __proto__ an own property and leaves the prototype alone', () => {
    const value = valueOf(utf8('{"__proto__":{"polluted":true},"a":1}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('parses nesting 1,000,000 deep, as JSON.parse does', () => {
    const depth = 1_000_000;
    const bytes = utf8('['.repeat(depth) + ']'.repeat(depth));
    const result = parseBinary(bytes);
    expect(result.ok).toBe(true);
    let node = result.ok ? result.value : undefined;
    for (let level = 1; level < depth; level++) node = (node as unknown[])[0];
    expect(node).toEqual([]);
    const objects = utf8('{"a":'.repeat(depth) + '1' + '}'.repeat(depth));
    expect(parseBinary(objects).ok).toBe(true);
  });

  it('fails cleanly on deep unclosed nesting', () => {
    const result = parseBinary(utf8('['.repeat(1_000_000)));
    expect(result).toMatchObject({ ok: false, position: 1_000_000 });
  });

  it('parses documents made of many values', () => {
    const items = Array.from({ length: 20_000 }, (_, index) => ({ id: index, name: `item ${index}`, tags: ['a', 'b'], ratio: index / 7 }));
    const bytes = utf8(JSON.stringify(items));
    expect(jsonDifference(valueOf(bytes), items)).toBeUndefined();
  });
});
