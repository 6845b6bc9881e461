import { collectBody } from './collect-body.js';
import { resolveReadOptions } from './options.js';
import type { BodySource, ReadBodyOptions, ReadBodyResult } from './types.js';

/**
 * Reads a whole request or response body into one Uint8Array, with bounded memory: the buffer is
 * allocated once from a declared `Content-Length` (refused with 413 before allocating if it passes
 * `limit`), or grown by doubling up to `limit` for a streamed body. An incoming chunk that nobody
 * else reads is detached once copied (see {@link ReadBodyOptions.detach}).
 *
 * Bad input never throws: the result is `{ ok: false, status, message }` with the HTTP status to
 * answer (400, 413 or 415; see {@link BodyFailure}). An empty body is a success with no bytes.
 * On `node:http`, answer every failure with `Connection: close`: the rest of the body is left
 * unread, so the connection cannot be reused.
 *
 * @param source - A `node:http` request or any Node Readable, a WHATWG `Request` or `Response`,
 *   a `ReadableStream<Uint8Array>`, or an `AsyncIterable<Uint8Array>`.
 * @returns `{ ok: true, bytes }`, where `bytes` covers its whole ArrayBuffer (it can be detached).
 * @throws TypeError (as a rejected promise) for an unsupported source, a body already read,
 *   a non-binary chunk or invalid options; rejects with `signal.reason` when the signal aborts.
 * @example
 * ```ts
 * const body = await readBody(request, { limit: 64 * 1024 });
 * if (!body.ok) return new Response(body.message, { status: body.status });
 * ```
 */
export async function readBody(source: BodySource, options?: ReadBodyOptions): Promise<ReadBodyResult> {
  const collected = await collectBody(source, resolveReadOptions(options, 'readBody'));
  if (!collected.ok) return collected;
  return { ok: true, bytes: collected.collector.exactBytes() };
}
