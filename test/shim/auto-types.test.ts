// Type test as much as a runtime test: `tsc --noEmit` (part of `npm test`) checks that the auto
// entry's global types let JSON.parseBinary and ArrayBuffer.prototype.detach be used directly.
// test/package/check-types.mjs checks the same against the built dist/auto.d.ts.
import { expect, expectTypeOf, it } from 'vitest';
import { installed } from '../../src/auto.js';
import type { InstallReport, ParseBinaryResult } from '../../src/index.js';

it('types and installs JSON.parseBinary and ArrayBuffer.prototype.detach', () => {
  expectTypeOf(installed).toEqualTypeOf<InstallReport>();
  expect(installed.parseBinary).toBe('installed');

  const result = JSON.parseBinary(new TextEncoder().encode('{"name":"a","size":2}'));
  expectTypeOf(result).toEqualTypeOf<ParseBinaryResult<unknown>>();
  const typed = JSON.parseBinary<{ name: string; size: number }>(new TextEncoder().encode('{"name":"a","size":2}'), {
    fatal: true,
  });
  if (!typed.ok) throw new Error(typed.message);
  expectTypeOf(typed.value.size).toBeNumber();
  expect(typed.value).toEqual({ name: 'a', size: 2 });

  const failure = JSON.parseBinary(new ArrayBuffer(0));
  if (failure.ok) throw new Error('an empty buffer parsed');
  expectTypeOf(failure.position).toBeNumber();

  const buffer = new ArrayBuffer(16);
  expectTypeOf(buffer.detach).returns.toBeVoid();
  if (installed.detach === 'installed') {
    buffer.detach();
    expect(buffer.byteLength).toBe(0);
  }
  // @ts-expect-error SharedArrayBuffer gets no detach: the proposal is for ArrayBuffer only.
  expect(new SharedArrayBuffer(8).detach).toBeUndefined();
});
