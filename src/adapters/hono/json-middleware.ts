import type { Context, MiddlewareHandler } from 'hono';
import { bodyParseOptions, DEFAULT_BODY_LIMIT, PARSE_BODY_OPTION_NAMES, resolveReadOptions } from '../../body/options.js';
import { parseBody } from '../../body/parse-body.js';
import type { ParseBodyFailure } from '../../body/types.js';
import { rejectUnknownOptions } from '../../options/known-names.js';
import { resolveOptions } from '../../parse/options.js';
import type { KeyAction } from '../../parse/types.js';
import { resolveLimit } from '../limit-parser.js';

/** Options of {@link jsonBody}. */
export interface HonoJsonOptions {
  /** The largest body accepted, after inflating: bytes, or a size such as `'100kb'` (base 1024). Default 1 MiB. */
  limit?: number | string;
  /** Inflate gzip, deflate, br (and zstd where the runtime has it) bodies (default `true`); `false` refuses them with 415. */
  inflate?: boolean;
  /** Detach the body buffer once parsed, giving its memory back at once (default `true`). */
  detach?: boolean;
  /** Refuse invalid UTF-8 (default `false`: replaced by U+FFFD). */
  fatal?: boolean;
  /** The deepest nesting accepted (default 1000). */
  maxDepth?: number;
  /** What a `"__proto__"` key does (default `'error'`: 400). */
  protoAction?: KeyAction;
  /** What a `"constructor"` key holding `"prototype"` does (default `'error'`: 400). */
  constructorAction?: KeyAction;
  /**
   * Answers a refused body. By default: 413 `Payload Too Large` (the body of Hono's bodyLimit
   * answer), or the status and message of the refusal (400 with line and column for invalid JSON,
   * 415 for an unsupported encoding).
   */
  onError?: (c: Context, failure: ParseBodyFailure) => Response | Promise<Response>;
}

const KNOWN_OPTIONS: readonly string[] = Object.freeze([
  'limit', 'inflate', 'detach', 'fatal', 'maxDepth', 'protoAction', 'constructorAction', 'onError',
]);

// The media types Hono's validator('json') reads: application/json and application/*+json.
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

function defaultAnswer(_c: Context, failure: ParseBodyFailure): Response {
  const message = failure.status === 413 ? 'Payload Too Large' : failure.message;
  return new Response(message, { status: failure.status, headers: { 'content-type': 'text/plain; charset=UTF-8' } });
}

/**
 * Hono middleware that reads and parses JSON request bodies with bounded memory (Node, Bun, Deno,
 * Workers). Handlers then get the parsed value from `c.req.json()` and `validator('json', ...)`
 * without a second read or parse: the value is the one this middleware parsed (the same object on
 * every call). Requests without a JSON body (by Content-Type) pass through untouched.
 *
 * @throws TypeError for an invalid `limit`, an unknown option or a wrong parser option.
 * @example
 * ```ts
 * import { Hono } from 'hono';
 * import { jsonBody } from 'json-parse-binary/hono';
 * const app = new Hono();
 * app.use(jsonBody({ limit: '1mb' }));
 * app.post('/items', async (c) => c.json(await c.req.json()));
 * ```
 */
export function jsonBody(options: HonoJsonOptions = {}): MiddlewareHandler {
  if (typeof options !== 'object' || options === null) throw new TypeError('jsonBody: options must be an object');
  rejectUnknownOptions(options, KNOWN_OPTIONS, 'jsonBody');
  const { onError = defaultAnswer, limit, ...rest } = options;
  if (typeof onError !== 'function') throw new TypeError('jsonBody: option onError must be a function');
  const bodyOptions = { ...rest, limit: resolveLimit(limit, DEFAULT_BODY_LIMIT, 'jsonBody: ') };
  // parseBody would check these on every request: checked once here, a mistake is a TypeError at startup.
  resolveReadOptions(bodyOptions, 'jsonBody', PARSE_BODY_OPTION_NAMES);
  resolveOptions(bodyParseOptions(rest), 'jsonBody');

  return async function jsonBodyParser(c, next) {
    const request = c.req.raw;
    const mediaType = (request.headers.get('content-type') ?? '').split(';', 1)[0].trim();
    if (request.body === null || !JSON_MEDIA_TYPE.test(mediaType)) return next();
    const result = await parseBody(request, bodyOptions);
    if (!result.ok) return onError(c, result);
    const parsed = Promise.resolve(result.value);
    // Hono's json() parses its cached text again; ours answers with the value already parsed, and
    // the cache lets text() and arrayBuffer() still answer (from the value, as Hono does). The text
    // comes first and is made only when asked for: Hono's cloneRawRequest() rebuilds the request
    // from the first cached body, which must be text, not the parsed value.
    let text: Promise<string> | undefined;
    Object.defineProperty(c.req.bodyCache, 'text', {
      configurable: true,
      enumerable: true,
      get: () => (text ??= parsed.then((value) => JSON.stringify(value))),
      set: (value: unknown) => Object.defineProperty(c.req.bodyCache, 'text', { value, writable: true, enumerable: true, configurable: true }),
    });
    c.req.bodyCache.json = parsed;
    c.req.json = <T>() => parsed as Promise<T>;
    await next();
  };
}
