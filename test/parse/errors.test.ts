import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseBinary } from '../../src/parse/parse-binary.js';
import { bytesOf, utf8 } from './oracle.js';
import { v8LineAndColumn } from './v8-line-column.js';
import fc from 'fast-check';
import { lineAndColumn, LOOP_PLACED_BYTES } from '../../src/parse/errors.js';

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

  it('counts columns in UTF-16 code units and lines at LF, CR or CRLF', () => {
    expect(failure(utf8('["é",\r\n x]'))).toMatchObject({ position: 9, line: 2, column: 2 });
    expect(failure(utf8('["é中", x]'))).toMatchObject({ position: 10, line: 1, column: 8 });
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

describe('line and column as editors and V8 show them', () => {
  // Each case with the line and column V8's JSON.parse reports for the decoded text (Node 22+).
  const cases: { name: string; bytes: Uint8Array; line: number; column: number }[] = [
    { name: 'after a BOM', bytes: bytesOf(0xef, 0xbb, 0xbf, '{x}'), line: 1, column: 2 },
    { name: 'after two emoji on line 4', bytes: utf8('{\n"a": 1,\n"b": 2,\n"😀😀": 1 x}'), line: 4, column: 11 },
    { name: 'after lone CRs', bytes: utf8('{\r"b":1\r,"c" 2}'), line: 3, column: 6 },
    { name: 'after CRLFs', bytes: utf8('{\r\n"b":1\r\n,"c" 2}'), line: 3, column: 6 },
    { name: 'after CR, CRLF and LF in a row', bytes: utf8('{"a"\r\r\n\n:1 x}'), line: 4, column: 4 },
    { name: 'with U+2028 inside a string (not a line break)', bytes: utf8('{"\u2028":1\n,"c" 2}'), line: 2, column: 6 },
    { name: 'after 2-byte and 3-byte characters', bytes: utf8('["é中", 1 2]'), line: 1, column: 10 },
    { name: 'after invalid UTF-8 replaced by U+FFFD', bytes: bytesOf('["', 0xff, 0xfe, '", 1 2]'), line: 1, column: 10 },
    { name: 'at the end of an unterminated string after an emoji', bytes: utf8('"😀abc'), line: 1, column: 7 },
    { name: 'after a BOM on a later line (not skipped there)', bytes: bytesOf('[1,\n', 0xef, 0xbb, 0xbf, '2]'), line: 2, column: 1 },
  ];

  for (const { name, bytes, line, column } of cases) {
    it(name, () => {
      const result = failure(bytes);
      expect({ line: result.line, column: result.column }).toEqual({ line, column });
      expect(result.message).toContain(`at line ${line}, column ${column} (byte ${result.position})`);
    });
  }

  const engine = v8LineAndColumn(cases.map((entry) => entry.bytes));
  it.skipIf(engine === undefined)(`agrees with V8's own line and column wherever it gives one (${engine?.runtime ?? 'no Node 22+ here'})`, () => {
    const compared = cases.flatMap((entry, index) => {
      const reported = engine!.positions[index];
      if (reported === null) return [];
      const result = failure(entry.bytes);
      return [{ name: entry.name, ours: { line: result.line, column: result.column }, v8: reported }];
    });
    // V8 gives no line for the BOM-on-a-later-line case ("Unexpected token"), every other one it does.
    expect(compared.length).toBe(cases.length - 1);
    for (const { name, ours, v8 } of compared) expect({ name, ...ours }).toEqual({ name, ...v8 });
  });
});

describe('line and column near the start, counted by a loop', () => {
  // The loop's answer for a position within LOOP_PLACED_BYTES, against the native searches' answer for
  // the same bytes after a padding line that puts them past it (one line more, the same column).
  const padding = utf8(`${'a'.repeat(LOOP_PLACED_BYTES + 8)}\n`);
  const pieces = [[0x0a], [0x0d], [0x0d, 0x0a], [0x61], [0x20], [0xc3, 0xa9], [0xe4, 0xb8, 0xad], [0xf0, 0x9f, 0x98, 0x80], [0xff], [0xc3], [0xef, 0xbb, 0xbf]];

  it('gives what the searches give, on lines of every ending and text of every width', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), fc.nat(), (chosen, at) => {
        const bytes = Uint8Array.from(chosen.flat());
        // A leading BOM is skipped only at byte 0, where the padding would move it from.
        fc.pre(!(bytes[0] === 0xef && bytes[1] === 0xbb));
        const position = Math.min(at % (bytes.length + 1), LOOP_PLACED_BYTES);
        const padded = new Uint8Array(padding.length + bytes.length);
        padded.set(padding);
        padded.set(bytes, padding.length);
        const searched = lineAndColumn(padded, padding.length + position);
        expect(lineAndColumn(bytes, position)).toEqual({ line: searched.line - 1, column: searched.column });
      }),
      { numRuns: 2000 },
    );
  });

  it('skips a leading BOM', () => {
    expect(lineAndColumn(bytesOf(0xef, 0xbb, 0xbf, 'ab', 0xc3, 0xa9, 'c'), 8)).toEqual({ line: 1, column: 5 });
    expect(lineAndColumn(bytesOf(0xef, 0xbb, 0xbf, 'ab\r\ncd'), 8)).toEqual({ line: 2, column: 2 });
  });
});
