import { BROWSER_BUILD } from '../platform/browser-build.js';

// Reaches a Node built-in module (also served by Bun and Deno) without a static `node:` import, so
// the same file loads unchanged in browsers, where `process` may not exist at all.

/** The module, or undefined where there is no `process.getBuiltinModule` or it fails. */
export function loadNodeBuiltin<Module>(id: string): Partial<Module> | undefined {
  // A ternary, not an early return: the minifier drops a constant branch, not code after a return.
  return BROWSER_BUILD ? undefined : loadThroughProcess<Module>(id);
}

function loadThroughProcess<Module>(id: string): Partial<Module> | undefined {
  try {
    const processObject: unknown = typeof process === 'object' ? process : undefined;
    const getBuiltinModule = (processObject as { getBuiltinModule?: unknown } | undefined)?.getBuiltinModule;
    if (typeof getBuiltinModule !== 'function') return undefined;
    return (getBuiltinModule.call(processObject, id) as Partial<Module> | null) ?? undefined;
  } catch {
    return undefined;
  }
}
