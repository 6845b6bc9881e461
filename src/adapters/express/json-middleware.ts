import type { IncomingMessage, ServerResponse } from 'node:http';
import { releaseIfSafe } from '../../body/release.js';
import { parseBinary } from '../../parse/parse-binary.js';
import { readRequestBody, type RequestBodyFailure } from '../read-request.js';
import { applyReviver } from '../reviver.js';
import { bindToCurrentContext } from './async-context.js';
import { charsetOf, hasBody } from './content-type.js';
import { isSupportedCharset, toUtf8, type Utf8Body } from './charset-transcode.js';
import { httpError, parseError, wrapThrown, type HttpBodyError } from './http-errors.js';
import { resolveJsonOptions, type JsonOptions, type ResolvedJsonOptions } from './options.js';
import { nodeBuffer } from './node-buffer.js';

/** The request as the middleware sees it: Express's `req`, or any `node:http` request. */
export type JsonRequest = IncomingMessage & { body?: unknown; _body?: boolean };

/** A connect-style middleware, as `express.json()` returns. */
export type JsonMiddleware = (req: JsonRequest, res: ServerResponse, next: (error?: unknown) => void) => void;

// JSON whitespace (RFC 8259): space, tab, line feed, carriage return.
function isJsonWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

/** Body-parser's strict mode: the first character must open an object or an array. */
function strictViolation(bytes: Uint8Array): string | undefined {
  let line = 1;
  let column = 1;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (byte === 0x7b || byte === 0x5b) return undefined;
    if (!isJsonWhitespace(byte)) {
      const found = new TextDecoder().decode(bytes.subarray(i, i + 4)).slice(0, 1);
      return `Unexpected ${JSON.stringify(found)} at line ${line}, column ${column}: strict mode accepts only an object or an array (set strict: false to accept any JSON value)`;
    }
    if (byte === 0x0a) {
      line++;
      column = 1;
    } else {
      column++;
    }
  }
  return undefined; // Whitespace only: the parser reports the missing value.
}

// An already finished request has nothing left to read (on-finished's test, as body-parser uses it).
function isFinished(req: JsonRequest): boolean {
  const socket = req.socket as { readable?: boolean } | null | undefined;
  return Boolean(req.readableEnded || !socket || socket.readable === false || (req.complete && !req.readable));
}

/** Reads the rest of a refused request before reporting, as body-parser does, so the connection stays usable. */
function afterDrain(req: JsonRequest, done: () => void): void {
  if (req.readableEnded || req.destroyed) {
    done();
    return;
  }
  let called = false;
  const once = bindToCurrentContext(() => {
    if (called) return;
    called = true;
    req.removeListener('end', once);
    req.removeListener('close', once);
    done();
  });
  req.on('end', once);
  req.on('close', once);
  req.on('error', () => {});
  req.resume();
}

function readError(failure: RequestBodyFailure, limit: number, encoding: string): HttpBodyError {
  const { received, declared } = failure;
  switch (failure.problem) {
    case 'too-large':
      return declared !== undefined && declared > limit
        ? httpError(413, 'request entity too large', { type: 'entity.too.large', expected: declared, length: declared, limit })
        : httpError(413, 'request entity too large', { type: 'entity.too.large', limit, received });
    case 'aborted':
      return httpError(400, 'request aborted', { type: 'request.aborted', code: 'ECONNABORTED', expected: declared, length: declared, received });
    case 'length-mismatch':
      return httpError(400, 'request size did not match content length', { type: 'request.size.invalid', expected: declared, length: declared, received });
    case 'unsupported-encoding':
      return httpError(415, `unsupported content encoding "${encoding}"`, { type: 'encoding.unsupported', encoding });
    case 'unreadable':
      return httpError(400, failure.message, {});
  }
}

/** Parses UTF-8 bytes as body-parser's JSON parser would accept them; throws the error to report. */
function parseJson(body: Utf8Body, options: ResolvedJsonOptions): unknown {
  const { bytes } = body;
  if (bytes.byteLength === 0) return {}; // body-parser's special case: an empty body is an empty object.
  const violation = options.strict ? strictViolation(bytes) : undefined;
  if (violation !== undefined) throw parseError(violation, { type: 'entity.parse.failed', body: body.text() });
  const result = parseBinary(bytes, options.parseOptions);
  if (!result.ok) throw parseError(result.message, { type: 'entity.parse.failed', body: body.text() });
  if (options.reviver === undefined) return result.value;
  try {
    return applyReviver(result.value, options.reviver);
  } catch (thrown) {
    throw wrapThrown(thrown, 400, 'entity.parse.failed', body.text());
  }
}

/**
 * A drop-in for `express.json()` / `bodyParser.json()` (body-parser 2.x): the same options,
 * defaults and checks, the same `req.body`, and the same errors passed to `next(err)` (`status`,
 * `type`, `expose`, `limit`, `length`, `received`, `expected`, `body`, `charset`, `encoding`), so
 * existing error handlers keep working. The body is parsed from its bytes by `parseBinary`: never
 * a string, failing at the first bad byte, with poisoning keys refused and depth bounded by
 * default. Parse error messages are ours (with line and column).
 *
 * @param options - body-parser's `limit` (default `'100kb'`), `inflate`, `type`, `strict`,
 *   `verify`, `reviver`, `defaultCharset`, and ours: `fatal`, `maxDepth`, `protoAction`,
 *   `constructorAction`, `detach`. Read once, here.
 * @throws TypeError for an invalid `limit`, a `verify` or `reviver` that is not a function, an
 *   unknown option name or a wrong parser option.
 * @example
 * ```ts
 * import express from 'express';
 * import { json } from 'json-parse-binary/express';
 * const app = express();
 * app.use(json({ limit: '1mb' }));
 * ```
 */
export function json(options?: JsonOptions): JsonMiddleware {
  const resolved = resolveJsonOptions(options);
  const { limit, inflate, detach, verify, defaultCharset } = resolved;

  return function jsonParser(req, res, next) {
    if (req._body === true || isFinished(req)) {
      next();
      return;
    }
    if (!('body' in req)) req.body = undefined;
    if (!hasBody(req.headers) || !resolved.shouldParse(req)) {
      next();
      return;
    }
    const charset = charsetOf(req.headers['content-type']) ?? defaultCharset;
    if (!charset.startsWith('utf-') || !isSupportedCharset(charset)) {
      next(httpError(415, `unsupported charset "${charset.toUpperCase()}"`, { type: 'charset.unsupported', charset }));
      return;
    }
    const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
    if (!inflate && encoding !== 'identity') {
      next(httpError(415, 'content encoding unsupported', { type: 'encoding.unsupported', encoding }));
      return;
    }
    readRequestBody(req, { limit, inflate, detach }).then(
      (read) => {
        if (!read.ok) {
          const error = readError(read, limit, encoding);
          afterDrain(req, () => next(error));
          return;
        }
        if (verify !== undefined) {
          const buf = nodeBuffer(read.bytes);
          try {
            verify(req, res, buf, charset);
          } catch (thrown) {
            next(wrapThrown(thrown, 403, 'entity.verify.failed', buf));
            return;
          }
        }
        let value: unknown;
        try {
          value = parseJson(toUtf8(read.bytes, charset), resolved);
        } catch (error) {
          next(error);
          return;
        } finally {
          if (detach) releaseIfSafe(read.buffer);
        }
        req._body = true;
        req.body = value;
        next();
      },
      (error: unknown) => next(error),
    );
  };
}
