// Values `detach` must refuse with a TypeError, shared by the vitest suite (Node 20) and the plain
// smoke script (every runtime). Each case builds fresh values and brings a check that the refusal left
// everything exactly as it was: lengths, contents, and for proxies that not a single trap ran.
import { Buffer } from 'node:buffer';

function fail(message) {
  throw new Error(message);
}

/** A buffer of `length` bytes holding 1, 2, 3, ... so that any change to its content shows. */
function numberedBuffer(length, BufferType = ArrayBuffer) {
  const buffer = new BufferType(length);
  const bytes = new Uint8Array(buffer);
  for (let index = 0; index < length; index++) bytes[index] = (index + 1) & 0xff;
  return buffer;
}

function expectNumbered(buffer, length, what) {
  if (buffer.byteLength !== length) fail(`${what}: byteLength ${buffer.byteLength}, expected ${length}`);
  const bytes = new Uint8Array(buffer);
  for (let index = 0; index < length; index++) {
    if (bytes[index] !== ((index + 1) & 0xff)) fail(`${what}: byte ${index} changed to ${bytes[index]}`);
  }
}

const nothingToCheck = () => {};

function primitive(name, value) {
  return { name, arrange: () => ({ value, untouched: nothingToCheck }) };
}

/** A proxy that forwards everything to `target` and counts every trap that runs. */
function countingProxy(target) {
  const calls = [];
  const trapNames = [
    'get', 'set', 'has', 'ownKeys', 'getOwnPropertyDescriptor', 'defineProperty', 'deleteProperty',
    'getPrototypeOf', 'setPrototypeOf', 'isExtensible', 'preventExtensions', 'apply', 'construct',
  ];
  const handler = {};
  for (const trap of trapNames) {
    handler[trap] = (...args) => {
      calls.push(trap);
      return Reflect[trap](...args);
    };
  }
  return { proxy: new Proxy(target, handler), calls };
}

function proxyCase(name, makeTarget, length) {
  return {
    name,
    arrange: () => {
      const target = makeTarget();
      const { proxy, calls } = countingProxy(target);
      return {
        value: proxy,
        untouched: () => {
          if (calls.length > 0) fail(`proxy traps ran: ${calls.join(', ')}`);
          expectNumbered(ArrayBuffer.isView(target) ? target.buffer : target, length, 'proxied buffer');
        },
      };
    },
  };
}

function plainObjectCase(name, makeValue) {
  return { name, arrange: () => ({ value: makeValue(), untouched: nothingToCheck }) };
}

function partialViewCase(name, makeView, bufferLength) {
  return {
    name,
    arrange: () => {
      const buffer = numberedBuffer(bufferLength);
      return { value: makeView(buffer), untouched: () => expectNumbered(buffer, bufferLength, 'viewed buffer') };
    },
  };
}

function sharedCases() {
  if (typeof SharedArrayBuffer !== 'function') return [];
  const sharedCase = (name, wrap) => ({
    name,
    arrange: () => {
      const shared = numberedBuffer(16, SharedArrayBuffer);
      return { value: wrap(shared), untouched: () => expectNumbered(shared, 16, 'SharedArrayBuffer') };
    },
  });
  return [
    sharedCase('a SharedArrayBuffer', (shared) => shared),
    sharedCase('a Uint8Array covering a SharedArrayBuffer', (shared) => new Uint8Array(shared)),
    sharedCase('a DataView covering a SharedArrayBuffer', (shared) => new DataView(shared)),
  ];
}

/** Buffers sliced from Node's pool, with a neighbour in the same pool whose content must survive. */
function pooledBufferCases() {
  const pooled = (name, makeValue) => ({
    name,
    arrange: () => {
      const small = Buffer.from('abc');
      if (small.buffer.byteLength === small.byteLength) return { skip: 'this runtime does not pool small Buffers' };
      const neighbour = Buffer.from('neighbour in the pool');
      return {
        value: makeValue(small),
        untouched: () => {
          if (small.toString() !== 'abc') fail(`pooled Buffer now reads ${JSON.stringify(small.toString())}`);
          if (neighbour.toString() !== 'neighbour in the pool') fail('the neighbouring pooled Buffer changed');
          if (Buffer.from('written after').toString() !== 'written after') fail('the pool is broken');
        },
      };
    },
  });
  return [
    pooled('a pooled Node Buffer (Buffer.from)', (small) => small),
    pooled('a pooled Node Buffer (Buffer.allocUnsafe(100))', () => Buffer.allocUnsafe(100).fill(7)),
    pooled("the current pool's own ArrayBuffer (pooledBuffer.buffer)", (small) => small.buffer),
    pooled('a retired pool, already replaced by a newer one', (small) => {
      while (Buffer.from('x').buffer === small.buffer) Buffer.allocUnsafe(100);
      return small.buffer;
    }),
  ];
}

function webAssemblyMemoryCase() {
  return {
    name: 'the buffer of a WebAssembly.Memory',
    arrange: () => {
      const memory = new WebAssembly.Memory({ initial: 1, maximum: 4 });
      new Uint8Array(memory.buffer).set([9, 8, 7]);
      return {
        value: memory.buffer,
        untouched: () => {
          const before = new Uint8Array(memory.buffer);
          if (before.length !== 65536 || before[0] !== 9 || before[2] !== 7) fail('wasm memory changed');
          memory.grow(1);
          const after = new Uint8Array(memory.buffer);
          if (after.length !== 131072 || after[1] !== 8) fail('wasm memory no longer grows intact');
        },
      };
    },
  };
}

function outOfBoundsViewCase() {
  return {
    name: 'a view left out of bounds by shrinking its resizable buffer',
    arrange: () => {
      const buffer = numberedBuffer(16);
      const resizable = new ArrayBuffer(16, { maxByteLength: 32 });
      new Uint8Array(resizable).set(new Uint8Array(buffer));
      const view = new Uint8Array(resizable, 8, 8);
      resizable.resize(4);
      return { value: view, untouched: () => expectNumbered(resizable, 4, 'resizable buffer') };
    },
  };
}

/**
 * Every refusal case, each `{ name, arrange }`. `arrange()` returns `{ value, untouched }` (call
 * `untouched()` after the refusal; it throws if anything changed) or `{ skip: reason }`.
 */
export function refusalCases() {
  const throwingGetter = {};
  for (const key of ['byteLength', 'buffer', 'byteOffset', 'length', Symbol.toStringTag]) {
    Object.defineProperty(throwingGetter, key, { get: () => fail(`getter ${String(key)} was read`) });
  }
  const revocable = Proxy.revocable(new ArrayBuffer(8), {});
  revocable.revoke();
  return [
    primitive('undefined', undefined),
    primitive('null', null),
    primitive('a number', 8),
    primitive('a string', 'bytes'),
    primitive('a bigint', 8n),
    primitive('a symbol', Symbol('buffer')),
    primitive('a boolean', true),
    plainObjectCase('a look-alike { byteLength: 8 }', () => ({ byteLength: 8 })),
    plainObjectCase('an object faking Symbol.toStringTag', () => ({ [Symbol.toStringTag]: 'ArrayBuffer', byteLength: 8 })),
    plainObjectCase('an object inheriting from ArrayBuffer.prototype', () => Object.create(ArrayBuffer.prototype)),
    plainObjectCase('an object inheriting from Uint8Array.prototype', () => Object.create(Uint8Array.prototype)),
    plainObjectCase('an array of bytes', () => [1, 2, 3]),
    plainObjectCase('a function', () => function byteLength() {}),
    plainObjectCase('an object whose getters throw', () => throwingGetter),
    plainObjectCase('a revoked proxy of an ArrayBuffer', () => revocable.proxy),
    plainObjectCase('a proxy whose every trap throws', () =>
      new Proxy(new ArrayBuffer(8), { get: () => fail('trap'), getPrototypeOf: () => fail('trap') })),
    proxyCase('a proxy of an ArrayBuffer', () => numberedBuffer(8), 8),
    proxyCase('a proxy of a Uint8Array', () => new Uint8Array(numberedBuffer(8)), 8),
    ...sharedCases(),
    partialViewCase('a Uint8Array starting at offset 1', (buffer) => new Uint8Array(buffer, 1), 8),
    partialViewCase('a Uint8Array over the first half', (buffer) => new Uint8Array(buffer, 0, 4), 8),
    partialViewCase('a subarray', (buffer) => new Uint8Array(buffer).subarray(2, 6), 8),
    partialViewCase('a Float64Array over part of its buffer', (buffer) => new Float64Array(buffer, 8, 1), 24),
    partialViewCase('a DataView over part of its buffer', (buffer) => new DataView(buffer, 2, 4), 8),
    outOfBoundsViewCase(),
    ...pooledBufferCases(),
    webAssemblyMemoryCase(),
  ];
}
