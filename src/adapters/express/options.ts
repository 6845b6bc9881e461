import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyParseOptions } from '../../body/options.js';
import { rejectUnknownOptions } from '../../options/known-names.js';
import { resolveOptions } from '../../parse/options.js';
import type { KeyAction, ParseBinaryOptions } from '../../parse/types.js';
import { resolveLimit } from '../limit-parser.js';
import type { Reviver } from '../reviver.js';
import { typeMatcher, type TypeOption } from './content-type.js';

/** Options of {@link json}: body-parser's, with its defaults, plus the parser's own. */
export interface JsonOptions {
  /** The largest body accepted, after inflating: bytes, or a size such as `'100kb'` or `'1mb'` (base 1024). Default `'100kb'`. */
  limit?: number | string;
  /** Inflate gzip, deflate, br (and zstd where the runtime has it) bodies (default `true`); `false` refuses them with 415. */
  inflate?: boolean;
  /** Which requests to parse: media types (`'application/json'`, `'*\/*'`, `'+json'`, `'json'`) or a test of the request. Default `'application/json'`. */
  type?: TypeOption;
  /** Accept only an object or an array at the top level (default `true`), as body-parser does. */
  strict?: boolean;
  /**
   * Called with the exact body bytes (after inflating, before parsing) as a Buffer view, and the
   * charset; throw to refuse the body (403 `entity.verify.failed`, unless the error carries its own
   * `status` and `type`). The body buffer is not detached when `verify` is given, so it may keep `buf`.
   */
  verify?: (req: IncomingMessage, res: ServerResponse, buf: Buffer, encoding: string) => void;
  /** A `JSON.parse` reviver, applied to the parsed value (slower: it visits every member). */
  reviver?: Reviver;
  /** The charset assumed when the Content-Type names none (default `'utf-8'`). */
  defaultCharset?: string;
  /** Refuse invalid UTF-8 (default `false`: replaced by U+FFFD, as a TextDecoder does). */
  fatal?: boolean;
  /** The deepest nesting accepted (default 1000). */
  maxDepth?: number;
  /** What a `"__proto__"` key does (default `'error'`: 400). */
  protoAction?: KeyAction;
  /** What a `"constructor"` key holding `"prototype"` does (default `'error'`: 400). */
  constructorAction?: KeyAction;
  /** Detach the body buffer once parsed, giving its memory back at once (default `true`; never with `verify`). */
  detach?: boolean;
}

/** {@link JsonOptions} read and checked once, at creation. */
export interface ResolvedJsonOptions {
  limit: number;
  inflate: boolean;
  shouldParse: (req: IncomingMessage) => boolean;
  strict: boolean;
  verify: JsonOptions['verify'] | undefined;
  reviver: Reviver | undefined;
  defaultCharset: string;
  parseOptions: ParseBinaryOptions;
  detach: boolean;
}

const JSON_OPTION_NAMES: readonly string[] = Object.freeze([
  'limit', 'inflate', 'type', 'strict', 'verify', 'reviver', 'defaultCharset',
  'fatal', 'maxDepth', 'protoAction', 'constructorAction', 'detach',
]);

/** body-parser's default limit: 100 KiB. */
export const EXPRESS_DEFAULT_LIMIT = 100 * 1024;

/**
 * Checks the options as body-parser does (an invalid `limit` or a `verify` that is not a function
 * is a TypeError, with body-parser's message), and ours as `parseBinary` does; unknown names are a
 * TypeError too.
 */
export function resolveJsonOptions(options: JsonOptions | undefined): ResolvedJsonOptions {
  const given: JsonOptions = options ?? {};
  if (typeof given !== 'object' || given === null) throw new TypeError('json: options must be an object');
  rejectUnknownOptions(given, JSON_OPTION_NAMES, 'json');
  const verify = given.verify || undefined;
  if (verify !== undefined && typeof verify !== 'function') throw new TypeError('option verify must be function');
  const { reviver, detach = true } = given;
  if (reviver !== undefined && typeof reviver !== 'function') throw new TypeError('json: option reviver must be a function');
  if (typeof detach !== 'boolean') throw new TypeError('json: option detach must be a boolean');
  const { fatal, maxDepth, protoAction, constructorAction } = given;
  const parseOptions = resolveOptions(bodyParseOptions({ fatal, maxDepth, protoAction, constructorAction }), 'json');
  return {
    limit: resolveLimit(given.limit, EXPRESS_DEFAULT_LIMIT),
    inflate: given.inflate !== false,
    shouldParse: typeMatcher(given.type || 'application/json'),
    strict: given.strict !== false,
    verify,
    reviver,
    defaultCharset: (given.defaultCharset || 'utf-8').toLowerCase(),
    parseOptions,
    detach: detach && verify === undefined,
  };
}
