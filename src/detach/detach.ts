// The detach operation: validate, skip what is already detached, release with the chosen strategy,
// then verify, because several runtimes "succeed" without detaching anything.
import { arrayBufferByteLength, isDetached, isDetachedNow } from '../buffers/intrinsics.js';
import { isNodeUntransferable } from './node-untransferable.js';
import { detachFunctions, detectStrategy, type DetachFunction, type DetachStrategy } from './strategies.js';
import { targetBuffer } from './target-buffer.js';

function errorMessage(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'an unprintable error';
  }
}

/** Detaches `value` with one strategy's function; exported for tests that need a misbehaving one. */
export function detachWith(strategy: DetachStrategy, detachFunction: DetachFunction | undefined, value: unknown): void {
  const buffer = targetBuffer(value);
  if (isDetached(buffer)) return;
  const byteLength = arrayBufferByteLength(buffer);
  if (isNodeUntransferable(buffer, byteLength)) {
    throw new TypeError(
      `detach: refused an ArrayBuffer of ${byteLength} bytes that Node marks untransferable, such as its ` +
        `shared Buffer pool: detaching it would empty every small Buffer and break Node. Copy bytes that ` +
        `must be released into a buffer of their own (Buffer.allocUnsafeSlow) first.`,
    );
  }
  // On Node 20 the check above may have detached the buffer itself.
  if (isDetachedNow(buffer, byteLength)) return;
  if (detachFunction === undefined) {
    throw new TypeError(
      `detach: this runtime cannot detach an ArrayBuffer (strategy '${strategy}': no V8 natives, ` +
        `no ArrayBuffer.prototype.transferToFixedLength, no structuredClone)`,
    );
  }
  try {
    detachFunction(buffer);
  } catch (error) {
    throw new TypeError(
      `detach: the runtime refused to detach an ArrayBuffer of ${byteLength} bytes, which is left ` +
        `untouched (it belongs to something that must keep it, such as WebAssembly memory or a ` +
        `runtime-internal pool): ${errorMessage(error)}`,
      { cause: error },
    );
  }
  if (!isDetachedNow(buffer, byteLength)) {
    throw new TypeError(
      `detach: an ArrayBuffer of ${byteLength} bytes could not be detached and is left untouched ` +
        `(it is not detachable, such as a WebAssembly.Memory buffer; strategy '${strategy}')`,
    );
  }
}

/**
 * A detach function bound to one strategy, for tests that force each strategy in turn.
 * Throws a TypeError if that strategy does not work on this runtime.
 */
export function createDetach(strategy: DetachStrategy): (buffer: unknown) => void {
  const detachFunction = strategy === 'none' ? undefined : detachFunctions[strategy];
  if (strategy !== 'none' && detachFunction === undefined) {
    throw new TypeError(`detach strategy '${strategy}' is not available on this runtime`);
  }
  return (buffer) => detachWith(strategy, detachFunction, buffer);
}

/**
 * How this runtime detaches buffers, decided once when the module loads:
 * `'natives'` (Node: V8's `%ArrayBufferDetach`, memory freed at once),
 * `'transfer'` (`transferToFixedLength(0)`, memory freed at once),
 * `'structured-clone'` (buffer unusable at once, memory freed by the next garbage collection) or
 * `'none'` ({@link detach} throws a TypeError). See {@link DetachStrategy}.
 */
export const detachStrategy: DetachStrategy = detectStrategy();

const selectedFunction = detachStrategy === 'none' ? undefined : detachFunctions[detachStrategy];

/**
 * Detaches an ArrayBuffer now, as the proposed `ArrayBuffer.prototype.detach()` would: its
 * `byteLength` becomes 0, every view on it becomes empty, and (with the `'natives'` and `'transfer'`
 * strategies) its memory goes back to the system at once instead of at some later garbage collection.
 *
 * Given a typed array, DataView or Node Buffer, detaches the view's buffer, but only if the view
 * covers that whole buffer. Detaching an already detached buffer does nothing.
 *
 * @param buffer - An ArrayBuffer (resizable ones included) or a view covering all of one.
 * @throws TypeError, leaving the buffer untouched, for anything else: a value that is not a real
 *   ArrayBuffer or view (look-alikes and proxies included), a SharedArrayBuffer or a view on one,
 *   a view covering only part of its buffer (such as a small pooled Node Buffer), Node's Buffer pool
 *   itself, a buffer the runtime will not detach (WebAssembly memory, runtime-protected buffers), or
 *   any buffer when {@link detachStrategy} is `'none'`.
 * @example
 * ```ts
 * const result = parseBinary(body);
 * detach(body); // the bytes are no longer needed: free them now
 * ```
 */
export function detach(buffer: ArrayBuffer | ArrayBufferView): void {
  detachWith(detachStrategy, selectedFunction, buffer);
}
