import type { BodyCollector } from './body-collector.js';
import { sourceFailed } from './failures.js';
import { ON_BUN } from '../platform/on-bun.js';
import { MAX_ROUTED_TEXT_BYTES } from '../parse/text-limits.js';
import type { BodyFailure, BodyHolderLike } from './types.js';

type ArrayBufferMethod = (this: unknown) => Promise<ArrayBuffer>;

// Read on Bun and Deno alone: on Node, `Request` is a lazy global whose first read loads all of
// undici, Node's fetch (45 ms and 12 to 14 MB of RSS at import on Node 24 and 26, bench/NOTES.md,
// round 51), which a node:http server never uses.
const RequestClass = ON_BUN || 'Deno' in globalThis ? (globalThis as { Request?: { prototype: { arrayBuffer?: ArrayBufferMethod } } }).Request : undefined;

/**
 * The built-in `Request.prototype.arrayBuffer` on Bun and Deno, captured at load: there the
 * runtime reads a request's body whole in native code, which the usual pipeline
 * (`await req.arrayBuffer()`) does too, where reading its stream from JavaScript cost a fifth of
 * the requests per second on 1 MB bodies (bench/NOTES.md, round 34). Elsewhere undefined.
 */
const builtinArrayBuffer: ArrayBufferMethod | undefined =
  typeof RequestClass?.prototype.arrayBuffer === 'function' ? RequestClass.prototype.arrayBuffer : undefined;

/**
 * Longest declared body read whole on Deno: the longest document parseBinary hands whole to
 * JSON.parse. Past it the parser reads the bytes to keep memory down, and the stream's bounded reads
 * do too (one read into all of a 10 MB body raised Deno's peak RSS from 114 to 182 MB,
 * bench/NOTES.md, "Round 11: Deno memory"). Bun reads every declared body whole: there the stream's
 * reads raised the peak instead (10 MB bodies under a 300 MB cap: 190 to 223 MB streamed against 160
 * to 205 read whole, requests a second alike; round 50).
 */
export const WHOLE_REQUEST_MAX_BYTES = ON_BUN ? Infinity : MAX_ROUTED_TEXT_BYTES;

/**
 * Whether `holder` is the runtime's own Request, not a subclass or a look-alike, whose body of
 * `declaredLength` bytes the built-in `arrayBuffer()` may read whole: only a declared length (already
 * within the limit), which the runtime's HTTP parser delivers exactly, up to WHOLE_REQUEST_MAX_BYTES.
 */
export function readsWholeRequest(holder: BodyHolderLike, declaredLength: number): boolean {
  return builtinArrayBuffer !== undefined && declaredLength <= WHOLE_REQUEST_MAX_BYTES && Object.getPrototypeOf(holder) === RequestClass!.prototype;
}

/**
 * Reads the request's body whole into `collector`, which adopts the buffer (no copy) and applies
 * the same length checks as to a streamed body.
 */
export function readWholeRequest(request: BodyHolderLike, collector: BodyCollector): Promise<BodyFailure | undefined> {
  return builtinArrayBuffer!.call(request).then(
    (buffer) => collector.add(new Uint8Array(buffer), true),
    (error: unknown) => sourceFailed(error),
  );
}
