// Whether this code runs on Bun (JavaScriptCore), where some string and view primitives cost
// differently than on V8; decided once, when the module loads. Always false in the browser build.
import { BROWSER_BUILD } from './browser-build.js';

/** True on Bun: paths chosen for JavaScriptCore's costs (see bench/NOTES.md, round 7, Bun). */
export const ON_BUN: boolean = !BROWSER_BUILD && typeof process === 'object' && process.versions?.bun !== undefined;
