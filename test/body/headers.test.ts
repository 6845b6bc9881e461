import { describe, expect, it } from 'vitest';
import { checkBodyHeaders } from '../../src/body/headers.js';

describe('checkBodyHeaders', () => {
  it('accepts a missing length, a plain one, and repeated identical ones', () => {
    expect(checkBodyHeaders(undefined, undefined, 10)).toEqual({ ok: true, declaredLength: undefined });
    expect(checkBodyHeaders('7', undefined, 10)).toEqual({ ok: true, declaredLength: 7 });
    expect(checkBodyHeaders(' 7 , 7', undefined, 10)).toEqual({ ok: true, declaredLength: 7 });
  });

  it.each(['', '-1', '1.5', '0x10', '7, 8', '1e3', 'abc'])('refuses Content-Length %j with 400', (value) => {
    expect(checkBodyHeaders(value, undefined, 10_000)).toMatchObject({ ok: false, status: 400 });
  });

  it('refuses a declared length past the limit with 413, however large', () => {
    expect(checkBodyHeaders('11', undefined, 10)).toMatchObject({ ok: false, status: 413 });
    expect(checkBodyHeaders('9'.repeat(400), undefined, 10)).toMatchObject({ ok: false, status: 413 });
  });

  it('accepts identity encodings and refuses every other one with 415', () => {
    expect(checkBodyHeaders('2', 'identity', 10)).toMatchObject({ ok: true });
    expect(checkBodyHeaders('2', ' IDENTITY ', 10)).toMatchObject({ ok: true });
    for (const coding of ['gzip', 'deflate', 'br', 'zstd', 'identity, gzip']) {
      expect(checkBodyHeaders('2', coding, 10)).toMatchObject({ ok: false, status: 415 });
    }
  });
});
