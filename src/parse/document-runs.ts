/**
 * A document past the whole-document route's size that is one array mostly of text (arrays of
 * messages, log records or source files, exported rows of text) or one indented map of long members
 * (names to records of prose), alone or as a wrapper's last member, handed to the engine's
 * JSON.parse in runs of its elements or members, each about {@link DOCUMENT_RUN_LIMITS}.runBytes
 * long, and the runs' values joined. Other long documents are read by the parser, whose plan (large-subtrees.ts) cuts
 * their long containers into runs where it finds them exactly.
 *
 * The parser reads such documents at 1.5 to 6 times native's time (`JSON.parse` scans strings in
 * the engine, the parser makes a string by a call for each), and a pass to find where the elements
 * end costs about as much as native's whole parse (bench/NOTES.md, round 56). So the cuts are
 * guessed, not found: at a comma between what looks like the end of one element and the start of
 * another like the first one (at the same indent, in an indented document). A guess is then proved
 * by JSON.parse itself: the first run starts at the first element, and when `[` + run + `]` parses,
 * the run is a list of whole elements, so the comma after it separates two of the array's, and the
 * next run starts at one. A run that ended inside a string, or inside a nested container, leaves
 * that string or container open, and JSON.parse refuses it. A refused guess is followed by another; after
 * that, or where a run's text holds what the route's checks refuse (whole-documents.ts: escaped or
 * guarded keys, depth), the parser reads the whole document, and fails where it is wrong. So a
 * wrong guess costs a run's parse, and a wrong document at most two runs more.
 *
 * A map (an object whose members average a kilobyte or more: names to records of prose) goes the
 * same way only when indented. Its cuts are at a comma, a line break and the first member's indent
 * before a quote: a line break is never inside a string, so such a comma is outside strings, and a
 * nested map's members are indented further. In minified text nested members look like the top
 * ones, and guesses there cost a refused run each (bench/NOTES.md, round 56). The runs' objects are
 * joined member by member (join-objects.ts), which costs more than the parser's whole read of maps
 * of short members (round 57).
 *
 * Each run's text is made, parsed and dropped at once: no document-sized text, as with the parser.
 * Not for shared memory (its bytes may change between a guess and its proof), `fatal`, Bun (whose
 * parser is not measured against this), nor the browser build (its size cap).
 */

import { typedArrayIndexOf, typedArraySet } from '../buffers/intrinsics.js';
import { byteRange } from './byte-views.js';
import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, LINE_FEED, OPEN_BRACE, OPEN_BRACKET, QUOTE, isWhitespace } from './bytes.js';
import { builtinJsonParse } from './engine-json-parse.js';
import type { InputBytes } from './input-bytes.js';
import type { ResolvedOptions } from './options.js';
import { OwnStack } from './own-slots.js';
import { joinArrays } from './array-scratch.js';
import { joinObjects } from './join-objects.js';
import { mostlyLongStrings } from './string-sample.js';
import { SUBTREE_PLAN_LIMITS } from './large-subtrees.js';
import { NOT_ROUTED, UNPARSED, decodeText, parseCheckedText } from './whole-documents.js';
import { BROWSER_BUILD } from '../platform/browser-build.js';
import { decodeRange } from './utf8.js';
import { ON_BUN } from '../platform/on-bun.js';

/** Whether this engine reads long documents in runs. */
export const READS_DOCUMENT_RUNS = !BROWSER_BUILD && !ON_BUN && builtinJsonParse !== undefined;

/** The sizes of runs, with their reasons. */
export interface DocumentRunLimits {
  /**
   * A run ends at the first fitting comma this many bytes after its start. 1 MiB: the text made for
   * it stays small against the document, and under the servers' 1 MB semi-space its values go to old
   * space at once (large-subtrees.ts, minSubtreeBytes).
   */
  runBytes: number;
  /** How far past runBytes a fitting comma is looked for, before the document goes to the parser. */
  searchBytes: number;
  /** Guesses refused by JSON.parse at one cut before the document goes to the parser. */
  guessesPerCut: number;
  /**
   * The least share of the first 4 KB's bytes (blanks left out) inside strings (the plan's, 85 %),
   * and the least mean length of those strings, quotes included: text. Arrays of records of numbers
   * and short strings (the servers' 10 MB bodies, 9 bytes a string) read slower in runs under a
   * memory cap, whose young generation the runs' values outlive (1.23 against 0.90 times native's
   * time on Node 26, bench/NOTES.md, round 56). Log records with a timestamp and a level beside
   * their message (26.5 bytes a string) read 1.1 to 1.25 times native's time in runs, with the
   * servers' heap flags too, and 1.2 to 2.2 by the parser (round 59): 24, under the plan's 32.
   */
  minStringShare: number;
  minMeanStringBytes: number;
  /**
   * A map goes in runs only if its members average this many bytes in its first
   * {@link MEMBER_SAMPLE_BYTES}: the plan's threshold for objects in runs (large-subtrees.ts), whose
   * join costs about 0.4 µs a member.
   */
  minRunMemberBytes: number;
  /**
   * The most bytes of members a wrapper may hold before its long container, and after it: a page's
   * head and tail (`{"version": 3, "data": […], "total": 9}`).
   */
  maxWrapperBytes: number;
}

/** The limits in force. Mutable for the tests alone, which shrink them. */
export const DOCUMENT_RUN_LIMITS: DocumentRunLimits = {
  runBytes: 1 << 20,
  searchBytes: 1 << 20,
  guessesPerCut: 2,
  minStringShare: SUBTREE_PLAN_LIMITS.minStringShare,
  minMeanStringBytes: 24,
  minRunMemberBytes: SUBTREE_PLAN_LIMITS.minRunMemberBytes,
  maxWrapperBytes: 4096,
};

/** Past runBytes, the room the run's buffer has before it is made again: most runs end within an element. */
const RUN_SLACK_BYTES = 64 * 1024;

/** Refused guesses in a row after which the search for a wrapper's tail ends (tailStart). */
const MAX_TAIL_GUESSES = 8;

/** Guesses tried by JSON.parse in all, past which the search gives up (tailStart). */
const MAX_TAIL_PARSES = 16;

const PROTO_KEY = '__proto__';

/** The longest first key an object element's cuts compare, quotes included. */
const MAX_SIGNATURE_BYTES = 64;

/**
 * A map's members are counted in this many of its first bytes: a member of the first must start
 * within it, so that a one-member wrapper is not taken for a map of long members.
 */
const MEMBER_SAMPLE_BYTES = 16 * 1024;


/**
 * The value of the document in `input` from `start`, an array or a map read in runs by JSON.parse;
 * NOT_ROUTED when it is not such a document, or when a run is refused: the parser then reads it all.
 */
export function readDocumentInRuns(input: InputBytes, start: number, options: ResolvedOptions, limits: DocumentRunLimits = DOCUMENT_RUN_LIMITS): unknown {
  const { bytes, length } = input;
  if (input.shared || options.fatal || options.maxDepth < 1) return NOT_ROUTED;
  let first = start;
  while (first < length && isWhitespace(bytes[first])) first++;
  let close = length - 1;
  while (close > first && isWhitespace(bytes[close])) close--;
  if (bytes[first] === OPEN_BRACE && bytes[close] === CLOSE_BRACE) return readObjectDocument(bytes, first, close, options, limits);
  if (bytes[first] !== OPEN_BRACKET || bytes[close] !== CLOSE_BRACKET || !runsFit(bytes, first, close, limits)) return NOT_ROUTED;
  return readContainerInRuns(bytes, first, close, options, limits);
}

/**
 * A document that is an object: a wrapper whose last member is one long array or map of text
 * (readWrapped), or itself a map of long members.
 */
function readObjectDocument(bytes: Uint8Array, first: number, close: number, options: ResolvedOptions, limits: DocumentRunLimits): unknown {
  const firstMember = skipBlanks(bytes, first + 1);
  const indentStart = indentOf(bytes, first + 1, firstMember);
  if (options.maxDepth >= 2) {
    // The wrapped container is followed by a tail of members, or ends the object.
    let containerClose = tailStart(bytes, first, close, limits.maxWrapperBytes);
    if (containerClose === -1) {
      containerClose = close - 1;
      while (containerClose > first && isWhitespace(bytes[containerClose])) containerClose--;
    }
    const open = wrappedContainerOpen(bytes, first, containerClose, limits.maxWrapperBytes);
    // In an indented map of records, the record at the first 4 KB's end looks like a wrapped
    // container until a member at the map's indent follows it.
    const last = open !== -1 && (indentStart === -1 || countMemberStarts(bytes, open, Math.min(containerClose, open + MEMBER_SAMPLE_BYTES), indentStart, firstMember - indentStart) === 0);
    // Before the members are parsed: the servers' 10 MB records (`{"items": […]}`) stop here.
    if (last && runsFit(bytes, open, containerClose, limits)) return readWrapped(bytes, first, open, containerClose, close, options, limits);
  }
  return runsFit(bytes, first, close, limits) ? readContainerInRuns(bytes, first, close, options, limits) : NOT_ROUTED;
}

/**
 * The opening bracket of a container that a wrapper's member holds from its first `maxHeadBytes`
 * and that may close at `containerClose` (a closing bracket of its kind); -1 if none.
 */
function wrappedContainerOpen(bytes: Uint8Array, first: number, containerClose: number, maxHeadBytes: number): number {
  if (bytes[containerClose] !== CLOSE_BRACKET && bytes[containerClose] !== CLOSE_BRACE) return -1;
  const open = longContainerStart(bytes, first + 1, Math.min(containerClose, first + maxHeadBytes));
  return open !== -1 && bytes[open] === (bytes[containerClose] === CLOSE_BRACKET ? OPEN_BRACKET : OPEN_BRACE) ? open : -1;
}

/**
 * Where a wrapped container followed by a tail of members may close, in an object from `first` to
 * `close` (its `}`): a closing bracket in the object's last `maxTailBytes` after which come a comma
 * and members that JSON.parse reads to the end (`], "total": 9}`), the leftmost of them. Brackets are
 * tried from the right: those inside the tail may read as the end of one too (`"a": [1], "b": 2}`),
 * those inside the container never do, as its rest holds the bracket that closes it, so after
 * {@link MAX_TAIL_GUESSES} refusals in a row the search ends. Only a guess: the container's last run
 * proves it (readWrapped). -1 if none.
 */
function tailStart(bytes: Uint8Array, first: number, close: number, maxTailBytes: number): number {
  let found = -1;
  let refused = 0;
  let parses = 0;
  for (let at = close - 1, stop = Math.max(first + 1, close - maxTailBytes); at >= stop && refused < MAX_TAIL_GUESSES; at--) {
    if (bytes[at] !== CLOSE_BRACKET && bytes[at] !== CLOSE_BRACE) continue;
    const comma = skipBlanks(bytes, at + 1);
    if (bytes[comma] !== COMMA || bytes[skipBlanks(bytes, comma + 1)] !== QUOTE) continue;
    // A map of records reads as tails from each record's end: no short tail there.
    if (++parses > MAX_TAIL_PARSES) return -1;
    try {
      // The tail's members after an opening brace in its comma's place.
      builtinJsonParse!(`{${decodeRange(bytes, comma + 1, close + 1, false)}`);
      found = at;
      refused = 0;
    } catch {
      // Inside a string, or a nested container of the tail, or in the container's last elements.
      refused++;
    }
  }
  return found;
}

/**
 * Whether the array or object from `first` to `close` may go in runs, by its first bytes: mostly
 * text, by the runs' thresholds, and for an object, an indented map of long members.
 */
function runsFit(bytes: Uint8Array, first: number, close: number, limits: DocumentRunLimits): boolean {
  if (!mostlyLongStrings(bytes, first, close, limits.minStringShare, limits.minMeanStringBytes)) return false;
  return bytes[first] === OPEN_BRACKET || longMembers(bytes, first, close, limits.minRunMemberBytes);
}

/**
 * Whether the object from `open` to `close` is indented (its first member after a line break) and
 * its members, counted by their starts at the first one's indent within {@link MEMBER_SAMPLE_BYTES},
 * average `minMemberBytes` or more, with one start past the first in that sample.
 */
function longMembers(bytes: Uint8Array, open: number, close: number, minMemberBytes: number): boolean {
  const memberStart = skipBlanks(bytes, open + 1);
  const indentStart = indentOf(bytes, open + 1, memberStart);
  if (bytes[memberStart] !== QUOTE || indentStart === -1) return false;
  const stop = Math.min(close, memberStart + MEMBER_SAMPLE_BYTES);
  const starts = countMemberStarts(bytes, memberStart, stop, indentStart, memberStart - indentStart);
  return starts > 0 && starts * minMemberBytes <= stop - memberStart;
}

/** Where the line of `at` starts, when a line break after `from` begins it; else -1 (not indented). */
function indentOf(bytes: Uint8Array, from: number, at: number): number {
  let lineStart = at;
  while (lineStart > from && bytes[lineStart - 1] !== LINE_FEED) lineStart--;
  return bytes[lineStart - 1] === LINE_FEED ? lineStart : -1;
}

/** The line breaks from `from` to `stop` followed by the `indent` blanks at `model` and a quote: members' starts at that indent. */
function countMemberStarts(bytes: Uint8Array, from: number, stop: number, model: number, indent: number): number {
  let starts = 0;
  for (let lineFeed = typedArrayIndexOf(bytes, LINE_FEED, from); lineFeed !== -1 && lineFeed < stop; lineFeed = typedArrayIndexOf(bytes, LINE_FEED, lineFeed + 1)) {
    if (bytes[lineFeed + 1 + indent] === QUOTE && sameBytes(bytes, lineFeed + 1, model, indent)) starts++;
  }
  return starts;
}

/** Whether the `length` bytes at `at` are those at `model`. */
function sameBytes(bytes: Uint8Array, at: number, model: number, length: number): boolean {
  for (let offset = 0; offset < length; offset++) if (bytes[at + offset] !== bytes[model + offset]) return false;
  return true;
}

/**
 * `{ …, "name": […], … }` or `{ …, "name": {…}, … }`: an object with one long array or map of text
 * among its members (`open` to `containerClose`), after members that take at most
 * {@link DOCUMENT_RUN_LIMITS}.maxWrapperBytes and before as many (`{"version": 3, "data": […],
 * "total": 9}`: exports, API pages, schemas).
 * The plan's pass reads such a document whole before it cuts the container, and an indented one,
 * whose blanks count against the plan's share of strings, went to the parser: 1.8 to 4.5 times
 * native's time, against 1.0 to 1.5 for the same arrays alone (bench/NOTES.md, round 58). The
 * members around the container are parsed as they are, with an empty array in its place (`…[]…}`),
 * so JSON.parse proves that the container opens where a member's value does and checks those members
 * as it checks a run; its elements or members are read in runs as a document's are, one level
 * deeper, and put in that member. A name with an escape, `__proto__`, and a name the tail may repeat
 * are left to the parser.
 */
function readWrapped(bytes: Uint8Array, first: number, open: number, containerClose: number, close: number, options: ResolvedOptions, limits: DocumentRunLimits): unknown {
  const name = memberName(bytes, first, open);
  if (name === undefined || name === PROTO_KEY || !tailLeavesName(bytes, containerClose + 1, close, name)) return NOT_ROUTED;
  // The members around the container, its place kept by `[]`; no depth check can pass them that the
  // whole would fail, as the container's own levels are checked in its runs.
  const head = new Uint8Array(open - first + 2 + close - containerClose);
  typedArraySet(head, byteRange(bytes, first, open), 0);
  head[open - first] = OPEN_BRACKET;
  head[open - first + 1] = CLOSE_BRACKET;
  typedArraySet(head, byteRange(bytes, containerClose + 1, close + 1), open - first + 2);
  let text: string;
  try {
    text = decodeText(head, 0, head.length);
  } catch {
    return NOT_ROUTED;
  }
  const members = parseCheckedText(text, head, 0, head.length, options);
  if (members === NOT_ROUTED || members === UNPARSED || typeof members !== 'object' || members === null) return NOT_ROUTED;
  const contents = readContainerInRuns(bytes, open, containerClose, { ...options, maxDepth: options.maxDepth - 1 }, limits);
  if (contents === NOT_ROUTED) return NOT_ROUTED;
  // JSON.parse made the member an own data property, so this store meets no setter of a prototype.
  (members as Record<string, unknown>)[name] = contents;
  return members;
}

/**
 * Whether the members after a wrapped container (`bytes[from, close)`) cannot name it again: a later
 * member of the same name would take its place in JSON.parse's object. Judged by bytes: no
 * backslash (an escape may spell the name) and no quoted name anywhere in them.
 */
function tailLeavesName(bytes: Uint8Array, from: number, close: number, name: string): boolean {
  if (close - from < 2) return true;
  const backslash = typedArrayIndexOf(bytes, BACKSLASH, from);
  return (backslash === -1 || backslash >= close) && decodeRange(bytes, from, close, false).indexOf(`"${name}"`) === -1;
}

/**
 * The `[` or `{` at the start of a member's value, in an object's bytes from `from` to `limit`, that
 * does not close before `limit`: outside strings, at the object's own level (a nested container's
 * brackets are passed over). -1 if the stretch ends in anything else. Only a guess: JSON.parse of
 * the members before it proves it (readWrapped).
 */
function longContainerStart(bytes: Uint8Array, from: number, limit: number): number {
  let depth = 0;
  let candidate = -1;
  for (let at = from; at < limit; at++) {
    const byte = bytes[at];
    if (byte === QUOTE) {
      for (at++; at < limit && bytes[at] !== QUOTE; at++) if (bytes[at] === BACKSLASH) at++;
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      if (depth === 0) candidate = at;
      depth++;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      if (--depth < 0) return -1;
      if (depth === 0) candidate = -1;
    }
  }
  return candidate;
}

/** The name of the member whose value opens at `open` (`"name" : [`), when it holds no escape; else undefined. */
function memberName(bytes: Uint8Array, first: number, open: number): string | undefined {
  let at = open - 1;
  while (at > first && isWhitespace(bytes[at])) at--;
  if (bytes[at] !== COLON) return undefined;
  at--;
  while (at > first && isWhitespace(bytes[at])) at--;
  if (bytes[at] !== QUOTE) return undefined;
  const nameEnd = at;
  for (at--; at > first && bytes[at] !== QUOTE; at--) if (bytes[at] === BACKSLASH) return undefined;
  // A quote after a backslash is inside the name: the name holds an escape.
  if (bytes[at] !== QUOTE || at === first || bytes[at - 1] === BACKSLASH) return undefined;
  return decodeRange(bytes, at + 1, nameEnd, false);
}

/**
 * The value of the array or map from `first` (its `[` or `{`) to `close` (its `]` or `}`), its
 * elements or members read in runs and joined; NOT_ROUTED when a run is refused.
 */
function readContainerInRuns(bytes: Uint8Array, first: number, close: number, options: ResolvedOptions, limits: DocumentRunLimits): unknown {
  const inObject = bytes[first] === OPEN_BRACE;
  const cuts = new CutGuesser(bytes, first + 1, close, inObject);
  if (cuts.elementOpening === 0) return NOT_ROUTED;
  // Strings alone need no checks of keys or depth (parseRun).
  const strings = !inObject && cuts.elementOpening === QUOTE;
  const runs = new OwnStack<unknown>(null);
  // Each run is copied between brackets into this, and decoded from it: `[` + text + `]` made a
  // second, flat copy of each run's text in fresh memory, a quarter of the time on ASCII strings.
  // Made for a run of runBytes and a little more, and made again for a longer one: every byte of it
  // counts in what a parse allocates (5 MB of ASCII with one emoji, bench/NOTES.md, round 56).
  let bracketed = new Uint8Array(Math.min(close - first, limits.runBytes + RUN_SLACK_BYTES) + 2);
  bracketed[0] = bytes[first];
  let from = first + 1;
  const most = limits.runBytes + limits.searchBytes;
  for (;;) {
    // The rest is one run when it fits the buffer, or when no cut is found and it is no longer than
    // a run may be: a last run of up to `most` bytes made a buffer of its size for it alone, 2 MB of
    // the 17.5 a 5 MB array of text allocated (bench/NOTES.md, round 57).
    let cut = close - from <= most && close - from + 2 <= bracketed.length ? close : cuts.next(from + limits.runBytes, from + most);
    if (cut === -1 && close - from <= most) cut = close;
    let run: unknown = UNPARSED;
    for (let guesses = 0; ; ) {
      if (cut === -1) return NOT_ROUTED;
      if (cut - from + 2 > bracketed.length) {
        bracketed = new Uint8Array(cut - from + 2);
        bracketed[0] = bytes[first];
      }
      run = parseRun(bytes, from, cut, bracketed, bytes[close], strings, options);
      if (run !== UNPARSED) break;
      if (cut === close || ++guesses === limits.guessesPerCut) return NOT_ROUTED;
      cut = cuts.next(cut + 1, from + most);
      if (cut === -1 && close - from <= most) cut = close;
    }
    if (run === NOT_ROUTED) return NOT_ROUTED;
    runs.push(run);
    if (cut === close) break;
    from = cut + 1;
  }
  const parts = runs.items.slice(0, runs.length);
  return inObject ? joinObjects(parts as object[]) : joinArrays(parts as unknown[][]);
}

/**
 * JSON.parse's array or object of the elements or members in `bytes[from, to)`, `to` being a comma
 * or the closing bracket, copied into `bracketed` after its opening bracket and closed by `closing`;
 * UNPARSED when JSON.parse refuses them, NOT_ROUTED when the route's checks do. A run of `strings`
 * has no keys and no depth to check: the elements are checked after JSON.parse instead, and the
 * route's checks are made only if one is not a string.
 */
function parseRun(bytes: Uint8Array, from: number, to: number, bracketed: Uint8Array, closing: number, strings: boolean, options: ResolvedOptions): unknown {
  const end = to - from + 2;
  typedArraySet(bracketed, byteRange(bytes, from, to), 1);
  bracketed[end - 1] = closing;
  let text: string;
  try {
    text = decodeText(bracketed, 0, end);
  } catch {
    return NOT_ROUTED;
  }
  // The escaped-key scan (V8's escaped-key bug) cost arrays of strings with escapes a third of
  // native's time (bench/NOTES.md, round 56); a walk of an array of strings costs next to nothing.
  if (strings) {
    let run: unknown[];
    try {
      run = builtinJsonParse!(text) as unknown[];
    } catch {
      return UNPARSED;
    }
    if (allStrings(run)) return run;
  }
  return parseCheckedText(text, bracketed, 0, end, options);
}

function allStrings(values: unknown[]): boolean {
  for (let index = 0; index < values.length; index++) if (typeof values[index] !== 'string') return false;
  return true;
}

/**
 * Guesses where a run may end: a comma after the last byte of an element like the array's first (a
 * closing quote with an even run of backslashes before it, or the closing bracket of its kind) and
 * before the first bytes of one: its opening byte, for objects with the first element's first key,
 * and in an indented array after a line break and the first element's indent. In a map, a comma
 * after any value and before a line break, the first member's indent and a quote: a map goes in runs
 * only when indented (runsFit).
 */
class CutGuesser {
  /** The first element's opening byte (a quote or a bracket; a map member's quote), 0 for any other kind of element or an unindented map. */
  readonly elementOpening: number = 0;
  private readonly elementClosing: number = 0;
  /** For objects, the first element's first key with its quotes: `signatureStart` to `signatureEnd`. */
  private readonly signatureStart: number = 0;
  private readonly signatureEnd: number = 0;
  /** In an indented array, the first element's indent (the blanks after its line break): `indentStart` to `indentEnd`. */
  private readonly indentStart: number = -1;
  private readonly indentEnd: number = -1;

  constructor(private readonly bytes: Uint8Array, elementsStart: number, private readonly close: number, members: boolean) {
    let at = skipBlanks(bytes, elementsStart);
    const opening = bytes[at];
    if (opening !== QUOTE && (members || (opening !== OPEN_BRACE && opening !== OPEN_BRACKET))) return;
    const lineStart = indentOf(bytes, elementsStart, at);
    if (lineStart !== -1) {
      this.indentStart = lineStart;
      this.indentEnd = at;
    } else if (members) return;
    this.elementOpening = opening;
    // A member's value may end in any byte (elementClosing 0).
    if (members) return;
    this.elementClosing = opening === QUOTE ? QUOTE : opening === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET;
    if (opening !== OPEN_BRACE) return;
    at = skipBlanks(bytes, at + 1);
    if (bytes[at] !== QUOTE) return;
    let keyEnd = at + 1;
    while (keyEnd < close && keyEnd - at < MAX_SIGNATURE_BYTES && bytes[keyEnd] !== QUOTE && bytes[keyEnd] !== BACKSLASH) keyEnd++;
    if (bytes[keyEnd] !== QUOTE) return;
    this.signatureStart = at;
    this.signatureEnd = keyEnd + 1;
  }

  /** The first fitting comma from `from`, before `limit` and the closing bracket; -1 if none. */
  next(from: number, limit: number): number {
    const { bytes, close } = this;
    const stop = limit < close ? limit : close;
    for (let comma = typedArrayIndexOf(bytes, COMMA, from); comma !== -1 && comma < stop; comma = typedArrayIndexOf(bytes, COMMA, comma + 1)) {
      if (this.endsElement(comma) && this.startsElement(comma + 1)) return comma;
    }
    return -1;
  }

  private endsElement(comma: number): boolean {
    if (this.elementClosing === 0) return true;
    const bytes = this.bytes;
    let before = comma - 1;
    while (isWhitespace(bytes[before])) before--;
    if (bytes[before] !== this.elementClosing) return false;
    if (this.elementClosing !== QUOTE) return true;
    let backslashes = 0;
    while (bytes[before - 1 - backslashes] === BACKSLASH) backslashes++;
    return (backslashes & 1) === 0;
  }

  private startsElement(from: number): boolean {
    const bytes = this.bytes;
    let at = skipBlanks(bytes, from);
    if (bytes[at] !== this.elementOpening) return false;
    if (this.indentStart !== -1) {
      // The same indent after a line break: an element of a nested array is indented further.
      const indent = this.indentEnd - this.indentStart;
      if (bytes[at - indent - 1] !== LINE_FEED || !sameBytes(bytes, at - indent, this.indentStart, indent)) return false;
    }
    if (this.signatureEnd === 0) return true;
    at = skipBlanks(bytes, at + 1);
    for (let key = this.signatureStart; key < this.signatureEnd; key++, at++) if (bytes[at] !== bytes[key]) return false;
    return true;
  }
}

function skipBlanks(bytes: Uint8Array, from: number): number {
  let at = from;
  while (isWhitespace(bytes[at])) at++;
  return at;
}
