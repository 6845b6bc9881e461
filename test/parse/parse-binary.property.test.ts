import fc from 'fast-check';
import { describe, it } from 'vitest';
import { expectAgreement } from './agreement.js';
import { jsonNumberText, jsonStringText, jsonText, mutate, mutation } from './json-text.js';
import { utf8 } from './oracle.js';

const RUNS = { numRuns: 2000 };

describe('parseBinary agrees with JSON.parse(new TextDecoder().decode(bytes))', () => {
  it('on random documents written with random whitespace and escapes', () => {
    fc.assert(fc.property(jsonText, (text) => expectAgreement(utf8(text))), RUNS);
  });

  it('on random strings with every kind of escape and lone surrogate', () => {
    fc.assert(fc.property(jsonStringText, (text) => expectAgreement(utf8(text))), RUNS);
  });

  it('on random number spellings, bit for bit', () => {
    fc.assert(fc.property(jsonNumberText, (text) => expectAgreement(utf8(text))), { numRuns: 10_000 });
  });

  it('on mutated and truncated documents', () => {
    fc.assert(
      fc.property(jsonText, fc.array(mutation, { minLength: 1, maxLength: 3 }), (text, changes) => {
        expectAgreement(mutate(utf8(text), changes));
      }),
      RUNS,
    );
  });

  it('on mutated documents in fatal mode', () => {
    fc.assert(
      fc.property(jsonText, fc.array(mutation, { minLength: 1, maxLength: 3 }), (text, changes) => {
        expectAgreement(mutate(utf8(text), changes), { fatal: true });
      }),
      RUNS,
    );
  });

  it('on random bytes, in both modes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.boolean(), (bytes, fatal) => expectAgreement(bytes, { fatal })),
      RUNS,
    );
  });

  it('on strings of random bytes, where invalid UTF-8 becomes U+FFFD exactly where TextDecoder puts it', () => {
    const stringBody = fc.array(
      fc.oneof(fc.integer({ min: 0x20, max: 0xff }), fc.constantFrom(0x80, 0xc0, 0xc2, 0xe0, 0xe1, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0x9f, 0xa0, 0xbf)),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(stringBody, fc.boolean(), fc.boolean(), (body, fatal, escaped) => {
        const inner = body.filter((byte) => byte !== 0x22 && byte !== 0x5c);
        const escape = escaped ? Array.from(utf8('\\n')) : [];
        expectAgreement(new Uint8Array([0x22, ...inner.slice(0, 7), ...escape, ...inner.slice(7), 0x22]), { fatal });
      }),
      RUNS,
    );
  });
});
