// The ways a runtime can be made to detach an ArrayBuffer, and the one-time detection of which of
// them work here. Internal: tests import this file to force each strategy; the public module only
// exposes the name of the chosen one.
import { isDetached, structuredCloneFunction, transferToFixedLength } from '../buffers/intrinsics.js';
import { BROWSER_BUILD } from '../platform/browser-build.js';
import { compileNatives, nativesAllowed, nativesExpected } from '../platform/v8-natives.js';

/**
 * How {@link detach} releases a buffer on this runtime, best first:
 *
 * - `'natives'`: V8's own `%ArrayBufferDetach` (every Node the package supports: 20.16+, 22.3+).
 *   The backing store is freed at once, nothing is allocated. Its function is compiled at the first
 *   detach, with `--allow-natives-syntax` switched on for that compilation only;
 *   `configureDetach({ natives: false })` forbids it.
 * - `'transfer'`: `ArrayBuffer.prototype.transferToFixedLength(0)` (ES2024: Node 22+, Bun, Deno,
 *   browsers). The backing store is freed at once; an empty ArrayBuffer is allocated and dropped.
 * - `'structured-clone'`: `structuredClone(buffer, { transfer: [buffer] })`. The buffer becomes
 *   unusable at once, but its memory moves into a clone that is garbage and is only freed by the next
 *   garbage collection.
 * - `'none'`: the runtime offers no way; {@link detach} throws a TypeError for any buffer that is not
 *   already detached.
 */
export type DetachStrategy = 'natives' | 'transfer' | 'structured-clone' | 'none';

/** Attempts to detach a plain, non-shared ArrayBuffer. May throw, and may silently do nothing. */
export type DetachFunction = (buffer: ArrayBuffer) => void;

const nativesSource = '%ArrayBufferDetach(buffer)';

/**
 * A function calling V8's `%ArrayBufferDetach`, compiled with natives syntax on for that moment
 * only (platform/v8-natives.ts); undefined where it cannot be: Bun accepts the flag but ignores it,
 * Deno refuses it, browsers have no `process`. Its probe is a fresh 8-byte buffer.
 */
function createNativesDetach(): DetachFunction | undefined {
  return BROWSER_BUILD ? undefined : compileNatives<ArrayBuffer, void>('buffer', nativesSource, new ArrayBuffer(8));
}

function createTransferDetach(): DetachFunction | undefined {
  const transfer = transferToFixedLength;
  if (transfer === undefined) return undefined;
  // Fixed length rather than `transfer(0)`: a resizable buffer's `transfer(0)` would allocate a new
  // resizable buffer with the same maximum length, for which V8 reserves address space again.
  return (buffer) => {
    transfer(buffer, 0);
  };
}

function createStructuredCloneDetach(): DetachFunction | undefined {
  const clone = structuredCloneFunction;
  if (clone === undefined) return undefined;
  return (buffer) => {
    clone(buffer, { transfer: [buffer] });
  };
}

/** A strategy counts only if it really detaches a fresh buffer here; some report success and copy. */
function provenToDetach(detachFunction: DetachFunction | undefined): DetachFunction | undefined {
  if (detachFunction === undefined) return undefined;
  try {
    const probe = new ArrayBuffer(8);
    detachFunction(probe);
    return isDetached(probe) ? detachFunction : undefined;
  } catch {
    return undefined;
  }
}

// Compiled on first use, never at load: compiling may switch a process-wide V8 flag for a moment.
let nativesCompiled: DetachFunction | undefined;
let nativesTried = false;

/** The natives function, compiled the first time it is asked for; undefined where it cannot be. */
function nativesDetach(): DetachFunction | undefined {
  if (BROWSER_BUILD || !nativesAllowed()) return undefined;
  if (!nativesTried) {
    nativesTried = true;
    nativesCompiled = nativesExpected() ? provenToDetach(createNativesDetach()) : undefined;
  }
  return nativesCompiled;
}

const transferDetach = provenToDetach(createTransferDetach());
const structuredCloneDetach = provenToDetach(createStructuredCloneDetach());

/**
 * Every strategy that works on this runtime, keyed by name; the missing ones are `undefined`.
 * Reading `natives` compiles its function (the first time only).
 */
export const detachFunctions: Readonly<Record<Exclude<DetachStrategy, 'none'>, DetachFunction | undefined>> =
  Object.freeze({
    get natives() {
      return nativesDetach();
    },
    transfer: transferDetach,
    'structured-clone': structuredCloneDetach,
  });

/** The best strategy that does not need natives: transfer, structured-clone, none. */
function fallbackStrategy(): DetachStrategy {
  if (transferDetach !== undefined) return 'transfer';
  if (structuredCloneDetach !== undefined) return 'structured-clone';
  return 'none';
}

/**
 * The strategy this runtime will use, without compiling anything: `'natives'` where it is allowed
 * and expected to compile, else the best of the others. Cheap enough to call at load.
 */
export function predictStrategy(): DetachStrategy {
  return !BROWSER_BUILD && nativesAllowed() && (nativesTried ? nativesCompiled !== undefined : nativesExpected()) ? 'natives' : fallbackStrategy();
}

/** The best strategy available, in the order natives, transfer, structured-clone, none (compiles natives). */
export function detectStrategy(): DetachStrategy {
  return nativesDetach() !== undefined ? 'natives' : fallbackStrategy();
}
