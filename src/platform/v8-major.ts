// The major version of the V8 this code runs on, from `process.versions.v8` (Node, and Deno's
// node globals); 0 where there is none to read (Bun reports Node's, but is not V8: see ON_BUN).
// Decided once, when the module loads. Always 0 in the browser build.
import { BROWSER_BUILD } from './browser-build.js';
import { ON_BUN } from './on-bun.js';

function readV8Major(): number {
  if (BROWSER_BUILD || ON_BUN || typeof process !== 'object' || process === null) return 0;
  const version = process.versions?.v8;
  return typeof version === 'string' ? Number.parseInt(version, 10) || 0 : 0;
}

/** V8's major version (13 on Node 24, 14 on Node 26, 15 on Deno 2.9), or 0 if unknown. */
export const V8_MAJOR: number = readV8Major();

/**
 * Node on V8 14 or later (Node 26), not Deno (whose V8 is 15): where long texts are escaped or
 * decoded in pieces for JSON.parse (escaped-text.ts, utf8.ts), which Deno was not measured to need.
 */
export const NODE_ON_V8_14: boolean = V8_MAJOR >= 14 && !('Deno' in globalThis);
