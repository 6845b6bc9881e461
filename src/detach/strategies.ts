// The ways a runtime can be made to detach an ArrayBuffer, and the one-time detection of which of
// them work here. Internal: tests import this file to force each strategy; the public module only
// exposes the name of the chosen one.
import { isDetached, structuredCloneFunction, transferToFixedLength } from '../buffers/intrinsics.js';
import { BROWSER_BUILD } from '../platform/browser-build.js';
import { loadNodeBuiltin } from './node-builtin.js';

/**
 * How {@link detach} releases a buffer on this runtime, best first:
 *
 * - `'natives'`: V8's own `%ArrayBufferDetach` (Node 20+). The backing store is freed at once,
 *   nothing is allocated.
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

interface NodeV8Module {
  setFlagsFromString(flags: string): void;
}

const nativesSource = '%ArrayBufferDetach(buffer)';

function compileNativesDetach(): DetachFunction {
  return new Function('buffer', nativesSource) as DetachFunction;
}

/**
 * Compiles a function calling V8's `%ArrayBufferDetach`. The `--allow-natives-syntax` flag is
 * process-wide: while it is on, any `eval` or `new Function` could reach every V8 runtime function.
 * So it is switched on for this one compilation and off again at once; the compiled function keeps
 * working. If the program already runs with the flag, it is left as it was.
 * Bun accepts the flag but ignores it, Deno refuses it, browsers have no `process`: all of these
 * end in `undefined`.
 */
function createNativesDetach(): DetachFunction | undefined {
  return BROWSER_BUILD ? undefined : compileWithNativesSyntax();
}

function compileWithNativesSyntax(): DetachFunction | undefined {
  // Checked first so that browsers never evaluate code from a string (a CSP would report it).
  const setFlagsFromString = loadNodeBuiltin<NodeV8Module>('node:v8')?.setFlagsFromString;
  if (typeof setFlagsFromString !== 'function') return undefined;
  try {
    return compileNativesDetach();
  } catch {
    // The usual case: natives syntax is off. Switch it on just for the compilation below.
  }
  try {
    setFlagsFromString('--allow-natives-syntax');
    return compileNativesDetach();
  } catch {
    return undefined;
  } finally {
    try {
      setFlagsFromString('--no-allow-natives-syntax');
    } catch {
      // If the flag cannot be set, it was never switched on.
    }
  }
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

/** Every strategy that works on this runtime, keyed by name; the missing ones are `undefined`. */
export const detachFunctions: Readonly<Record<Exclude<DetachStrategy, 'none'>, DetachFunction | undefined>> =
  Object.freeze({
    natives: provenToDetach(createNativesDetach()),
    transfer: provenToDetach(createTransferDetach()),
    'structured-clone': provenToDetach(createStructuredCloneDetach()),
  });

/** The best strategy available, in the order natives, transfer, structured-clone, none. */
export function detectStrategy(): DetachStrategy {
  if (detachFunctions.natives !== undefined) return 'natives';
  if (detachFunctions.transfer !== undefined) return 'transfer';
  if (detachFunctions['structured-clone'] !== undefined) return 'structured-clone';
  return 'none';
}
