/**
 * A document past the whole-document route's size that is one array, mostly of strings (arrays of
 * messages, log records, source files, exported rows of text), handed to the engine's JSON.parse in
 * runs of its elements, each about {@link ARRAY_RUN_LIMITS}.runBytes long, and the runs' arrays joined.
 *
 * The parser reads such documents at 2 to 6 times native's time (`JSON.parse` scans strings in the
 * engine, the parser makes a string by a call for each), and a pass to find where the elements end
 * costs about as much as native's whole parse (bench/NOTES.md, round 56). So the cuts are guessed,
 * not found: at a comma between what looks like the end of one element and the start of another,
 * like the first one. A guess is then proved by JSON.parse itself: the first run starts at the first
 * element, and when `[` + run + `]` parses, the run is a list of whole elements, so the comma after
 * it separates two of the array's elements, and the next run starts at one (a run that ended inside
 * a string, or inside a nested container, leaves that string or container open, and JSON.parse
 * refuses it). A refused guess is followed by the next few; after that, or where a run's text holds
 * what the route's checks refuse (whole-documents.ts: escaped or guarded keys, depth), the parser
 * reads the whole document, and fails where it is wrong. So a wrong document costs at most a few
 * runs more.
 *
 * Each run's text is made, parsed and dropped at once: no document-sized text, as with the parser.
 * Not for shared memory (its bytes may change between a guess and its proof), `fatal`, Bun (whose
 * parser reads its documents as fast), nor the browser build (its size cap).
 */

import { typedArrayIndexOf, typedArraySet } from '../buffers/intrinsics.js';
import { byteRange } from './byte-views.js';
import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, COMMA, OPEN_BRACE, OPEN_BRACKET, QUOTE, isWhitespace } from './bytes.js';
import { builtinJsonParse } from './engine-json-parse.js';
import type { InputBytes } from './input-bytes.js';
import type { ResolvedOptions } from './options.js';
import { OwnStack } from './own-slots.js';
import { joinArrays } from './array-scratch.js';
import { mostlyStrings } from './string-sample.js';
import { NOT_ROUTED, UNPARSED, decodeText, parseCheckedText } from './whole-documents.js';
import { BROWSER_BUILD } from '../platform/browser-build.js';
import { ON_BUN } from '../platform/on-bun.js';

/** Whether this engine reads long arrays in runs. */
export const READS_ARRAY_RUNS = !BROWSER_BUILD && !ON_BUN && builtinJsonParse !== undefined;

/** The sizes of runs, with their reasons. */
export interface ArrayRunLimits {
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
}

/** The limits in force. Mutable for the tests alone, which shrink them. */
export const ARRAY_RUN_LIMITS: ArrayRunLimits = { runBytes: 1 << 20, searchBytes: 1 << 20, guessesPerCut: 4 };

/** The longest first key an object element's cuts compare, quotes included. */
const MAX_SIGNATURE_BYTES = 64;

/**
 * The value of the document in `input` from `start`, an array read in runs by JSON.parse; NOT_ROUTED
 * when it is not such an array, or when a run is refused: the parser then reads it all.
 */
export function readArrayInRuns(input: InputBytes, start: number, options: ResolvedOptions, limits: ArrayRunLimits = ARRAY_RUN_LIMITS): unknown {
  const { bytes, length } = input;
  if (input.shared || options.fatal || options.maxDepth < 1) return NOT_ROUTED;
  let first = start;
  while (first < length && isWhitespace(bytes[first])) first++;
  let close = length - 1;
  while (close > first && isWhitespace(bytes[close])) close--;
  if (bytes[first] !== OPEN_BRACKET || bytes[close] !== CLOSE_BRACKET || !mostlyStrings(bytes, first, close)) return NOT_ROUTED;
  const cuts = new CutGuesser(bytes, first + 1, close);
  if (cuts.elementOpening === 0) return NOT_ROUTED;
  const runs = new OwnStack<unknown[]>([]);
  // Each run is copied between brackets into this, and decoded from it: `[` + text + `]` made a
  // second, flat copy of each run's text in fresh memory, a quarter of the time on ASCII strings.
  const bracketed = new Uint8Array(limits.runBytes + limits.searchBytes + 2);
  bracketed[0] = OPEN_BRACKET;
  let from = first + 1;
  for (;;) {
    let cut = close - from > limits.runBytes + limits.searchBytes ? cuts.next(from + limits.runBytes, from + limits.runBytes + limits.searchBytes) : close;
    let run: unknown = UNPARSED;
    for (let guesses = 0; ; ) {
      if (cut === -1) return NOT_ROUTED;
      run = parseRun(bytes, from, cut, bracketed, cuts.elementOpening === QUOTE, options);
      if (run !== UNPARSED) break;
      if (cut === close || ++guesses === limits.guessesPerCut) return NOT_ROUTED;
      cut = cuts.next(cut + 1, from + limits.runBytes + limits.searchBytes);
    }
    if (run === NOT_ROUTED) return NOT_ROUTED;
    runs.push(run as unknown[]);
    if (cut === close) break;
    from = cut + 1;
  }
  return joinArrays(runs.items.slice(0, runs.length));
}

/**
 * JSON.parse's array of the elements in `bytes[from, to)`, `to` being a comma or the closing
 * bracket, copied into `bracketed` after its `[`; UNPARSED when JSON.parse refuses them, NOT_ROUTED
 * when the route's checks do. A run of `strings` has no keys and no depth to check: the elements are
 * checked after JSON.parse instead, and the route's checks are made only if one is not a string.
 */
function parseRun(bytes: Uint8Array, from: number, to: number, bracketed: Uint8Array, strings: boolean, options: ResolvedOptions): unknown {
  const end = to - from + 2;
  typedArraySet(bracketed, byteRange(bytes, from, to), 1);
  bracketed[end - 1] = CLOSE_BRACKET;
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
 * Guesses where a run may end: a comma after the last byte of an element like the array's first
 * (a closing quote with an even run of backslashes before it, or the closing bracket of its kind)
 * and before the first bytes of one (for objects, `{` and the first element's first key).
 */
class CutGuesser {
  /** The first element's opening byte (a quote or a bracket), 0 for any other kind of element. */
  readonly elementOpening: number;
  private readonly elementClosing: number;
  /** For objects, the first element's first key with its quotes: `signatureStart` to `signatureEnd`. */
  private readonly signatureStart: number;
  private readonly signatureEnd: number;

  constructor(private readonly bytes: Uint8Array, elementsStart: number, private readonly close: number) {
    let at = elementsStart;
    while (at < close && isWhitespace(bytes[at])) at++;
    const opening = bytes[at];
    this.elementOpening = opening === QUOTE || opening === OPEN_BRACE || opening === OPEN_BRACKET ? opening : 0;
    this.elementClosing = opening === QUOTE ? QUOTE : opening === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET;
    this.signatureStart = 0;
    this.signatureEnd = 0;
    if (opening !== OPEN_BRACE) return;
    at++;
    while (at < close && isWhitespace(bytes[at])) at++;
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
      if (this.fits(comma)) return comma;
    }
    return -1;
  }

  private fits(comma: number): boolean {
    const bytes = this.bytes;
    let before = comma - 1;
    while (isWhitespace(bytes[before])) before--;
    if (bytes[before] !== this.elementClosing) return false;
    if (this.elementClosing === QUOTE) {
      let backslashes = 0;
      while (bytes[before - 1 - backslashes] === BACKSLASH) backslashes++;
      if ((backslashes & 1) !== 0) return false;
    }
    let after = comma + 1;
    while (isWhitespace(bytes[after])) after++;
    if (bytes[after] !== this.elementOpening) return false;
    if (this.signatureEnd === 0) return true;
    after++;
    while (isWhitespace(bytes[after])) after++;
    for (let at = this.signatureStart; at < this.signatureEnd; at++, after++) if (bytes[after] !== bytes[at]) return false;
    return true;
  }
}
