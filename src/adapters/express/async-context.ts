import { loadNodeBuiltin } from '../../platform/node-builtin.js';

interface AsyncHooks {
  AsyncResource: { bind<F extends (...args: any[]) => unknown>(fn: F): F };
}

/**
 * `fn`, bound to the async context it is created in (as on-finished does for body-parser), so that
 * AsyncLocalStorage stores still hold in `next(err)` called from a request's 'end' event. Found at
 * run time: loading this module needs no `node:` import. Unbound where there is no async_hooks.
 */
export function bindToCurrentContext<F extends (...args: any[]) => unknown>(fn: F): F {
  return loadNodeBuiltin<AsyncHooks>('node:async_hooks')?.AsyncResource?.bind(fn) ?? fn;
}
