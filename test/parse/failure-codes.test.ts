import { describe, expect, it } from 'vitest';
import { parseBinary } from '../../src/parse/parse-binary.js';
import type { ParseBinaryOptions, ParseFailureCode } from '../../src/parse/types.js';
import { bytesOf, utf8 } from './oracle.js';

function codeOf(input: Uint8Array, options?: ParseBinaryOptions): ParseFailureCode | undefined {
  const result = parseBinary(input, options);
  return result.ok ? undefined : result.code;
}

describe('failures carry a machine-readable code', () => {
  const cases: Array<[string, Uint8Array, ParseFailureCode, ParseBinaryOptions?]> = [
    ['a letter where a value belongs', utf8('[1, x]'), 'UNEXPECTED_TOKEN'],
    ['a missing colon', utf8('{"a" 1}'), 'UNEXPECTED_TOKEN'],
    ['a bad digit', utf8('-x'), 'UNEXPECTED_TOKEN'],
    ['a broken literal', utf8('[tru ]'), 'UNEXPECTED_TOKEN'],
    ['empty input', utf8(''), 'UNEXPECTED_END'],
    ['whitespace only', utf8('  \n'), 'UNEXPECTED_END'],
    ['an unclosed array', utf8('[1,2'), 'UNEXPECTED_END'],
    ['an unclosed string', utf8('"abc'), 'UNEXPECTED_END'],
    ['a number cut after its dot', utf8('1.'), 'UNEXPECTED_END'],
    ['a second value', utf8('{} {}'), 'TRAILING_CONTENT'],
    ['a stray bracket', utf8('[1]]'), 'TRAILING_CONTENT'],
    ['a raw newline in a string', utf8('"a\nb"'), 'CONTROL_CHARACTER'],
    ['a raw NUL in a long string', bytesOf('"', 'x'.repeat(100), 0, '"'), 'CONTROL_CHARACTER'],
    ['a bad escape', utf8('"\\x"'), 'INVALID_ESCAPE'],
    ['a short \\u escape', utf8('"\\u12g4"'), 'INVALID_ESCAPE'],
    ['ill-formed UTF-8 in fatal mode', bytesOf('"', 0xff, '"'), 'INVALID_UTF8', { fatal: true }],
    ['nesting past maxDepth', utf8('[[[1]]]'), 'MAX_DEPTH', { maxDepth: 2 }],
    ['a __proto__ key refused', utf8('{"__proto__":1}'), 'FORBIDDEN_KEY', { protoAction: 'error' }],
    ['a constructor.prototype refused', utf8('{"constructor":{"prototype":1}}'), 'FORBIDDEN_KEY', { constructorAction: 'error' }],
  ];
  for (const [name, input, code, options] of cases) {
    it(`${code} for ${name}`, () => expect(codeOf(input, options)).toBe(code));
  }

  it('replaces ill-formed UTF-8 without failing outside fatal mode', () => {
    expect(codeOf(bytesOf('"', 0xff, '"'))).toBeUndefined();
  });
});
