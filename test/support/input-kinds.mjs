// Every kind of input parseBinary accepts, each holding exactly the given bytes, for the fuzz
// campaign: the parser reads each kind by its own path (a view with an offset, a DataView, a
// Buffer from Node's pool, wider typed arrays, shared and resizable memory), and the bytes around
// a view are junk that looks like JSON so reading past the view's end shows. Shared and resizable
// buffers are missing on some runtimes; their kinds fall back to a plain view there.

const hasSharedMemory = typeof globalThis.SharedArrayBuffer === 'function';
const hasResizableBuffers = (() => {
  try {
    return new ArrayBuffer(1, { maxByteLength: 4 }).resizable === true;
  } catch {
    return false;
  }
})();
const NodeBuffer = typeof globalThis.Buffer === 'function' ? globalThis.Buffer : undefined;

// Digits, quotes, brackets, escapes, ill-formed UTF-8: junk that would change a parse if read.
const JUNK = [0x30, 0x31, 0x39, 0x22, 0x7d, 0x5d, 0x2c, 0x65, 0x2e, 0x61, 0xff, 0x80, 0x20, 0x5c, 0x00];

/** The names of the input kinds {@link makeInput} builds. */
export const INPUT_KINDS = [
  'Uint8Array', 'subarray', 'view with offset', 'ArrayBuffer', 'Buffer', 'pooled Buffer', 'DataView',
  'Int8Array', 'Uint8ClampedArray', 'Uint16Array', 'Uint32Array', 'SharedArrayBuffer', 'resizable ArrayBuffer',
];

/**
 * An input of `kind` (one of {@link INPUT_KINDS}) whose bytes are exactly `bytes`; `next` is the
 * campaign's random source, so the junk and offsets replay from its seed.
 */
export function makeInput(bytes, kind, next) {
  const length = bytes.byteLength;
  // `bytes` inside a larger buffer of junk, at an offset that is a multiple of `alignment`.
  const framed = (alignment) => {
    const before = Math.floor(next() * 24 / alignment) * alignment;
    const whole = new Uint8Array(before + length + Math.floor(next() * 24) + alignment);
    for (let i = 0; i < whole.length; i++) whole[i] = JUNK[Math.floor(next() * JUNK.length)];
    whole.set(bytes, before);
    return { buffer: whole.buffer, before, whole };
  };
  switch (kind) {
    case 'Uint8Array': return new Uint8Array(bytes);
    case 'subarray': {
      const { before, whole } = framed(1);
      return whole.subarray(before, before + length);
    }
    case 'view with offset': {
      const { buffer, before } = framed(1);
      return new Uint8Array(buffer, before, length);
    }
    case 'ArrayBuffer': return new Uint8Array(bytes).buffer;
    case 'Buffer': return NodeBuffer ? NodeBuffer.from(bytes) : makeInput(bytes, 'subarray', next);
    case 'pooled Buffer': {
      if (!NodeBuffer) return makeInput(bytes, 'subarray', next);
      const pooled = NodeBuffer.allocUnsafe(length);
      pooled.set(bytes);
      return pooled;
    }
    case 'DataView': {
      const { buffer, before } = framed(1);
      return new DataView(buffer, before, length);
    }
    case 'Int8Array': {
      const { buffer, before } = framed(1);
      return new Int8Array(buffer, before, length);
    }
    case 'Uint8ClampedArray': {
      const { buffer, before } = framed(1);
      return new Uint8ClampedArray(buffer, before, length);
    }
    case 'Uint16Array': {
      if (length % 2 !== 0) return makeInput(bytes, 'subarray', next);
      const { buffer, before } = framed(2);
      return new Uint16Array(buffer, before, length / 2);
    }
    case 'Uint32Array': {
      if (length % 4 !== 0) return makeInput(bytes, 'DataView', next);
      const { buffer, before } = framed(4);
      return new Uint32Array(buffer, before, length / 4);
    }
    case 'SharedArrayBuffer': {
      if (!hasSharedMemory) return makeInput(bytes, 'subarray', next);
      if (next() < 0.5) {
        const shared = new SharedArrayBuffer(length);
        new Uint8Array(shared).set(bytes);
        return shared;
      }
      const { whole } = framed(1);
      const shared = new SharedArrayBuffer(whole.length + 3);
      const view = new Uint8Array(shared, 3, length);
      new Uint8Array(shared).set(whole);
      view.set(bytes);
      return view;
    }
    case 'resizable ArrayBuffer': {
      if (!hasResizableBuffers) return makeInput(bytes, 'ArrayBuffer', next);
      const resizable = new ArrayBuffer(length, { maxByteLength: length * 2 + 16 });
      new Uint8Array(resizable).set(bytes);
      // A view without a length tracks the buffer's length.
      return next() < 0.5 ? resizable : new Uint8Array(resizable);
    }
    default: throw new TypeError(`unknown input kind ${kind}`);
  }
}
