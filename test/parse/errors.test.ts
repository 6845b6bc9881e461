import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseBinary } from '../../src/parse/parse-binary.js';
import { bytesOf, utf8 } from './oracle.js';

function failure(bytes: Uint8Array, options = {}) {
  const result = parseBinary(bytes, options);
  if (result.ok) throw new Error('expected a failure');
  return result;
}

describe('failure results say what was found, where, and what was expected', () => {
  it('names the unexpected character, the line, the column and the byte offset', () => {
    const result = failure(utf8('{\n  "a": 1,\n  "b": tru\n}'));
    expect(result).toMatchObject({ ok: false, position: 22, line: 3, column: 11 });
    expect(result.message).toBe("Unexpected '\\n' at line 3, column 11 (byte 22): expected 'e' to complete 'true'".replace("'\\n'", 'control character U+000A'));
  });

  it('describes the end of input', () => {
    expect(failure(utf8('[1, 2')).message).toBe("Unexpected end of input at line 1, column 6 (byte 5): expected ',' or ']'");
    expect(failure(new Uint8Array(0)).message).toBe('Unexpected end of input at line 1, column 1 (byte 0): expected a value');
  });

  it('describes non-ASCII and invalid bytes', () => {
    expect(failure(bytesOf('[', 0xc3, 0xa9, ']')).message).toContain("Unexpected 'é' (U+00E9) at line 1, column 2 (byte 1)");
    expect(failure(bytesOf('[', 0xff, ']')).message).toContain('Unexpected invalid UTF-8 byte 0xFF at line 1, column 2 (byte 1)');
    expect(failure(bytesOf('"', 0x01, '"')).message).toContain('Unexpected control character U+0001');
  });

  it('counts columns in bytes and lines at LF', () => {
    expect(failure(utf8('["é",\r\n x]'))).toMatchObject({ position: 9, line: 2, column: 2 });
  });

  it('reports trailing content after the value', () => {
    expect(failure(utf8('{} {}')).message).toContain('expected end of input after the JSON value');
  });

  it('never throws for content: a buffer of every byte value at every position', () => {
    for (let byte = 0; byte < 256; byte++) {
      for (const text of ['', '[', '{"a":', '"', '[1', '{"a"', '1e', '-', 't', '"\\u12']) {
        const bytes = new Uint8Array([...utf8(text), byte]);
        expect(() => parseBinary(bytes)).not.toThrow();
        expect(() => parseBinary(bytes, { fatal: true })).not.toThrow();
      }
    }
  });
});

describe('invalid input stops at the first bad byte', () => {
  afterEach(() => vi.restoreAllMocks());

  it('decodes nothing after a failure at byte 0 of a large document', () => {
    const decode = vi.spyOn(TextDecoder.prototype, 'decode');
    const body = JSON.stringify(Array.from({ length: 50_000 }, (_, index) => `a long string value number ${index} with ünïcödé`));
    const bytes = utf8(`x${body}`);
    expect(failure(bytes).position).toBe(0);
    expect(decode).not.toHaveBeenCalled();
  });

  it('reports the first of several errors', () => {
    expect(failure(utf8('[1, x, "\u0001", ]')).position).toBe(4);
  });
});
