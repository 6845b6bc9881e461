// An object's later keys, guessed from the last key that followed the same keys: on Bun one of up to
// KEY_HEAD_LENGTH bytes with its colon right after it is read in the parser loop itself, anything else
// by readPropertyName (parser.ts). Shared by the tests of both paths.
import { describe, expect, it } from 'vitest';
import { KEY_HEAD_LENGTH } from '../../src/parse/object-shapes.js';
import type { parseBinary as ParseBinary } from '../../src/parse/parse-binary.js';
import { expectAgreement } from './agreement.js';
import { utf8 } from './oracle.js';

/** A plain key of `length` bytes, its byte at `changedAt` (if any) replaced. */
const key = (length: number, changedAt = -1): string =>
  Array.from({ length }, (_, index) => (index === changedAt ? 'Z' : String.fromCharCode(97 + (index % 26)))).join('');

/** Parses the same bytes often enough that every shape in them is guessed and built by its factory. */
function expectAgreementWhenRepeated(bytes: Uint8Array): void {
  for (let round = 0; round < 8; round++) expectAgreement(bytes);
}

export function describeLaterKeys(label: string, parseBinary: typeof ParseBinary): void {
  describe(`an object's later keys, guessed (${label})`, () => {
    it('match or not at every length around KEY_HEAD_LENGTH, whatever byte differs', () => {
      for (const length of [1, 2, 3, 4, 5, 6, 7, KEY_HEAD_LENGTH, KEY_HEAD_LENGTH + 1]) {
        const guessed = key(length);
        const others = [key(length + 1), key(length - 1), `${guessed}"`, `${guessed.slice(0, -1)}\\u0061`];
        for (let at = 0; at < length; at++) others.push(key(length, at));
        // The guessed key first, then one that differs, each after the same first key: one of its
        // own for each length, whose shape has room for every one of these keys as a child.
        const first = `x${length}`;
        const records = others.flatMap((other) => [`{"${first}":1,"${guessed}":2}`, `{"${first}":3,${JSON.stringify(other)}:4}`]);
        expectAgreementWhenRepeated(utf8(`[${records.join(',')}]`));
        // Whitespace where the loop reads the key: before it, and between it and its colon.
        const spaced = [`"${guessed}":2`, ` "${guessed}":3`, `"${guessed}" :4`, `\n"${guessed}"\t:5`];
        expectAgreementWhenRepeated(utf8(`[${spaced.map((member) => `{"${first}":1,${member}}`).join(',')}]`));
      }
    });

    it('near the end of the input, whole or cut short anywhere', () => {
      for (const length of [1, 2, 3, 4, 5, 6, 7, 8]) {
        const whole = `{"y${length}":1,"${key(length)}":2}`;
        for (let round = 0; round < 8; round++) {
          expectAgreement(utf8(`[${whole},${whole}]`));
          // A prefix of a document fails where its bytes end.
          for (let cut = 1; cut < whole.length; cut++) {
            const bytes = utf8(`[${whole},${whole.slice(0, cut)}`);
            expectAgreement(bytes);
            expect(parseBinary(bytes)).toMatchObject({ ok: false, position: bytes.length });
          }
        }
      }
    });

    it('next to "__proto__", with protoAction error and remove', () => {
      for (let round = 0; round < 8; round++) {
        const forbidden = parseBinary(utf8('[{"x":1,"a":2},{"x":1,"a":3},{"x":1,"__proto__":4}]'), { protoAction: 'error' });
        expect(forbidden).toMatchObject({ ok: false, code: 'FORBIDDEN_KEY' });
        expect(parseBinary(utf8('[{"x":1,"a":2},{"x":1,"a":3}]'), { protoAction: 'error' })).toEqual({ ok: true, value: [{ x: 1, a: 2 }, { x: 1, a: 3 }] });
        expect(parseBinary(utf8('[{"x":1,"a":2},{"x":1,"__proto__":3,"a":4}]'), { protoAction: 'remove' })).toEqual({ ok: true, value: [{ x: 1, a: 2 }, { x: 1, a: 4 }] });
      }
    });

    it('with constructorAction error and remove, whatever built the object', () => {
      const text = '[{"x":1,"constructor":{"prototype":1}},{"x":1,"constructor":{"prototype":2}},{"x":1,"constructor":3}]';
      for (let round = 0; round < 8; round++) {
        expect(parseBinary(utf8(text), { constructorAction: 'error' })).toMatchObject({ ok: false, code: 'FORBIDDEN_KEY' });
        const removed: unknown[] = [{ x: 1 }, { x: 1 }, { x: 1, constructor: 3 }];
        expect(parseBinary(utf8(text), { constructorAction: 'remove' })).toEqual({ ok: true, value: removed });
      }
    });
  });
}
