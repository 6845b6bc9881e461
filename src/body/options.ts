import { rejectUnknownOptions } from '../options/known-names.js';
import { PARSE_OPTION_NAMES } from '../parse/options.js';
import type { KeyAction, ParseBinaryOptions } from '../parse/types.js';
import type { AbortSignalLike, ReadBodyOptions } from './types.js';

/** The documented default body limit: 1 MiB. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * The default `maxDepth` of the body entry points. Deeper than any document a real API exchanges,
 * and far below what recursive consumers of the value survive: `JSON.stringify`, `structuredClone`
 * and recursive validators overflow the call stack at a few thousand levels. Jackson's default is
 * 1000 too (simdjson's 1024).
 */
export const DEFAULT_BODY_MAX_DEPTH = 1000;

/**
 * The `parseBinary` options that {@link parseBody} (and the framework adapters) use unless told
 * otherwise: a body comes from a stranger, so the defaults are those of the safest peers (Fastify,
 * secure-json-parse): a `"__proto__"` key or a `"constructor": {"prototype": ...}` fails the parse
 * (status 400), and so does nesting deeper than {@link DEFAULT_BODY_MAX_DEPTH}. Each can be
 * overridden per call (`protoAction: 'ignore'` gives `JSON.parse`'s behaviour back).
 */
export const BODY_PARSE_DEFAULTS: Readonly<{
  fatal: boolean;
  maxDepth: number;
  protoAction: KeyAction;
  constructorAction: KeyAction;
}> = Object.freeze({
  fatal: false,
  maxDepth: DEFAULT_BODY_MAX_DEPTH,
  protoAction: 'error',
  constructorAction: 'error',
});

/** Every option name `readBody` accepts. */
export const READ_OPTION_NAMES: readonly string[] = Object.freeze(['limit', 'detach', 'signal', 'inflate']);

/** Every option name `parseBody` accepts: the reading options and the parsing options. */
export const PARSE_BODY_OPTION_NAMES: readonly string[] = Object.freeze([...READ_OPTION_NAMES, ...PARSE_OPTION_NAMES]);

/**
 * Which chunks of the source may be detached once copied (the body buffer the reader allocated
 * itself is always released unless `detach` is false):
 * - `'none'`: no chunk (`detach: false`);
 * - `'sole-reader'`: a Node stream's chunks when no other 'data' listener saw them (`detach: true`);
 * - `'all'`: also chunks of WHATWG streams and async iterables, which may be shared unseen
 *   (`detach: 'chunks'`).
 */
export type ChunkRelease = 'none' | 'sole-reader' | 'all';

/** Reading options with defaults applied and types checked. */
export interface ResolvedReadOptions {
  limit: number;
  /** Whether buffers the reader allocated itself are detached when done with. */
  detach: boolean;
  chunks: ChunkRelease;
  signal: AbortSignalLike | undefined;
  inflate: boolean;
}

const READ_DEFAULTS: ResolvedReadOptions = Object.freeze({
  limit: DEFAULT_BODY_LIMIT,
  detach: true,
  chunks: 'sole-reader',
  signal: undefined,
  inflate: true,
});

/**
 * Checks the reading options once, up front, so a wrong type or an unknown name fails before any
 * byte is read. `known` lists every name the caller accepts.
 */
export function resolveReadOptions(
  options: ReadBodyOptions | undefined,
  caller: string,
  known: readonly string[] = READ_OPTION_NAMES,
): ResolvedReadOptions {
  if (options === undefined) return READ_DEFAULTS;
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`${caller}: options must be an object`);
  }
  rejectUnknownOptions(options, known, caller);
  const { limit = DEFAULT_BODY_LIMIT, detach = true, signal, inflate = true } = options;
  if (typeof limit !== 'number') throw new TypeError(`${caller}: options.limit must be a number of bytes`);
  if (!(limit >= 0) || (limit !== Infinity && !Number.isSafeInteger(limit))) {
    throw new RangeError(`${caller}: options.limit must be a whole number of bytes, 0 or more (or Infinity)`);
  }
  if (typeof detach !== 'boolean' && detach !== 'chunks') {
    throw new TypeError(`${caller}: options.detach must be true, false or 'chunks'`);
  }
  if (signal !== undefined && !isAbortSignal(signal)) {
    throw new TypeError(`${caller}: options.signal must be an AbortSignal`);
  }
  if (typeof inflate !== 'boolean') throw new TypeError(`${caller}: options.inflate must be a boolean`);
  const chunks: ChunkRelease = detach === 'chunks' ? 'all' : detach ? 'sole-reader' : 'none';
  return { limit, detach: detach !== false, chunks, signal, inflate };
}

/** The `parseBinary` options of a `parseBody` call: each one given, or else the body default. */
export function bodyParseOptions(options: ParseBinaryOptions | undefined): ParseBinaryOptions {
  if (options === undefined) return BODY_PARSE_DEFAULTS;
  const defaults = BODY_PARSE_DEFAULTS;
  return {
    fatal: options.fatal ?? defaults.fatal,
    maxDepth: options.maxDepth ?? defaults.maxDepth,
    protoAction: options.protoAction ?? defaults.protoAction,
    constructorAction: options.constructorAction ?? defaults.constructorAction,
  };
}

function isAbortSignal(value: unknown): value is AbortSignalLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AbortSignalLike).aborted === 'boolean' &&
    typeof (value as AbortSignalLike).addEventListener === 'function'
  );
}
