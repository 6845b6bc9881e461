// The ways a runtime can be made to detach an ArrayBuffer, and the one-time detection of which of
// them work here. Internal: tests import this file to force each strategy; the public module only
// exposes the name of the chosen one.
import { isDetached, structuredCloneFunction, transferToFixedLength } from '../buffers/intrinsics.js';
import { BROWSER_BUILD } from '../platform/browser-build.js';
import { loadNodeBuiltin } from './node-builtin.js';

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

/**
 * Whether this runtime is expected to compile the natives function: Node itself (Bun accepts the
 * flag but ignores it, Deno refuses it) with `v8.setFlagsFromString`. Decided without compiling
 * anything or touching a flag, so that it can be known when the module loads.
 */
function nativesExpected(): boolean {
  if (BROWSER_BUILD) return false;
  const processObject = (globalThis as { process?: { versions?: Record<string, unknown> } }).process;
  const versions = processObject?.versions;
  if (typeof versions?.node !== 'string' || versions.bun !== undefined || versions.deno !== undefined) return false;
  return typeof loadNodeBuiltin<NodeV8Module>('node:v8')?.setFlagsFromString === 'function';
}

// The setting lives on globalThis, under a registry symbol, because one process may hold several
// copies of this module (the CommonJS entry points are bundled separately, ESM and CJS may both be
// loaded): a program that forbids natives means every copy. Only configureDetach writes it.
const SETTINGS_KEY = Symbol.for('json-parse-binary.detach');

interface SharedSettings {
  readonly natives: boolean;
  /** Counts the changes, so that each copy knows when to choose its strategy again. */
  readonly generation: number;
}

function sharedSettings(): SharedSettings | undefined {
  return (globalThis as { [SETTINGS_KEY]?: SharedSettings })[SETTINGS_KEY];
}

function nativesAllowed(): boolean {
  return sharedSettings()?.natives !== false;
}

/** Changes each time the settings change, in any copy of this module. */
export function settingsGeneration(): number {
  return sharedSettings()?.generation ?? 0;
}

// Compiled on first use, never at load: compiling may switch a process-wide V8 flag for a moment.
let nativesCompiled: DetachFunction | undefined;
let nativesTried = false;

/**
 * Allows or forbids the natives strategy from now on. Forbidden, the natives function is neither
 * compiled nor used, so V8's flags are never touched (if it was compiled already, it stays unused).
 */
export function allowNatives(allowed: boolean): void {
  const settings: SharedSettings = Object.freeze({ natives: allowed, generation: settingsGeneration() + 1 });
  Object.defineProperty(globalThis, SETTINGS_KEY, { value: settings, configurable: true, enumerable: false, writable: false });
}

/** The natives function, compiled the first time it is asked for; undefined where it cannot be. */
function nativesDetach(): DetachFunction | undefined {
  if (!nativesAllowed()) return undefined;
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
  return nativesAllowed() && (nativesTried ? nativesCompiled !== undefined : nativesExpected()) ? 'natives' : fallbackStrategy();
}

/** The best strategy available, in the order natives, transfer, structured-clone, none (compiles natives). */
export function detectStrategy(): DetachStrategy {
  return nativesDetach() !== undefined ? 'natives' : fallbackStrategy();
}
