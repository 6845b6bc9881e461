/**
 * The engine's own JSON.parse, captured at load. Never a program's replacement, which may do
 * anything. The browser build hands it whole documents only (whole-documents.ts), never subtrees
 * (its size cap).
 */

import { BROWSER_BUILD } from '../platform/browser-build.js';
import { ON_BUN } from '../platform/on-bun.js';
import { isNativeFunction } from '../platform/native-function.js';

export type JsonParse = (text: string) => unknown;

/** JSON.parse as it was at load, where it is the built-in; else undefined. For whole documents (whole-documents.ts). */
export const builtinJsonParse: JsonParse | undefined = !isNativeFunction(JSON.parse) ? undefined : JSON.parse;

/**
 * {@link builtinJsonParse} where the engine is V8, for the shapes V8 builds better than JavaScript
 * can (index-objects.ts, large-subtrees.ts). JavaScriptCore's JSON.parse builds objects of index keys
 * slower than the parser does (Bun: about 80 against 14 ns a member, bench/NOTES.md, round 28).
 */
export const engineJsonParse: JsonParse | undefined = ON_BUN || BROWSER_BUILD ? undefined : builtinJsonParse;
