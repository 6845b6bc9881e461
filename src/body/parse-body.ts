import { parseBinary } from '../parse/parse-binary.js';
import type { ParseBinaryOptions } from '../parse/types.js';
import { collectBody, type CollectedBody } from './collect-body.js';
import { emptyBody } from './failures.js';
import { bodyParseOptions, PARSE_BODY_OPTION_NAMES, resolveReadOptions } from './options.js';
import { releaseIfSafe } from './release.js';
import type { BodyFailure, BodySource, ParseBodyOptions, ParseBodyResult } from './types.js';

/**
 * Reads a JSON body (as {@link readBody} does, within `limit`) and parses its bytes with
 * `parseBinary`, without ever building the body as a string. With `detach` (the default) the
 * body buffer is detached right after parsing: its memory goes back at once, not at some later
 * garbage collection. The parsed value holds no reference to it.
 *
 * Bad input never throws: invalid JSON, an empty body, a body shorter or longer than declared or a
 * client hanging up give `{ ok: false, status: 400, message }` (`position` is the byte offset of
 * invalid JSON); too large gives 413; a `Content-Encoding` other than identity gives 415.
 * On `node:http`, answer every failure with `Connection: close`.
 *
 * @param source - A `node:http` request or any Node Readable, a WHATWG `Request` or `Response`,
 *   a `ReadableStream<Uint8Array>`, or an `AsyncIterable<Uint8Array>`.
 * A body comes from a stranger, so the parsing defaults differ from `parseBinary`'s (see
 * {@link BODY_PARSE_DEFAULTS}): a `"__proto__"` key or a `"constructor": {"prototype": ...}` fails
 * with 400, and so does nesting deeper than 1000. Pass `protoAction: 'ignore'`,
 * `constructorAction: 'ignore'` or another `maxDepth` to change that.
 *
 * @param options - `limit` (default 1 MiB), `detach` (default true; see
 *   {@link ReadBodyOptions.detach}), `signal`, and the `parseBinary` options `fatal` (default false),
 *   `maxDepth` (default 1000), `protoAction` and `constructorAction` (default `'error'`).
 *   An unknown option name is a TypeError.
 * @throws TypeError (as a rejected promise) for an unsupported source, a body already read,
 *   a non-binary chunk or invalid options; rejects with `signal.reason` when the signal aborts.
 * @example
 * ```ts
 * const body = await parseBody(req, { limit: 100_000, protoAction: 'remove' });
 * if (!body.ok) {
 *   res.writeHead(body.status, { connection: 'close' }).end(body.message);
 *   return;
 * }
 * handle(body.value);
 * ```
 */
export function parseBody<T = unknown>(
  source: BodySource,
  options?: ParseBodyOptions,
): Promise<ParseBodyResult<T>> {
  // Not async: on a small body every promise layer is measurable CPU, so the one from reading is
  // chained instead, and what the synchronous checks throw becomes the rejection by hand.
  try {
    const readOptions = resolveReadOptions(options, 'parseBody', PARSE_BODY_OPTION_NAMES);
    const parseOptions = bodyParseOptions(options);
    const collecting = collectBody(source, readOptions);
    if (!(collecting instanceof Promise)) return Promise.resolve(collecting);
    return collecting.then((collected) => parseCollected<T>(collected, parseOptions, readOptions.detach));
  } catch (error) {
    return Promise.reject(error);
  }
}

function parseCollected<T>(
  collected: CollectedBody | BodyFailure,
  parseOptions: ParseBinaryOptions,
  detach: boolean,
): ParseBodyResult<T> {
  if (!collected.ok) return collected;
  if (collected.bytes.byteLength === 0) return emptyBody();
  let result;
  try {
    result = parseBinary(collected.bytes, parseOptions);
  } finally {
    if (detach) releaseIfSafe(collected.collector.backingBuffer);
  }
  if (result.ok) return { ok: true, value: result.value as T };
  return { ok: false, status: 400, message: result.message, position: result.position, code: result.code };
}
