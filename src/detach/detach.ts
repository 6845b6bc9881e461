// The detach operation: validate, skip what is already detached, release with the chosen strategy,
// then verify, because several runtimes "succeed" without detaching anything.
import { arrayBufferByteLength, isDetached, isDetachedNow } from '../buffers/intrinsics.js';
import { isNodeUntransferable } from './node-untransferable.js';
import { rejectUnknownOptions } from '../options/known-names.js';
import { allowNatives, settingsGeneration } from '../platform/v8-natives.js';
import { detachFunctions, detectStrategy, predictStrategy, type DetachFunction, type DetachStrategy } from './strategies.js';
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
      `detach: this runtime cannot detach an ArrayBuffer (strategy '${strategy}': it has no V8 natives, ` +
        `ArrayBuffer.prototype.transferToFixedLength or structuredClone)`,
    );
  }
  try {
    detachFunction(buffer);
  } catch (error) {
    throw new TypeError(
      `detach: the runtime refused to detach an ArrayBuffer of ${byteLength} bytes, left untouched ` +
        `(something else owns it, such as WebAssembly): ${errorMessage(error)}`,
      { cause: error },
    );
  }
  if (!isDetachedNow(buffer, byteLength)) {
    throw new TypeError(
      `detach: an ArrayBuffer of ${byteLength} bytes could not be detached, left untouched ` +
        `(something else owns it, such as WebAssembly; strategy '${strategy}')`,
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
 * How this runtime detaches buffers:
 * `'natives'` (Node: V8's `%ArrayBufferDetach`, memory freed at once),
 * `'transfer'` (`transferToFixedLength(0)`, memory freed at once),
 * `'structured-clone'` (buffer unusable at once, memory freed by the next garbage collection) or
 * `'none'` ({@link detach} throws a TypeError). See {@link DetachStrategy}.
 *
 * Known as soon as the module loads, without compiling anything or touching a V8 flag: `'natives'`
 * is announced on Node unless {@link configureDetach} forbade it, and its function is compiled on
 * the first detach. Should that compilation fail (for example under
 * `--disallow-code-generation-from-strings`), this binding changes to the next strategy then.
 */
export let detachStrategy: DetachStrategy = predictStrategy();

interface Selection {
  strategy: DetachStrategy;
  detachFunction: DetachFunction | undefined;
  generation: number;
}

// Undefined until the first detach, which settles the strategy until configureDetach changes the
// settings (in this copy of the module or another).
let selected: Selection | undefined;

function selectedStrategy(): Selection {
  const generation = settingsGeneration();
  if (selected === undefined || selected.generation !== generation) {
    const strategy = detectStrategy();
    detachStrategy = strategy;
    selected = { strategy, detachFunction: strategy === 'none' ? undefined : detachFunctions[strategy], generation };
  }
  return selected;
}

/** Options for {@link configureDetach}. */
export interface DetachConfiguration {
  /**
   * `false` forbids V8 natives: the `--allow-natives-syntax` flag is then never switched, not even
   * for a moment; detaching uses `'transfer'` (Node 22+) or `'structured-clone'` (Node 20, memory
   * freed at the next garbage collection), and parseBinary grows the dictionaries of map-like
   * objects key by key instead of sizing them with `%OptimizeObjectForAddingMultipleProperties`.
   * `true` allows them again. Default: allowed.
   */
  natives?: boolean;
}

/**
 * Changes how {@link detach} works, for programs whose policy bans part of it. Call it before the
 * first detach and the first parse (the body readers detach too): V8 flags are only ever touched
 * when a natives function is compiled (the first detach, the first large map-like object, and again
 * if V8 has dropped the function's bytecode), so forbidding natives before them guarantees they
 * never are. {@link detachStrategy} follows at once.
 * The setting holds for every copy of this package in the process (the ESM and CommonJS builds,
 * `json-parse-binary/body`): it is kept on `globalThis` under `Symbol.for('json-parse-binary.detach')`.
 *
 * @throws TypeError for an options object with an unknown name or a value of the wrong type.
 * @example
 * ```ts
 * import { configureDetach } from 'json-parse-binary';
 * configureDetach({ natives: false }); // this service may not change V8 flags
 * ```
 */
export function configureDetach(configuration: DetachConfiguration): void {
  if (configuration === null || typeof configuration !== 'object') {
    throw new TypeError('configureDetach: the configuration must be an object');
  }
  rejectUnknownOptions(configuration, ['natives'], 'configureDetach');
  const { natives } = configuration;
  if (natives === undefined) return;
  if (typeof natives !== 'boolean') throw new TypeError('configureDetach: natives must be a boolean');
  allowNatives(natives);
  detachStrategy = predictStrategy();
}

/**
 * Detaches `buffer` only with a strategy that frees its memory at once ('natives', 'transfer');
 * otherwise leaves it alone. A structured-clone "detach" merely moves the bytes into garbage, which
 * costs more than leaving them to the garbage collector. Throws as {@link detach} does.
 */
export function detachIfFreesMemory(buffer: ArrayBuffer | ArrayBufferView): void {
  const { strategy, detachFunction } = selectedStrategy();
  if (strategy === 'natives' || strategy === 'transfer') detachWith(strategy, detachFunction, buffer);
}

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
  const { strategy, detachFunction } = selectedStrategy();
  detachWith(strategy, detachFunction, buffer);
}
