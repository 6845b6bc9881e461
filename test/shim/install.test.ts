import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { detachStrategy } from '../../src/detach/index.js';
import { install } from '../../src/shim/install.js';

// Untyped views: the project's own type check sees the auto entry's global types everywhere.
const json = JSON as unknown as { parseBinary?: unknown };
const prototype = ArrayBuffer.prototype as unknown as { detach?: unknown };
const canDetach = detachStrategy !== 'none';

function removeGlobals(): void {
  // Reflect.deleteProperty, because the last test leaves a property that cannot be deleted.
  Reflect.deleteProperty(JSON, 'parseBinary');
  Reflect.deleteProperty(ArrayBuffer.prototype, 'detach');
}

function installedFunction(target: object, key: string): (...args: unknown[]) => unknown {
  const descriptor = Object.getOwnPropertyDescriptor(target, key);
  expect(descriptor).toBeDefined();
  return descriptor!.value as (...args: unknown[]) => unknown;
}

beforeEach(removeGlobals);
afterEach(removeGlobals);

describe('install', () => {
  it('installs both globals on a runtime without them and says so', () => {
    expect(install()).toEqual({ parseBinary: 'installed', detach: canDetach ? 'installed' : 'unsupported' });
    expect(typeof json.parseBinary).toBe('function');
  });

  it('gives JSON.parseBinary the descriptor, name and length of a built-in', () => {
    install();
    expect(Object.getOwnPropertyDescriptor(JSON, 'parseBinary')).toMatchObject({
      writable: true,
      enumerable: false,
      configurable: true,
    });
    const parseBinary = installedFunction(JSON, 'parseBinary');
    expect(parseBinary.name).toBe('parseBinary');
    expect(parseBinary.length).toBe(1);
    expect(() => Reflect.construct(parseBinary, [])).toThrow(TypeError);
    expect(Object.hasOwn(parseBinary, 'prototype')).toBe(false);
  });

  it('takes its options only when given: an index a program put on Array.prototype is no options', () => {
    install();
    const parseBinary = installedFunction(JSON, 'parseBinary') as (input: Uint8Array, options?: object) => { ok: boolean; code?: string };
    const bytes = new TextEncoder().encode('{"__proto__":1}');
    Object.defineProperty(Array.prototype, '0', { configurable: true, get: () => ({ protoAction: 'error' }) });
    try {
      expect(parseBinary(bytes).ok).toBe(true);
      expect(parseBinary(bytes, { protoAction: 'error' })).toMatchObject({ ok: false, code: 'FORBIDDEN_KEY' });
    } finally {
      delete (Array.prototype as unknown as Record<string, unknown>)[0];
    }
  });

  it('gives ArrayBuffer.prototype.detach the descriptor, name and length of a built-in', () => {
    if (!canDetach) return;
    install();
    expect(Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'detach')).toMatchObject({
      writable: true,
      enumerable: false,
      configurable: true,
    });
    const detach = installedFunction(ArrayBuffer.prototype, 'detach');
    expect(detach.name).toBe('detach');
    expect(detach.length).toBe(0);
    expect(() => Reflect.construct(detach, [])).toThrow(TypeError);
  });

  it('makes JSON.parseBinary return results and pass options through', () => {
    install();
    const parseBinary = installedFunction(JSON, 'parseBinary');
    expect(parseBinary(new TextEncoder().encode('{"a":[true,null]}'))).toEqual({ ok: true, value: { a: [true, null] } });
    expect(parseBinary(new TextEncoder().encode('[1,'))).toMatchObject({ ok: false });
    expect(parseBinary(Uint8Array.from([0x22, 0xff, 0x22]), { fatal: true })).toMatchObject({ ok: false });
    expect(() => parseBinary('[1]')).toThrow(TypeError);
  });

  it('makes ArrayBuffer.prototype.detach empty the buffer and return undefined', () => {
    if (!canDetach) return;
    install();
    const buffer = new ArrayBuffer(64);
    const view = new Uint8Array(buffer);
    expect(installedFunction(ArrayBuffer.prototype, 'detach').call(buffer)).toBeUndefined();
    expect(buffer.byteLength).toBe(0);
    expect(view.length).toBe(0);
  });

  it('throws a TypeError from detach for every receiver that is not an ArrayBuffer', () => {
    if (!canDetach) return;
    install();
    const detach = installedFunction(ArrayBuffer.prototype, 'detach');
    const buffer = new ArrayBuffer(8);
    for (const receiver of [
      new SharedArrayBuffer(8),
      new Uint8Array(buffer),
      new DataView(buffer),
      Buffer.alloc(8),
      new Proxy(new ArrayBuffer(8), {}),
      Object.create(ArrayBuffer.prototype),
      { byteLength: 8 },
      undefined,
      null,
      'buffer',
    ]) {
      expect(() => detach.call(receiver)).toThrow(TypeError);
    }
    expect(buffer.byteLength).toBe(8);
  });

  it('never overwrites what is there without force, and reports it present', () => {
    const mine = (): string => 'mine';
    json.parseBinary = mine;
    prototype.detach = mine;
    expect(install()).toEqual({ parseBinary: 'present', detach: canDetach ? 'present' : 'unsupported' });
    expect(json.parseBinary).toBe(mine);
    expect(prototype.detach).toBe(mine);
    expect(install({ force: false })).toMatchObject({ parseBinary: 'present' });
  });

  it('replaces what is there with force', () => {
    const mine = (): string => 'mine';
    json.parseBinary = mine;
    prototype.detach = mine;
    expect(install({ force: true })).toEqual({ parseBinary: 'replaced', detach: canDetach ? 'replaced' : 'unsupported' });
    expect(json.parseBinary).not.toBe(mine);
    expect(prototype.detach === mine).toBe(!canDetach);
  });

  it('is idempotent: a second call reports present', () => {
    install();
    expect(install()).toEqual({ parseBinary: 'present', detach: canDetach ? 'present' : 'unsupported' });
  });

  it('rejects options that are not an object', () => {
    for (const options of [null, 'force', 1, true]) {
      expect(() => install(options as never)).toThrow(TypeError);
    }
  });

  it('reports a property it may not redefine as locked instead of throwing (runs last)', () => {
    Object.defineProperty(JSON, 'parseBinary', { value: 'fixed', configurable: false, writable: false });
    expect(install({ force: true }).parseBinary).toBe('locked');
    expect(json.parseBinary).toBe('fixed');
  });
});

describe('install options', () => {
  it('refuses an unknown option name, naming it and the known one', () => {
    expect(() => install({ forse: true } as never)).toThrow(new TypeError("install: unknown option 'forse'; known options: 'force'"));
    expect(() => install({ Force: true } as never)).toThrow(/did you mean 'force'/);
  });
});
