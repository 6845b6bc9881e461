/**
 * Whole documents handed to the engine's own JSON.parse, where nothing in them can make its answer
 * differ from the parser's.
 *
 * V8's and JavaScriptCore's JSON.parse run in the engine, where the parser pays a call into the
 * runtime for most strings (`latin1Slice`, `utf8Slice`) and builds every object from JavaScript:
 * on documents up to a few MB the decoded text and JSON.parse beat it on nearly every shape
 * (whole-document-limits.ts has the figures). The text is then what native's pipeline makes, once,
 * and dropped at once; past `WHOLE_DOCUMENT_LIMITS.anyShapeMaxBytes` the parser reads the bytes and
 * makes no document-sized text. A document goes when:
 * - no key holds an escape, where the engine gives some escaped keys wrong (V8 13.6 to 15.0,
 *   escaped-keys.ts), or where protoAction or constructorAction guard keys (`"\u005f_proto__"` is
 *   `__proto__` to JSON.parse, and no search of the text for `"__proto__"` finds it): such a key is
 *   found by {@link keysHoldNoEscape}, which costs a string search where the text holds no backslash;
 * - no key that protoAction or constructorAction act on appears, when they guard any
 *   ({@link mayHoldGuardedKey}, or, for a value whose depth is checked, the same walk);
 * - nesting deeper than maxDepth is impossible: each level takes two bytes, one of them an opening
 *   bracket, so a short document or one with few brackets cannot (the body entry points' maxDepth
 *   of 1000 needs the count past 2 KB); outside the browser build, a document with more such
 *   brackets, mostly of strings, has the depth of its value checked after JSON.parse
 *   (value-depth.ts), unless its first brackets are as dense as a deep attack's
 *   ({@link DEEP_LEVEL_BYTES});
 * - the document opens and closes a container, so that most bad input (truncated, not JSON at all)
 *   never reaches JSON.parse and its costly SyntaxError.
 * On Bun, objects that open with an index key stay with the parser, which builds them faster. The
 * browser build takes documents past anyShapeMaxBytes too when they are mostly strings
 * ({@link mostlyStrings}): in Chromium the parser, which has no native slice to cut strings from
 * the input, took about twice native's time on such documents (bench/NOTES.md, rounds 32 and 33).
 * Anything JSON.parse refuses is parsed again by the
 * parser, which gives the failure its place and words. The values are the ones the parser builds:
 * JSON.parse of the same text is the oracle.
 */

import { CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, DIGIT_0, DIGIT_9, OPEN_BRACE, OPEN_BRACKET, QUOTE, isWhitespace } from './bytes.js';
import { builtinJsonParse } from './engine-json-parse.js';
import { readsEscapedKeysRight } from './escaped-keys.js';
import type { InputBytes } from './input-bytes.js';
import { BROWSER_BUILD } from '../platform/browser-build.js';
import { ON_BUN } from '../platform/on-bun.js';
import type { ResolvedOptions } from './options.js';
import { WHOLE_DOCUMENT_LIMITS } from './whole-document-limits.js';
import { TEXT_PIECE_BYTES, decodeInPieces, decodeRange, decodeWhole, nodeIsAscii } from './utf8.js';
import { byteRange } from './byte-views.js';
import { ESCAPES_LONG_TEXTS, textWithEscapedNonAscii } from './escaped-text.js';
import { mostlyStrings } from './string-sample.js';
import { GUARDS_CONSTRUCTOR, GUARDS_PROTO, valueNestsAtMost } from './value-depth.js';
import { BACKSLASH_TEXT, keysHoldNoEscape } from './text-scan.js';
import { bytesMayHoldWord } from './byte-search.js';
import { PARSE_FAILED } from './errors.js';

/** Returned when the document is left to the parser: JSON.parse never returns it. */
export const NOT_ROUTED = undefined;

/** Whether this engine hands whole documents to JSON.parse at all. */
export const ROUTES_WHOLE_DOCUMENTS = builtinJsonParse !== undefined;

/**
 * The value of the document in `input` from `start` (past any BOM), parsed by the engine's
 * JSON.parse; NOT_ROUTED when the parser must read it, as the module's comment says.
 */
export function readWholeDocument(input: InputBytes, start: number, options: ResolvedOptions): unknown {
  const { bytes, length } = input;
  if (input.shared || options.fatal) return NOT_ROUTED;
  const limits = WHOLE_DOCUMENT_LIMITS;
  if (length > limits.anyShapeMaxBytes && !(BROWSER_BUILD && length <= limits.stringDocumentMaxBytes && mostlyStrings(bytes, start, length))) {
    return NOT_ROUTED;
  }
  let first = start;
  while (first < length && isWhitespace(bytes[first])) first++;
  const opening = bytes[first];
  // Input that opens with no container fails at its first byte: no scan of its end for it.
  if (opening !== OPEN_BRACE && opening !== OPEN_BRACKET) return NOT_ROUTED;
  let last = length - 1;
  while (last > first && isWhitespace(bytes[last])) last--;
  const closing = bytes[last];
  if (closing !== (opening === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET)) return NOT_ROUTED;
  if (ON_BUN && opening === OPEN_BRACE && startsWithIndexKey(bytes, first + 1, last)) return NOT_ROUTED;
  let text: string;
  try {
    // A large document's text may be more than the engine can hold: the parser then reads it. The
    // browser build decodes the whole input, blanks and all, where a part would need a view of its own.
    text = BROWSER_BUILD ? decodeWhole(bytes) : decodeText(bytes, first, last + 1);
  } catch {
    return NOT_ROUTED;
  }
  // The browser build has no runs, and so no UNPARSED to tell apart: the bytes go to its size cap.
  if (BROWSER_BUILD) return parseCheckedText(text, bytes, first, last + 1, options);
  const value = parseCheckedText(text, bytes, first, last + 1, options);
  return value === UNPARSED ? NOT_ROUTED : value;
}

/**
 * What {@link parseCheckedText} returns when JSON.parse refused the text: the parser's failure
 * sentinel, a symbol JSON.parse never returns. The browser build, which has no runs, gives NOT_ROUTED.
 */
export const UNPARSED = PARSE_FAILED;

/**
 * JSON.parse's value of `text`, decoded from `bytes[first, end)` (but for the brackets of a run of an
 * array's elements, document-runs.ts), when none of the module comment's conditions keeps it from
 * JSON.parse; NOT_ROUTED when one does, {@link UNPARSED} when JSON.parse refuses it.
 */
export function parseCheckedText(text: string, bytes: Uint8Array, first: number, end: number, options: ResolvedOptions): unknown {
  const last = end - 1;
  // A key that holds an escape keeps the document from JSON.parse where escaped keys come out wrong,
  // or where keys are guarded.
  const guardsKeys = options.protoAction !== 'ignore' || options.constructorAction !== 'ignore';
  if ((guardsKeys || !readsEscapedKeysRight(builtinJsonParse!)) && !((!BROWSER_BUILD && escapedKeysChecked) || keysHoldNoEscape(text))) {
    return NOT_ROUTED;
  }
  // Valid JSON nests at most length / 2 deep (`[` and `]` for each level), and no deeper than it
  // has brackets that may open a value, which are counted only when the length alone cannot tell.
  // Past that count the value's depth is checked once JSON.parse has built it, if three quarters of
  // the document lie in strings (the parser reads numbers faster than the check visits them), and
  // unless the count passes maxDepth within DEEP_LEVEL_BYTES a level: such a document is most likely
  // too deep, and the parser refuses it at its first level too many, where JSON.parse would build
  // all of it.
  const maxDepth = options.maxDepth;
  let checksValueDepth = false;
  if (end - first > 2 * maxDepth && !opensAtMost(text, maxDepth)) {
    if (BROWSER_BUILD || !mostlyStrings(bytes, first, last) || !opensAtMost(text.slice(0, DEEP_LEVEL_BYTES * maxDepth + 1), maxDepth)) {
      return NOT_ROUTED;
    }
    checksValueDepth = true;
  }
  // The browser build, for its size cap, keeps every guarded document that holds "proto" from it.
  // A value whose depth is checked has its keys checked on the same walk instead.
  if (guardsKeys && !checksValueDepth && (BROWSER_BUILD ? text.includes(PROTO_TEXT) : mayHoldGuardedKey(text, bytes, first, last + 1, options))) {
    return NOT_ROUTED;
  }
  try {
    const value = builtinJsonParse!(text);
    return BROWSER_BUILD || !checksValueDepth || valueNestsAtMost(value, maxDepth, keyGuards(options)) ? value : NOT_ROUTED;
  } catch {
    return BROWSER_BUILD ? NOT_ROUTED : UNPARSED;
  }
}

/**
 * The text of `bytes[start, end)` for JSON.parse: where long texts are escaped (escaped-text.ts), a
 * long text first as ASCII with escapes for its few other characters, unless one of those escapes
 * lands in a key, which is then decoded as it is (in pieces where those are on): an escaped key would
 * keep the document from JSON.parse where the engine gives such keys wrong or where keys are guarded.
 */
export function decodeText(bytes: Uint8Array, start: number, end: number): string {
  escapedKeysChecked = false;
  // ASCII is told once: isAscii reads all of it, and stops at the first other byte.
  if (!ESCAPES_LONG_TEXTS || end - start <= TEXT_PIECE_BYTES || nodeIsAscii?.(byteRange(bytes, start, end)) === true) {
    return decodeRange(bytes, start, end, false);
  }
  const text = textWithEscapedNonAscii(bytes, start, end);
  if (text === undefined || !keysHoldNoEscape(text)) return decodeInPieces(bytes, start, end);
  escapedKeysChecked = true;
  return text;
}

/**
 * Whether the text {@link decodeText} made last has escapes, and so keys it found free of them: the
 * route does not scan them again (on citm_catalog that scan is 1.6 % of JSON.parse's time).
 */
let escapedKeysChecked = false;

/**
 * Bytes a level within which the first brackets must pass maxDepth for a document to be left to the
 * parser without JSON.parse: `[` takes 1 a level, `{"a":` 5, `[{"id":` 3.5; records take 20 and
 * more, command trees and rule sets more still (bench/NOTES.md, round 36). A deep document spread
 * wider costs JSON.parse's time before the parser refuses it, what any valid document of its size
 * costs.
 */
const DEEP_LEVEL_BYTES = 8;

/**
 * Whether the object whose members start at `from` opens with an index key (`"0"`, `"17"`): on Bun,
 * JavaScriptCore's JSON.parse builds objects of index keys slower than the parser (a map of 6,000
 * counters, 64 KB: 0.98 against 0.30 times native's pipeline, round 31), so those stay with it.
 */
function startsWithIndexKey(bytes: Uint8Array, from: number, end: number): boolean {
  let at = from;
  while (at < end && isWhitespace(bytes[at])) at++;
  return bytes[at] === QUOTE && bytes[at + 1] >= DIGIT_0 && bytes[at + 1] <= DIGIT_9;
}

/**
 * Whether `text` may hold what protoAction or constructorAction act on: a `"__proto__"` key, or a
 * `"constructor"` key beside a `"prototype"` key (constructorAction only acts on a constructor
 * object that holds a prototype). Keys with escapes are ruled out before. Both words hold "proto",
 * whose first letter is rarer than a quote for the engine's string search, so one search clears most
 * documents: on 64 KB bodies 11 to 20 µs, where `"__proto__"` and `"constructor"` took 42 to 66 µs
 * together, a quarter of JSON.parse's time (bench/NOTES.md, round 35). Where it is found (a
 * `protocol` field), the few places are looked at; past {@link PROTO_PLACES_LOOKED_AT} of them,
 * the whole text is searched for the quoted words instead. On Bun the text's bytes,
 * `bytes[start, end)`, are searched for "proto" first (byte-search.ts), and the text only where
 * they hold it.
 */
function mayHoldGuardedKey(text: string, bytes: Uint8Array, start: number, end: number, options: ResolvedOptions): boolean {
  if (!bytesMayHoldWord(bytes, PROTO_TEXT, start, end)) return false;
  const guardsProto = options.protoAction !== 'ignore';
  const guardsConstructor = options.constructorAction !== 'ignore';
  let places = 0;
  for (let at = text.indexOf(PROTO_TEXT); at !== -1; at = text.indexOf(PROTO_TEXT, at + 1)) {
    if (++places > PROTO_PLACES_LOOKED_AT) {
      return (guardsProto && text.includes('"__proto__"')) || (guardsConstructor && text.includes('"prototype"') && text.includes('"constructor"'));
    }
    if (guardsProto && text.startsWith('"__', at - 3) && text.startsWith('__"', at + 5)) return true;
    if (guardsConstructor && text.charCodeAt(at - 1) === QUOTE && text.startsWith('type"', at + 5) && text.includes('"constructor"')) return true;
  }
  return false;
}

/** The keys the depth walk refuses for these options (value-depth.ts). */
function keyGuards(options: ResolvedOptions): number {
  return (options.protoAction !== 'ignore' ? GUARDS_PROTO : 0) | (options.constructorAction !== 'ignore' ? GUARDS_CONSTRUCTOR : 0);
}

/** How many places holding "proto" are looked at one by one; a text with more is searched whole. */
const PROTO_PLACES_LOOKED_AT = 16;
const PROTO_TEXT = 'proto';
const OPENING_TEXTS = ['{', '['];

/**
 * Whether `text`, which starts at its first bracket (or at blanks before it), holds at most `most`
 * brackets that may open a value: a `{` or `[` at the start or after `:`, `,` or `[` (blanks
 * between). Every value of valid JSON starts there, so the count bounds the depth; brackets inside
 * strings mostly follow a space or a letter (`{0}` placeholders, Markdown links) and are not
 * counted. That kept 1 MB bodies of messages and prose off the depth walk, whose cost was 0.10 to
 * 0.27 of JSON.parse's, for 0.03 to 0.08 (bench/NOTES.md, round 35). By the engine's string
 * search, a call a bracket: a loop over the bytes, even a word at a time, cost the route 22 % on
 * bodies of 2 to 64 KB, most of them prose with few brackets (round 31).
 */
export function opensAtMost(text: string, most: number): boolean {
  let opens = 0;
  for (const bracket of OPENING_TEXTS) {
    for (let at = text.indexOf(bracket); at !== -1; at = text.indexOf(bracket, at + 1)) {
      let before = at - 1;
      let code = text.charCodeAt(before);
      while (isWhitespace(code)) code = text.charCodeAt(--before);
      if ((before < 0 || code === COLON || code === COMMA || code === OPEN_BRACKET) && ++opens > most) return false;
    }
  }
  return true;
}
