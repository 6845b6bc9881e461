import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bodyParseOptions } from '../../body/options.js';
import { releaseIfSafe } from '../../body/release.js';
import { rejectUnknownOptions } from '../../options/known-names.js';
import { resolveOptions } from '../../parse/options.js';
import { parseBinary } from '../../parse/parse-binary.js';
import type { ParseBinaryOptions } from '../../parse/types.js';
import { readRequestBody, type RequestBodyFailure, type ServerRequestLike } from '../read-request.js';
import {
  bodyTooLarge,
  emptyJsonBody,
  invalidContentLength,
  invalidJsonBody,
  unreadableBody,
  unsupportedEncoding,
} from './fastify-errors.js';

/** Options of the Fastify plugin. Limits and poisoning come from Fastify's own settings. */
export interface FastifyJsonOptions {
  /** Inflate gzip, deflate, br (and zstd where the runtime has it) bodies (default `true`); `false` refuses them with 415. */
  inflate?: boolean;
  /** Refuse invalid UTF-8 (default `false`: replaced by U+FFFD). */
  fatal?: boolean;
  /** The deepest nesting accepted (default 1000); Fastify's own parser has no bound. */
  maxDepth?: number;
  /** Detach the body buffer once parsed, giving its memory back at once (default `true`). */
  detach?: boolean;
}

// Fastify hands its register options (prefix, logLevel, ...) to the plugin with ours.
const KNOWN_OPTIONS: readonly string[] = Object.freeze(['inflate', 'fatal', 'maxDepth', 'detach', 'prefix', 'logLevel', 'logSerializers']);

function readFailure(failure: RequestBodyFailure): Error {
  // Fastify hands a stream's own error on (a status of 400 unless it has one of 400 or more).
  const { sourceError } = failure;
  if (sourceError instanceof Error && failure.problem !== 'too-large') {
    const status = (sourceError as { statusCode?: unknown }).statusCode;
    if (!(typeof status === 'number' && status >= 400)) Object.assign(sourceError, { statusCode: 400 });
    return sourceError;
  }
  switch (failure.problem) {
    case 'too-large':
      return bodyTooLarge();
    case 'length-mismatch':
      return invalidContentLength();
    case 'unsupported-encoding':
      return unsupportedEncoding(failure.message);
    case 'aborted':
    case 'unreadable':
      return unreadableBody(failure.message);
  }
}

// Fastify's parser (secure-json-parse) skips a leading byte order mark, so ours does too.
function withoutByteOrderMark(bytes: Uint8Array): Uint8Array {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
}

type PayloadStream = ServerRequestLike & { receivedEncodedLength?: number };

type Settings = { inflate: boolean; detach: boolean; parseOptions: ParseBinaryOptions };
type Done = (error: Error | null, value?: unknown) => void;

/**
 * Reads and parses one `application/json` body with Fastify's checks, in Fastify's order. In
 * Fastify's callback form rather than as an async function: Fastify would chain one more promise
 * on what it returned, and on 1 KB bodies each promise layer is measurable CPU.
 */
function parseRequest(request: FastifyRequest, payload: PayloadStream, settings: Settings, done: Done): void {
  const limit = request.routeOptions.bodyLimit ?? Infinity;
  const declared = Number(request.headers['content-length']);
  // Fastify refuses a declared length past the limit first, even when a preParsing hook replaced the stream.
  if (declared > limit) {
    done(bodyTooLarge());
    return;
  }
  readRequestBody(payload, { limit, inflate: settings.inflate, detach: settings.detach }).then((read) => {
    if (!read.ok) {
      done(readFailure(read));
      return;
    }
    let value: unknown;
    try {
      value = parseRead(request, payload, read.bytes, declared, settings);
    } catch (error) {
      done(error as Error);
      return;
    } finally {
      if (settings.detach) releaseIfSafe(read.buffer);
    }
    done(null, value);
  }, done);
}

function parseRead(request: FastifyRequest, payload: PayloadStream, bytes: Uint8Array, declared: number, settings: Settings): unknown {
  // A stream from a preParsing hook has no headers for the reader to check the length against.
  if (payload !== (request.raw as unknown) && !Number.isNaN(declared)) {
    if ((payload.receivedEncodedLength || bytes.byteLength) !== declared) throw invalidContentLength();
  }
  if (bytes.byteLength === 0) throw emptyJsonBody();
  const result = parseBinary(withoutByteOrderMark(bytes), settings.parseOptions);
  if (!result.ok) throw invalidJsonBody(result);
  return result.value;
}

/** Replaces the application/json parser; settings are read once, at registration. */
function installParser(fastify: FastifyInstance, options: FastifyJsonOptions): void {
  rejectUnknownOptions(options, KNOWN_OPTIONS, 'json-parse-binary/fastify');
  const { inflate = true, detach = true, fatal, maxDepth } = options;
  if (typeof inflate !== 'boolean') throw new TypeError('json-parse-binary/fastify: option inflate must be a boolean');
  if (typeof detach !== 'boolean') throw new TypeError('json-parse-binary/fastify: option detach must be a boolean');
  const config = fastify.initialConfig;
  const parseOptions = resolveOptions(
    bodyParseOptions({
      fatal,
      maxDepth,
      protoAction: config.onProtoPoisoning ?? 'error',
      constructorAction: config.onConstructorPoisoning ?? 'error',
    }),
    'json-parse-binary/fastify',
  );
  const settings = { inflate, detach, parseOptions };
  // Replaces only Fastify's default parser: one the app added itself makes Fastify throw
  // FST_ERR_CTP_ALREADY_PRESENT here, rather than being replaced without a word.
  // No parseAs: Fastify hands over the raw request stream, which parseBinary reads from its bytes.
  fastify.addContentTypeParser('application/json', (request: FastifyRequest, payload: unknown, done: Done) =>
    parseRequest(request, payload as PayloadStream, settings, done),
  );
}

// A callback plugin: avvio reports only errors handed to `done`, not thrown ones.
function jsonParserPlugin(fastify: FastifyInstance, options: FastifyJsonOptions, done: (error?: Error) => void): void {
  try {
    installParser(fastify, options);
  } catch (error) {
    done(error as Error);
    return;
  }
  done();
}

/**
 * A Fastify plugin that replaces the `application/json` parser of the whole app with one that
 * parses the raw request bytes with `parseBinary`. Everything else is Fastify's: the route's
 * `bodyLimit` (else the server's), `onProtoPoisoning` and `onConstructorPoisoning` from the server
 * options, and the same errors (`FST_ERR_CTP_BODY_TOO_LARGE`, `FST_ERR_CTP_EMPTY_JSON_BODY`,
 * `FST_ERR_CTP_INVALID_JSON_BODY`, `FST_ERR_CTP_INVALID_CONTENT_LENGTH`), sent with
 * `Connection: close`. Not encapsulated (as fastify-plugin makes it), so it applies app-wide.
 *
 * @example
 * ```ts
 * import Fastify from 'fastify';
 * import jsonParser from 'json-parse-binary/fastify';
 * const app = Fastify({ bodyLimit: 1024 * 1024 });
 * await app.register(jsonParser);
 * ```
 */
export const fastifyJsonParser = Object.assign(jsonParserPlugin, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'json-parse-binary',
  [Symbol.for('plugin-meta')]: { name: 'json-parse-binary', fastify: '5.x' },
});
