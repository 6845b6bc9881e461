/**
 * Whether `method` is the engine's own function, written in native code, and not JavaScript: a
 * program's replacement, or a runtime's own JavaScript implementation (core-js's test).
 */
export function isNativeFunction(method: unknown): boolean {
  return typeof method === 'function' && /\{\s*\[native code\]\s*\}\s*$/.test(Function.prototype.toString.call(method));
}
