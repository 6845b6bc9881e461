// `WeakRef` and its `deref`, captured once when this module loads, for the parser's weakly held
// scratch (parse/array-scratch.ts): a program that later replaces `globalThis.WeakRef` or patches
// `WeakRef.prototype.deref` changes nothing. None in the browser build, which holds nothing weakly.
import { BROWSER_BUILD } from './browser-build.js';

/** The global `WeakRef` (ES2021), or undefined where there is none. */
export const weakRefClass: WeakRefConstructor | undefined = !BROWSER_BUILD && typeof WeakRef === 'function' ? WeakRef : undefined;

/**
 * `WeakRef.prototype.deref` as `(ref)`: `call` bound to it, so that a later patch of
 * `Function.prototype.call` changes nothing either.
 */
export const derefWeak =
  weakRefClass === undefined
    ? undefined
    : (Function.prototype.call.bind(weakRefClass.prototype.deref) as <T extends object>(ref: WeakRef<T>) => T | undefined);
