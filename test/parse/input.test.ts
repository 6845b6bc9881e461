import { describe, expect, it } from 'vitest';
import { parseBinary } from '../../src/parse/parse-binary.js';
import { utf8 } from './oracle.js';

const document = '{"list":[1,2,3],"text":"héllo"}';
const expected = { list: [1, 2, 3], text: 'héllo' };

/** The document's bytes placed at `offset` inside a larger buffer filled with junk. */
function embedded(offset: number, extra = 7): { buffer: ArrayBuffer; length: number } {
  const bytes = utf8(document);
  const buffer = new ArrayBuffer(offset + bytes.length + extra);
  new Uint8Array(buffer).fill(0x5d);
  new Uint8Array(buffer, offset, bytes.length).set(bytes);
  return { buffer, length: bytes.length };
}

describe('every input container means exactly its bytes', () => {
  it('ArrayBuffer', () => {
    expect(parseBinary(utf8(document).slice().buffer)).toEqual({ ok: true, value: expected });
  });

  it('SharedArrayBuffer, and a view on one', () => {
    const bytes = utf8(document);
    const shared = new SharedArrayBuffer(bytes.length);
    new Uint8Array(shared).set(bytes);
    expect(parseBinary(shared)).toEqual({ ok: true, value: expected });
    expect(parseBinary(new Uint8Array(shared))).toEqual({ ok: true, value: expected });
    const long = `"${'ü'.repeat(100)}"`;
    const longShared = new SharedArrayBuffer(utf8(long).length);
    new Uint8Array(longShared).set(utf8(long));
    expect(parseBinary(longShared)).toEqual({ ok: true, value: 'ü'.repeat(100) });
  });

  const viewKinds = [Uint8Array, Int8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array, BigInt64Array, BigUint64Array];
  for (const View of viewKinds) {
    it(`${View.name} over part of a buffer`, () => {
      const unit = View.BYTES_PER_ELEMENT;
      const { buffer, length } = embedded(unit * 3, unit * 2 + ((unit - (document.length + 3) % unit) % unit));
      // Only whole elements: pad the document with spaces to a multiple of the element size.
      const padded = utf8(document + ' '.repeat((unit - (length % unit)) % unit));
      new Uint8Array(buffer, unit * 3, padded.length).set(padded);
      const view = new View(buffer, unit * 3, padded.length / unit);
      expect(parseBinary(view)).toEqual({ ok: true, value: expected });
    });
  }

  it('DataView over part of a buffer', () => {
    const { buffer, length } = embedded(5);
    expect(parseBinary(new DataView(buffer, 5, length))).toEqual({ ok: true, value: expected });
  });

  it('pooled Node Buffer: only its own window', () => {
    const first = Buffer.from(document);
    const second = Buffer.from('[9,9,9]');
    expect(first.buffer).toBe(second.buffer);
    expect(parseBinary(first)).toEqual({ ok: true, value: expected });
    expect(parseBinary(second)).toEqual({ ok: true, value: [9, 9, 9] });
  });

  it('a zero-length view in the middle of a buffer is empty input', () => {
    const { buffer } = embedded(4);
    expect(parseBinary(new Uint8Array(buffer, 4, 0))).toMatchObject({ ok: false, position: 0 });
  });

  it('a detached buffer, and views on it, are empty input', () => {
    const buffer = utf8(document).slice().buffer;
    const view = new Uint8Array(buffer);
    const dataView = new DataView(buffer);
    structuredClone(buffer, { transfer: [buffer] });
    expect(buffer.byteLength).toBe(0);
    for (const input of [buffer, view, dataView]) {
      const result = parseBinary(input);
      expect(result).toMatchObject({ ok: false, position: 0 });
      if (!result.ok) expect(result.message).toContain('end of input');
    }
  });

  it('resizable buffers: the current length counts', () => {
    const buffer = new ArrayBuffer(4, { maxByteLength: 64 });
    new Uint8Array(buffer).set(utf8('[12]'));
    const tracking = new Uint8Array(buffer);
    expect(parseBinary(tracking)).toEqual({ ok: true, value: [12] });
    buffer.resize(2);
    expect(parseBinary(buffer)).toMatchObject({ ok: false });
    const dataView = new DataView(buffer, 1, 1);
    buffer.resize(1);
    expect(parseBinary(dataView)).toMatchObject({ ok: false, position: 0 });
  });

  it('reads a subclass through the built-in getters, not its overrides', () => {
    class Lying extends Uint8Array {
      override get byteOffset(): number {
        return 0;
      }
    }
    const bytes = utf8(`xx${document}`);
    const view = new Lying(bytes.buffer as ArrayBuffer, 2, bytes.length - 2);
    expect(parseBinary(view)).toEqual({ ok: true, value: expected });
  });

  it('own buffer, byteOffset, byteLength and length properties of the array change nothing', () => {
    const { buffer, length } = embedded(3);
    const view = new Uint8Array(buffer, 3, length);
    Object.defineProperties(view, {
      buffer: { value: new ArrayBuffer(64) },
      byteOffset: { value: 0 },
      byteLength: { value: 2 },
      length: { value: 2 },
    });
    expect(parseBinary(view)).toEqual({ ok: true, value: expected });
  });

  it('getters patched on the prototypes after load change nothing', () => {
    const { buffer, length } = embedded(6);
    const typedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype) as object;
    const saved = ['buffer', 'byteOffset', 'byteLength'].map((key) => [key, Object.getOwnPropertyDescriptor(typedArrayPrototype, key)!] as const);
    const savedBufferLength = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength')!;
    try {
      for (const [key] of saved) Object.defineProperty(typedArrayPrototype, key, { get: () => 1, configurable: true });
      Object.defineProperty(ArrayBuffer.prototype, 'byteLength', { get: () => 1, configurable: true });
      expect(parseBinary(new Uint8Array(buffer, 6, length))).toEqual({ ok: true, value: expected });
      // 32 bytes: a whole number of 16-bit elements.
      expect(parseBinary(new Uint16Array(buffer, 6, length / 2))).toEqual({ ok: true, value: expected });
    } finally {
      for (const [key, descriptor] of saved) Object.defineProperty(typedArrayPrototype, key, descriptor);
      Object.defineProperty(ArrayBuffer.prototype, 'byteLength', savedBufferLength);
    }
  });

  it('a typed array and a DataView with swapped prototypes still mean their own windows', () => {
    const { buffer, length } = embedded(5);
    const typed = new Uint8Array(buffer, 5, length);
    Object.setPrototypeOf(typed, DataView.prototype);
    expect(parseBinary(typed)).toEqual({ ok: true, value: expected });
    const dataView = new DataView(buffer, 5, length);
    Object.setPrototypeOf(dataView, Uint8Array.prototype);
    expect(parseBinary(dataView)).toEqual({ ok: true, value: expected });
    const orphan = new DataView(buffer, 5, length);
    Object.setPrototypeOf(orphan, null);
    expect(parseBinary(orphan)).toEqual({ ok: true, value: expected });
  });
});

describe('anything else is a TypeError, the only thing that throws', () => {
  const notBinary: Array<[string, unknown]> = [
    ['a string', document],
    ['undefined', undefined],
    ['null', null],
    ['a number', 42],
    ['an array of bytes', Array.from(utf8(document))],
    ['a look-alike', { byteLength: 4, buffer: new ArrayBuffer(4) }],
    ['a Proxy of an ArrayBuffer', new Proxy(new ArrayBuffer(4), {})],
    ['a Proxy of a Uint8Array', new Proxy(utf8('1'), {})],
    ['an object faking its tag', { [Symbol.toStringTag]: 'ArrayBuffer' }],
    ['a Blob', new Blob(['1'])],
  ];
  for (const [name, value] of notBinary) {
    it(name, () => expect(() => parseBinary(value as never)).toThrow(TypeError));
  }

  it('wrong option types', () => {
    const bytes = utf8('1');
    expect(() => parseBinary(bytes, 'fatal' as never)).toThrow(TypeError);
    expect(() => parseBinary(bytes, null as never)).toThrow(TypeError);
    expect(() => parseBinary(bytes, { fatal: 1 as never })).toThrow(TypeError);
    expect(() => parseBinary(bytes, { maxDepth: -1 })).toThrow(TypeError);
    expect(() => parseBinary(bytes, { maxDepth: 1.5 })).toThrow(TypeError);
    expect(() => parseBinary(bytes, { maxDepth: NaN })).toThrow(TypeError);
    expect(() => parseBinary(bytes, { protoAction: 'drop' as never })).toThrow(TypeError);
    expect(() => parseBinary(bytes, { constructorAction: true as never })).toThrow(TypeError);
  });
});
