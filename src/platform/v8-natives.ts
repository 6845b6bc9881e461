// V8's runtime functions (`%Name(...)` with --allow-natives-syntax), reached from Node: one place
// that owns the process-wide flag, the program's permission to touch it, and the compiled functions.
// Detach (`%ArrayBufferDetach`) and the parser's map objects
// (`%OptimizeObjectForAddingMultipleProperties`) each compile one function here.
import { BROWSER_BUILD } from './browser-build.js';
import { loadNodeBuiltin } from './node-builtin.js';

interface NodeV8Module {
  setFlagsFromString(flags: string): void;
}

// The permission lives on globalThis, under a registry symbol, because one process may hold several
// copies of this module (the CommonJS entry points are bundled separately, ESM and CJS may both be
// loaded): a program that forbids natives means every copy. Only allowNatives writes it.
const SETTINGS_KEY = Symbol.for('json-parse-binary.detach');

interface SharedSettings {
  readonly natives: boolean;
  /** Counts the changes, so that each copy knows when to choose its strategy again. */
  readonly generation: number;
}

function sharedSettings(): SharedSettings | undefined {
  return (globalThis as { [SETTINGS_KEY]?: SharedSettings })[SETTINGS_KEY];
}

/** Whether the program lets this package compile natives (`configureDetach({ natives })`; allowed by default). */
export function nativesAllowed(): boolean {
  return sharedSettings()?.natives !== false;
}

/** Changes each time the permission changes, in any copy of this module. */
export function settingsGeneration(): number {
  return BROWSER_BUILD ? 0 : (sharedSettings()?.generation ?? 0);
}

/**
 * Allows or forbids natives from now on, for every copy of the package in this process. Forbidden,
 * no natives function is compiled or compiled again, so V8's flags are never touched; functions
 * compiled before stay unused by their callers, which ask {@link nativesAllowed} first.
 */
export function allowNatives(allowed: boolean): void {
  // Browsers have no natives: nothing there reads the permission.
  if (BROWSER_BUILD) return;
  const settings: SharedSettings = Object.freeze({ natives: allowed, generation: settingsGeneration() + 1 });
  Object.defineProperty(globalThis, SETTINGS_KEY, { value: settings, configurable: true, enumerable: false, writable: false });
}

/**
 * Whether natives are expected to compile here: Node itself (Bun accepts the flag but ignores it,
 * Deno refuses it, browsers have no `process`), which reaches `v8.setFlagsFromString` through
 * `process.getBuiltinModule`. Decided without compiling anything or touching a flag, so that it can
 * be known when the module loads, and without loading node:v8, which brings Node's streams and heap
 * utilities with it (2 to 9 ms and 2 to 4 MB at import on Node 26, bench/NOTES.md, round 51): the
 * first compilation loads it, and falls to the next strategy if it has no setFlagsFromString.
 */
export function nativesExpected(): boolean {
  if (BROWSER_BUILD) return false;
  const processObject = (globalThis as { process?: { versions?: Record<string, unknown>; getBuiltinModule?: unknown } }).process;
  const versions = processObject?.versions;
  if (typeof versions?.node !== 'string' || versions.bun !== undefined || versions.deno !== undefined) return false;
  return typeof processObject?.getBuiltinModule === 'function';
}

/**
 * Runs `task` where `%` syntax compiles. The flag is process-wide: while it is on, any `eval` or
 * `new Function` could reach every V8 runtime function, so it is switched on for `task` only and
 * off again at once. If the program already runs with the flag, it is left as it was. Undefined
 * where `%` syntax cannot be had (the task's SyntaxError); any other error of the task is thrown.
 */
function withNativesSyntax<Result>(task: () => Result): Result | undefined {
  // Checked first so that browsers never evaluate code from a string (a CSP would report it).
  const setFlagsFromString = BROWSER_BUILD ? undefined : loadNodeBuiltin<NodeV8Module>('node:v8')?.setFlagsFromString;
  if (typeof setFlagsFromString !== 'function') return undefined;
  try {
    return task();
  } catch (error) {
    // The usual case: natives syntax is off. Switch it on just for the task below.
    if (!(error instanceof SyntaxError)) throw error;
  }
  try {
    setFlagsFromString('--allow-natives-syntax');
  } catch {
    return undefined;
  }
  try {
    return task();
  } catch (error) {
    if (error instanceof SyntaxError) return undefined;
    throw error;
  } finally {
    try {
      setFlagsFromString('--no-allow-natives-syntax');
    } catch {
      // If the flag cannot be set, it was never switched on.
    }
  }
}

/**
 * A function of one argument whose body uses natives syntax, or undefined where natives are
 * forbidden or do not compile. It is compiled now (callers keep the result) and called once with
 * `probeArgument` while the flag is on, so that its body is compiled in full; a probe that throws
 * means no function.
 *
 * V8 drops the bytecode of a function unused for a few garbage collections ("bytecode flushing")
 * and compiles it again from its source at the next call, which fails once the flag is off: a
 * SyntaxError, thrown before the body runs. The returned function then compiles the source again
 * (the flag on for that moment, if natives are still allowed) and makes the call: without that, a
 * server's first detach after a quiet spell threw (bench/NOTES.md, round 25). Errors of the body
 * itself reach the caller.
 */
export function compileNatives<Argument, Result>(parameter: string, body: string, probeArgument: Argument): ((argument: Argument) => Result) | undefined {
  if (!nativesAllowed() || !nativesExpected()) return undefined;
  const compileAndCall = (argument: Argument) => {
    const compiled = new Function(parameter, body) as (argument: Argument) => Result;
    return { compiled, result: compiled(argument) };
  };
  let current: ((argument: Argument) => Result) | undefined;
  try {
    current = withNativesSyntax(() => compileAndCall(probeArgument))?.compiled;
  } catch {
    return undefined;
  }
  if (current === undefined) return undefined;
  return (argument) => {
    try {
      return current!(argument);
    } catch (error) {
      if (!(error instanceof SyntaxError) || !nativesAllowed()) throw error;
      const again = withNativesSyntax(() => compileAndCall(argument));
      if (again === undefined) throw error;
      current = again.compiled;
      return again.result;
    }
  };
}
