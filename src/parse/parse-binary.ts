import { releaseElementBuffers } from './array-scratch.js';
import { releasePropertyStack } from './property-stack.js';
import { releaseFrameStack } from './frame-stack.js';
import { releaseStringScratch } from './strings.js';
import { PARSE_FAILED, toFailure } from './errors.js';
import { BOM_0, BOM_1, BOM_2 } from './bytes.js';
import { toInputBytes } from './input.js';
import { ROUTES_IN_PLACE, inputInPlace } from './input-in-place.js';
import { resolveOptions } from './options.js';
import { parseDocument } from './parser.js';
import { NOT_ROUTED, ROUTES_WHOLE_DOCUMENTS, readWholeDocument } from './whole-documents.js';
import { PLANS_LARGE_SUBTREES, SUBTREE_PLAN_LIMITS, planLargeSubtrees } from './large-subtrees.js';
import { ParseState } from './state.js';
import { keepStateClass } from './kept-state.js';
import { BROWSER_BUILD } from '../platform/browser-build.js';
import { ROUTES_DEFAULT_DOCUMENTS, UNEXAMINED, readDefaultDocument } from './default-document.js';
import { READS_DOCUMENT_RUNS, readDocumentInRuns } from './document-runs.js';
import { WHOLE_DOCUMENT_LIMITS } from './whole-document-limits.js';
import type { BinaryInput, ParseBinaryOptions, ParseBinaryResult } from './types.js';

/**
 * The engine's own limits, as engines word them: V8's "Invalid string length" and "Invalid array
 * length", JavaScriptCore's "Out of memory" for a string, and Node's decoders' ERR_STRING_TOO_LONG
 * (a plain Error). Any other RangeError (a stack overflow, say) is a bug, and is thrown on.
 */
const ENGINE_LIMIT_MESSAGE = /^(?:invalid (?:string|array) length|out of memory)$/i;

function isEngineLimit(error: unknown): boolean {
  if (error instanceof RangeError) return ENGINE_LIMIT_MESSAGE.test(error.message);
  // Node's decoders only: the browser build has none.
  return !BROWSER_BUILD && error instanceof Error && (error as { code?: unknown }).code === 'ERR_STRING_TOO_LONG';
}

/**
 * Forgets what the parse left in the buffers reused across parses, so that no parsed value stays
 * reachable; after a failure their exact heights are unknown, so the grown ones go.
 */
export function releaseScratch(failed: boolean): void {
  releaseElementBuffers(failed);
  releasePropertyStack(failed);
  releaseFrameStack();
  releaseStringScratch();
}

/**
 * Parses UTF-8 JSON bytes straight into a value, with no intermediate string for the document.
 *
 * The value is exactly what `JSON.parse(new TextDecoder().decode(bytes))` returns: same key order,
 * `__proto__` as an own property, the same doubles, lone surrogates from `\u` escapes kept, invalid
 * UTF-8 replaced by U+FFFD where TextDecoder replaces it, and a leading BOM skipped.
 *
 * Bad content never throws: the result is `{ ok: false, message, position, line, column }`, found at
 * the first bad byte without reading further. Only a wrong argument type throws (a TypeError).
 *
 * @param input - the bytes: an ArrayBuffer, a SharedArrayBuffer, or any view (exactly its window).
 *   A detached buffer is empty input.
 * @param options - see {@link ParseBinaryOptions}.
 * @example
 * ```ts
 * const result = parseBinary(await response.arrayBuffer());
 * if (!result.ok) return new Response(result.message, { status: 400 });
 * use(result.value);
 * ```
 */
export function parseBinary<T = unknown>(input: BinaryInput, options?: ParseBinaryOptions): ParseBinaryResult<T> {
  // Whether the default route decided, in which case the general route is not tried again.
  let decided = false;
  if (!BROWSER_BUILD && ROUTES_DEFAULT_DOCUMENTS && options === undefined) {
    const routed = readDefaultDocument(input);
    if (routed !== UNEXAMINED) {
      if (routed !== NOT_ROUTED) return { ok: true, value: routed as T };
      decided = true;
    }
  }
  // The route may read the caller's bytes where they are (input-in-place.ts); the parser reads its own.
  const inPlace = ROUTES_IN_PLACE && !decided ? inputInPlace(input) : undefined;
  const inputBytes = inPlace ?? toInputBytes(input, 'parseBinary');
  const resolved = resolveOptions(options, 'parseBinary');
  const { fatal, maxDepth, protoAction, constructorAction } = resolved;
  const { bytes, length } = inputBytes;
  const start = length >= 3 && bytes[0] === BOM_0 && bytes[1] === BOM_1 && bytes[2] === BOM_2 ? 3 : 0;
  // Documents of up to a few MB go to the engine's JSON.parse when nothing in them can make it answer otherwise.
  if (ROUTES_WHOLE_DOCUMENTS && (BROWSER_BUILD || !decided)) {
    const routed = readWholeDocument(inputBytes, start, resolved);
    if (routed !== NOT_ROUTED) return { ok: true, value: routed as T };
  }
  // A longer document that is one array of text goes to JSON.parse in runs of its elements (document-runs.ts).
  if (READS_DOCUMENT_RUNS && !decided && length > WHOLE_DOCUMENT_LIMITS.documentRunsAfterBytes) {
    const routed = readDocumentInRuns(inputBytes, start, resolved);
    if (routed !== NOT_ROUTED) return { ok: true, value: routed as T };
  }
  // The same bytes, in the parser's own copy or view: failures may still read the caller's, by index.
  const parsed = ROUTES_IN_PLACE && inPlace !== undefined ? toInputBytes(input, 'parseBinary') : inputBytes;
  const state = new ParseState(parsed, fatal, maxDepth, protoAction, constructorAction);
  state.pos = start;
  // Large inputs' string-heavy subtrees go to the engine's JSON.parse (large-subtrees.ts).
  if (PLANS_LARGE_SUBTREES && length >= SUBTREE_PLAN_LIMITS.minInputBytes) planLargeSubtrees(state);
  // No `finally` here or below: a finally block in the unwinding path makes V8 build a message
  // object with the throw's location for every failure, which costs microseconds.
  let value: unknown;
  // What the parse threw, if it was not the failure sentinel (which needs no handling of its own).
  let thrown: unknown = PARSE_FAILED;
  try {
    value = parseDocument(state);
  } catch (error) {
    value = PARSE_FAILED;
    thrown = error;
  }
  const failed = value === PARSE_FAILED;
  releaseScratch(failed);
  // Left out of the browser bundle, for its size cap. Leaves `failure` and `pos`, read below.
  if (!BROWSER_BUILD) keepStateClass(state);
  if (thrown !== PARSE_FAILED) {
    // The engine's own limits (a string or an array past its maximum length) are a property of
    // the content, so they fail the parse instead of escaping as an exception.
    if (!isEngineLimit(thrown)) throw thrown;
    return toFailure(bytes, length, {
      position: state.pos,
      found: `content the engine cannot hold (${(thrown as Error).message})`,
      expected: 'values within the engine\'s limits',
      code: 'ENGINE_LIMIT',
    });
  }
  if (failed) return toFailure(bytes, length, state.failure!);
  return { ok: true, value: value as T };
}
