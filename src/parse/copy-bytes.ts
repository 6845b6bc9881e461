import { BROWSER_BUILD } from '../platform/browser-build.js';
import { typedArraySet } from '../buffers/intrinsics.js';
import { byteRange } from './byte-views.js';
import { isNativeFunction } from '../platform/native-function.js';

type BufferCopy = (this: Uint8Array, target: Uint8Array, targetStart: number, sourceStart: number, sourceEnd: number) => number;

/**
 * `Buffer#copy` of Bun and Node, called on the input itself: `set` needs a view of the run, an
 * object per copied run. On Bun making it was a fifth of a document of prose with escapes
 * (bench/NOTES.md, round 5); on Node it is young garbage, 14 % of what a parse of mixed bodies
 * allocates, which a capped server's small young generation pays for (round 8, servers' GC), and
 * markdown-docs and messages-ru parse 8 to 16 % slower with views on Node 26 (round 13). Not on
 * Deno, whose Buffer is a polyfill. Used where it copies a probe correctly.
 */
const bufferCopy: BufferCopy | undefined = BROWSER_BUILD ? undefined : (() => {
  const versions: Record<string, string | undefined> | undefined = typeof process === 'object' ? process.versions : undefined;
  if (versions?.bun === undefined && (versions?.node === undefined || 'Deno' in globalThis)) return undefined;
  const candidate = (globalThis as { Buffer?: { prototype?: { copy?: unknown } } }).Buffer?.prototype?.copy;
  if (typeof candidate !== 'function') return undefined;
  try {
    const copy = candidate as BufferCopy;
    const source = new Uint8Array([9, 1, 2, 3, 4, 5]).subarray(1);
    const target = new Uint8Array([7, 7, 7, 7, 7, 7]).subarray(1);
    const copied = copy.call(source, target, 1, 1, 4);
    return copied === 3 && target.join() === '7,2,3,4,7' ? copy : undefined;
  } catch {
    return undefined;
  }
})();

/**
 * Whether Buffer#copy is a cheap call here: native on Bun, and a V8 fast API call on Node before
 * V8 13, which dropped typed arrays from fast API calls: one call costs 10 to 12 ns on Node 22,
 * 25 to 35 ns on Node 24 and 26, at any length up to 200 bytes (bench/NOTES.md, round 27).
 */
export const CHEAP_BUFFER_COPY: boolean = bufferCopy !== undefined && (() => {
  const versions: Record<string, string | undefined> | undefined = typeof process === 'object' ? process.versions : undefined;
  return versions?.bun !== undefined || Number.parseInt(versions?.v8 ?? '0', 10) < 13;
})();

/**
 * Node's Buffer#copy is JavaScript: it reads `byteLength` of both arrays (Node 22 to 26; `length`,
 * `byteOffset` and `buffer` too on Node 20) through their prototype chain, where a program may have
 * patched the getters since load. Bun's is native and reads only the arrays' internal slots.
 */
const COPY_READS_GETTERS = bufferCopy !== undefined && !isNativeFunction(bufferCopy);

const typedArrayPrototype = Object.getPrototypeOf(Uint8Array.prototype) as object;

/**
 * Uint8Arrays whose own prototype answers `length`, `byteLength`, `byteOffset` and `buffer` with
 * the built-in getters, captured now: what Node's Buffer#copy reads of them is true whatever a
 * program patched later. An explicit constructor: a default one passes its arguments on by
 * spreading them, which older engines do through the patchable array iterator.
 */
class OwnGetterBytes extends Uint8Array {
  constructor(lengthOrBuffer: number | ArrayBufferLike, byteOffset?: number, length?: number) {
    super(lengthOrBuffer as ArrayBuffer, byteOffset, length);
  }
}
if (COPY_READS_GETTERS) {
  for (const key of ['length', 'byteLength', 'byteOffset', 'buffer']) {
    Object.defineProperty(OwnGetterBytes.prototype, key, { get: Object.getOwnPropertyDescriptor(typedArrayPrototype, key)!.get });
  }
  Object.freeze(OwnGetterBytes.prototype);
}

/**
 * The class of the parser's own byte arrays that copyBytes may be given (the input's view or copy,
 * scratch space): on Node the one above; elsewhere Uint8Array itself. The parser's loops read them
 * all, so they are all of one class: on V8 a second class makes those reads polymorphic.
 */
export const ByteArray: new (lengthOrBuffer: number | ArrayBufferLike, byteOffset?: number, length?: number) => Uint8Array<ArrayBuffer> =
  COPY_READS_GETTERS ? OwnGetterBytes : Uint8Array;

/**
 * Copies `source[from, to)` into `target` at `at`, by the cheapest means the runtime has. Both must
 * be ByteArrays.
 */
export function copyBytes(source: Uint8Array, from: number, to: number, target: Uint8Array, at: number): void {
  if (bufferCopy !== undefined) bufferCopy.call(source, target, at, from, to);
  // Not in the browser build: no gain in Chromium (aws-sam-docs 2.44x native either way), 24 bytes.
  else if (!BROWSER_BUILD && to - from < LOOP_COPY_LIMIT) for (let index = from; index < to; index++) target[at++] = source[index];
  else typedArraySet(target, byteRange(source, from, to), at);
}

/**
 * Without Buffer#copy (Deno), shorter runs are copied by a loop: a subarray and `set` cost 40 to 70
 * ns there at any length, a loop about 1 ns a byte. markdown-docs on Deno: 0.82 to 0.93 of before in
 * three runs of four, 1.07 in one (bench/NOTES.md, round 9, lead). On Node and Bun a loop instead of
 * Buffer#copy for short runs gained nothing over whole documents.
 */
const LOOP_COPY_LIMIT = 40;
