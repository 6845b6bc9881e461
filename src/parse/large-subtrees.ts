/**
 * Large, string-heavy objects and arrays of large inputs (maps of names to prose, message
 * catalogues, Cyrillic and CJK text), handed whole to the engine's own JSON.parse.
 *
 * Under a memory cap V8 shrinks the young generation (a 1 MB semi-space inside a 300 MB group).
 * The value a parser builds survives every scavenge while it grows, so each scavenge copies it:
 * 18 ms of a 10 MB parse, 182 scavenges in 10 parses. V8's JSON.parse puts a large text's whole
 * value in old space when the young generation is small against the text, and scavenges 5 times
 * in the same 10 parses. JavaScript cannot choose where its strings and objects go, so the parser
 * hands such subtrees to JSON.parse (bench/NOTES.md, round 29).
 *
 * Only subtrees whose bytes are mostly long strings go: on those JSON.parse of the text was mostly
 * as fast or faster even uncapped, while on numbers, records and short strings the parser is
 * (round 29's table). Each subtree's text is made, parsed and dropped at once: at most
 * `maxSubtreeBytes`, not the document. JSON.parse makes sequential strings, never slices of the
 * text (V8 13.6 and 14.6), so nothing kept pins it.
 */

import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, COMMA, OPEN_BRACE, OPEN_BRACKET, QUOTE, isWhitespace } from './bytes.js';
import { engineJsonParse } from './engine-json-parse.js';
import { readsEscapedKeysRight } from './escaped-keys.js';
import { BROWSER_BUILD } from '../platform/browser-build.js';
import { NO_SUBTREE, type ParseState } from './state.js';
import { MAX_ROUTED_TEXT_BYTES } from './text-limits.js';
import { decodeInPieces, decodesRangeInPieces } from './utf8.js';
import { skipTextWords } from './word-view.js';
import { OwnStack } from './own-slots.js';
import { joinArrays } from './array-scratch.js';
import { joinObjects } from './join-objects.js';
import { typedArraySet } from '../buffers/intrinsics.js';
import { closingQuoteAt } from './string-end.js';
import { byteRange } from './byte-views.js';

/** Whether this engine hands subtrees to JSON.parse at all. */
export const PLANS_LARGE_SUBTREES = !BROWSER_BUILD && engineJsonParse !== undefined;

/**
 * The limits and thresholds of a plan, each with its evidence (bench/NOTES.md, round 29, whose
 * scripts are named there); tests pass smaller ones.
 */
export interface SubtreePlanLimits {
  /**
   * Inputs shorter than this are not planned: the servers' 1 MB bodies, where parseBody already
   * served as many requests as the usual pipeline or more (round 28), stay as they were.
   */
  readonly minInputBytes: number;
  /**
   * A subtree's least size. Under a 1 MB semi-space, JSON.parse kept the values of a 400 KB text in
   * the young generation and put those of an 800 KB text in old space (`young.mjs`).
   */
  readonly minSubtreeBytes: number;
  /** A subtree's greatest size: it bounds the text made for JSON.parse (8 MB as UTF-16). */
  readonly maxSubtreeBytes: number;
  /**
   * The least share of a subtree's bytes inside strings, quotes included. With the next one, the
   * mixed server body's four parts qualify (0.91 to 0.98 of their bytes in strings of 40 to 325
   * bytes on average), and none of the shapes the parser builds faster than JSON.parse does: records
   * (0.79, 9 bytes), citm_catalog (0.16), canada, aws-iam-actions (0.63, 18 bytes) (`proto.mjs`).
   */
  readonly minStringShare: number;
  /** The least mean length of its strings, in bytes with their quotes. */
  readonly minMeanStringBytes: number;
  /**
   * The plan's pass reads the input in stretches, and stops for good after one whose strings fail
   * either threshold: documents of another shape pay for the first stretch only, which is short for
   * that reason (the pass took 195 µs for citm_catalog's first 64 KB, 30 µs for its first 4 KB).
   */
  readonly firstStretchBytes: number;
  /** The length of the stretches after the first. */
  readonly stretchBytes: number;
  /**
   * An array or object past maxSubtreeBytes, string-heavy as a subtree must be, goes to JSON.parse
   * in runs of its elements or members, each cut at the first comma this many bytes after the run's
   * start (and at most maxSubtreeBytes long). 1 MiB: under the servers' 1 MB semi-space such a run's
   * values go to old space, as a subtree's do (minSubtreeBytes).
   */
  readonly runBytes: number;
  /**
   * An object goes in runs only if its members average this many bytes: the runs' objects are joined
   * member by member (join-objects.ts), about 0.4 µs a member in a large map, which with the runs'
   * parse cost more than the parser's whole read of maps of names to ARNs or to messages
   * (bench/NOTES.md, rounds 56 and 57).
   */
  readonly minRunMemberBytes: number;
}

export const SUBTREE_PLAN_LIMITS: SubtreePlanLimits = {
  minInputBytes: 1 << 20,
  minSubtreeBytes: 512 * 1024,
  maxSubtreeBytes: MAX_ROUTED_TEXT_BYTES,
  minStringShare: 0.85,
  minMeanStringBytes: 32,
  firstStretchBytes: 4 * 1024,
  stretchBytes: 64 * 1024,
  runBytes: 1 << 20,
  minRunMemberBytes: 1024,
};

/** Bytes after an escape that the plan's pass reads one by one before it reads a string by words. */
const WORDS_AFTER_ESCAPE = 4;

/** Escapes in one string after which the plan's pass looks for its end by the engine's search. */
const DENSE_ESCAPES = 64;

/** Containers the plan follows: deeper input is read by the parser alone. */
const MAX_PLAN_DEPTH = 256;

/** The keys that protoAction and constructorAction guard. */
const GUARDED_KEYS: readonly string[] = ['__proto__', 'constructor'];

/**
 * Finds, in one pass before the parse, the outermost subtrees to hand to JSON.parse, and leaves them
 * on `state` as pairs of offsets (their first byte and the byte after their last), in order. An
 * array or object too long to be one subtree may go in runs of its elements or members: its pair is
 * its first byte and `-n`, and `state.subtreeRuns[n - 1]` lists where each run ends (at a comma; the
 * last at the byte after the container).
 *
 * The pass follows brackets and strings only; it does not check the grammar. A subtree it chose
 * that JSON.parse refuses is read by the parser, which then fails at the same byte as without a
 * plan. A subtree is refused when it holds a key with an escape where the engine gives some wrong
 * (escaped-keys.ts) or, when protoAction or constructorAction guard keys, a key that they guard or
 * any key with an escape.
 */
export function planLargeSubtrees(state: ParseState, limits: SubtreePlanLimits = SUBTREE_PLAN_LIMITS): void {
  const bytes = state.bytes;
  const end = state.end;
  // Shared memory may change under the pass; a short input's kept copy holds older bytes past its end.
  if (engineJsonParse === undefined || end < limits.minInputBytes || state.fatal || state.shared || bytes.length !== end) return;
  // Bad input must still fail at its first bad byte at once: a document that does not open a
  // container is not planned, and the pass stops at the first byte outside strings that JSON has
  // nowhere outside strings (the parser then fails there, having read no further).
  let first = state.pos;
  while (first < end && isWhitespace(bytes[first])) first++;
  if (bytes[first] !== OPEN_BRACE && bytes[first] !== OPEN_BRACKET) return;
  const outside = outsideStringBytes();
  const guardsKeys = state.protoAction !== 'ignore' || state.constructorAction !== 'ignore';
  const escapedKeysWrong = !readsEscapedKeysRight(engineJsonParse);
  const maxDepth = state.maxDepth < MAX_PLAN_DEPTH ? state.maxDepth : MAX_PLAN_DEPTH;
  const { minSubtreeBytes, maxSubtreeBytes, minStringShare, minMeanStringBytes, stretchBytes, runBytes, minRunMemberBytes } = limits;
  // Kept across plans: typed arrays this long get a backing store of their own, made at each call.
  const { opens, stringBytesAtOpen, stringsAtOpen, inObject, runStart, longestRun, cutsAtOpen, commas } = (planStacks ??= {
    opens: new Float64Array(MAX_PLAN_DEPTH),
    stringBytesAtOpen: new Float64Array(MAX_PLAN_DEPTH),
    stringsAtOpen: new Float64Array(MAX_PLAN_DEPTH),
    inObject: new Uint8Array(MAX_PLAN_DEPTH),
    runStart: new Float64Array(MAX_PLAN_DEPTH),
    longestRun: new Float64Array(MAX_PLAN_DEPTH),
    cutsAtOpen: new Float64Array(MAX_PLAN_DEPTH),
    commas: new Float64Array(MAX_PLAN_DEPTH),
  });
  // Own slots only (own-slots.ts): a setter a program put on Array.prototype must not steer the plan.
  const subtrees = new OwnStack(0);
  /** The commas where runs of the open arrays' elements end, the innermost array's last. */
  const cuts = new OwnStack(0);
  const runLists = new OwnStack<number[]>([]);
  let depth = 0;
  /** Bytes inside strings so far, quotes included, and how many strings. */
  let stringBytes = 0;
  let strings = 0;
  /** Where the last refused key starts: no subtree that holds it is chosen. */
  let refusedKeyAt = -1;
  let atKey = false;
  let stretchStart = state.pos;
  let stretchEnd = stretchStart + limits.firstStretchBytes;
  let stringBytesAtStretch = 0;
  let stringsAtStretch = 0;
  /** Whether a container opened inside the outermost one, which a flat map's first stretch has not. */
  let nested = false;
  plan: for (let pos = state.pos; pos < end; pos++) {
    if (pos >= stretchEnd) {
      const stretchStringBytes = stringBytes - stringBytesAtStretch;
      if (stretchStringBytes < minStringShare * (pos - stretchStart) || stretchStringBytes < minMeanStringBytes * (strings - stringsAtStretch)) break;
      if (stretchStart === state.pos && flatMapOfShortMembers(depth, nested, end - first, pos - first, commas[0], inObject[0] === 1, limits)) break;
      stretchStart = pos;
      stretchEnd = pos + stretchBytes;
      stringBytesAtStretch = stringBytes;
      stringsAtStretch = strings;
    }
    switch (bytes[pos]) {
      case QUOTE: {
        const from = pos++;
        let escapes = 0;
        /** Bytes read one by one since the last escape: text dense with escapes is not read by words. */
        let sinceEscape = WORDS_AFTER_ESCAPE;
        for (;;) {
          // Long strings a word at a time; the word scan needs 3 bytes before it. After an escape,
          // a few bytes one by one first, and past DENSE_ESCAPES escapes, the closing quote by the
          // engine's search: a call a byte cost a string of `\n` every two bytes a third of its
          // parse (bench/NOTES.md, round 56).
          if (sinceEscape >= WORDS_AFTER_ESCAPE && pos >= 3) pos = skipTextWords(state, pos);
          const byte = bytes[pos];
          if (byte === QUOTE || pos >= end) break;
          if (byte === BACKSLASH) {
            if (++escapes === DENSE_ESCAPES) {
              pos = closingQuoteAt(bytes, pos, end);
              break;
            }
            pos++;
            sinceEscape = -1;
          }
          pos++;
          sinceEscape++;
        }
        const escaped = escapes > 0;
        // A guarded key may be spelled with escapes ("\u005f_proto__"), which isGuardedKey cannot see.
        if (atKey && (escaped ? escapedKeysWrong || guardsKeys : guardsKeys && isGuardedKey(bytes, from + 1, pos))) refusedKeyAt = from;
        atKey = false;
        stringBytes += pos + 1 - from;
        strings++;
        break;
      }
      case OPEN_BRACE:
      case OPEN_BRACKET:
        if (depth === maxDepth) break plan;
        if (depth > 0) nested = true;
        opens[depth] = pos;
        stringBytesAtOpen[depth] = stringBytes;
        stringsAtOpen[depth] = strings;
        atKey = bytes[pos] === OPEN_BRACE;
        inObject[depth] = atKey ? 1 : 0;
        runStart[depth] = pos + 1;
        longestRun[depth] = 0;
        cutsAtOpen[depth] = cuts.length;
        commas[depth] = 0;
        depth++;
        break;
      case CLOSE_BRACE:
      case CLOSE_BRACKET: {
        if (depth === 0) break plan;
        depth--;
        atKey = false;
        const from = opens[depth];
        const size = pos + 1 - from;
        // Its runs' cuts: a container inside it took or dropped its own when it closed.
        const ownCuts = cutsAtOpen[depth];
        const finalRun = pos - runStart[depth];
        const inRuns =
          size > maxSubtreeBytes && ownCuts < cuts.length && longestRun[depth] <= maxSubtreeBytes && finalRun <= maxSubtreeBytes &&
          (inObject[depth] === 0 || size >= minRunMemberBytes * (commas[depth] + 1));
        const ownStringBytes = stringBytes - stringBytesAtOpen[depth];
        if (
          size >= minSubtreeBytes && (size <= maxSubtreeBytes || inRuns) && refusedKeyAt < from &&
          ownStringBytes >= minStringShare * size && ownStringBytes >= minMeanStringBytes * (strings - stringsAtOpen[depth])
        ) {
          // It holds any subtree chosen before it: those go, it stays. (Never a runs entry: one of
          // its runs would hold all of that array, past maxSubtreeBytes.)
          while (subtrees.length > 0 && subtrees.items[subtrees.length - 2] > from) subtrees.truncate(subtrees.length - 2);
          subtrees.push(from);
          if (inRuns) {
            const runEnds = new OwnStack(0);
            for (let cut = ownCuts; cut < cuts.length; cut++) runEnds.push(cuts.items[cut]);
            runEnds.push(pos + 1);
            runLists.push(runEnds.items.slice(0, runEnds.length));
            subtrees.push(-runLists.length);
          } else {
            subtrees.push(pos + 1);
          }
        }
        cuts.truncate(ownCuts);
        break;
      }
      case COMMA:
        atKey = depth > 0 && inObject[depth - 1] === 1;
        if (depth > 0) commas[depth - 1]++;
        // A run of the container's elements or members ends at the first comma past runBytes.
        if (depth > 0 && pos - runStart[depth - 1] >= runBytes) {
          const run = pos - runStart[depth - 1];
          if (run > longestRun[depth - 1]) longestRun[depth - 1] = run;
          cuts.push(pos);
          runStart[depth - 1] = pos + 1;
        }
        break;
      default:
        if (outside[bytes[pos]] === 0) break plan;
    }
  }
  if (subtrees.length === 0) return;
  state.subtrees = subtrees.items.slice(0, subtrees.length);
  state.subtreeRuns = runLists.items.slice(0, runLists.length);
  state.nextSubtree = subtrees.items[0];
}

/**
 * Whether the first stretch shows a map too long to be one subtree whose members hold no container
 * and average less than minRunMemberBytes (message catalogues, maps of names to identifiers): such a
 * map is not read in runs, and the pass would find nothing in it but a container nested further on.
 * The pass over the rest took 14 % of the parse of an 8 MB map of Cyrillic messages (Node 26,
 * bench/NOTES.md, round 59), so it stops, as after a stretch of another shape.
 */
function flatMapOfShortMembers(depth: number, nested: boolean, documentBytes: number, readBytes: number, commas: number, inObject: boolean, limits: SubtreePlanLimits): boolean {
  return depth === 1 && inObject && !nested && documentBytes > limits.maxSubtreeBytes && limits.minRunMemberBytes * (commas + 1) > readBytes;
}

/**
 * The value of the subtree that the plan chose and that opens at `open`; `state.pos` is then after it.
 * Undefined, with `state.pos` untouched, for any other container, or when JSON.parse refuses the text:
 * the parser reads it then, and fails where the text is wrong.
 */
export function readLargeSubtree(state: ParseState, open: number): unknown {
  const subtrees = state.subtrees;
  // Inputs past NO_SUBTREE bytes reach here with no plan.
  if (subtrees === undefined) return undefined;
  let index = state.subtreeIndex;
  // Subtrees passed by without being opened (none, when the input is valid up to them) are dropped.
  while (index < subtrees.length && subtrees[index] < open) index += 2;
  const chosen = index < subtrees.length && subtrees[index] === open;
  const close = chosen ? subtrees[index + 1] : 0;
  if (chosen) index += 2;
  state.subtreeIndex = index;
  state.nextSubtree = index < subtrees.length ? subtrees[index] : NO_SUBTREE;
  if (!chosen) return undefined;
  if (close < 0) return readRuns(state, open, state.subtreeRuns![-close - 1]);
  let value: unknown;
  try {
    value = engineJsonParse!(decodeInPieces(state.bytes, open, close, decodesRangeInPieces(close - open, state.end)));
  } catch {
    return undefined;
  }
  state.pos = close;
  return value;
}

/**
 * The array or object opening at `open`, its elements or members parsed by JSON.parse in runs that
 * end at `runEnds` (the last at the byte after the container), then joined; `state.pos` is then
 * after it. Undefined, with `state.pos` untouched, when JSON.parse refuses a run: the parser then
 * reads the whole container.
 */
function readRuns(state: ParseState, open: number, runEnds: number[]): unknown {
  const bytes = state.bytes;
  const inObject = bytes[open] === OPEN_BRACE;
  const runs = new OwnStack<unknown>(null);
  // Each run is copied between brackets into this, and decoded from it (a concatenation made a
  // second, flat copy of the text in fresh memory: document-runs.ts).
  let longest = 0;
  for (let index = 0, from = open + 1; index < runEnds.length; from = runEnds[index++] + 1) {
    if (runEnds[index] - from > longest) longest = runEnds[index] - from;
  }
  const bracketed = new Uint8Array(longest + 2);
  bracketed[0] = bytes[open];
  let from = open + 1;
  for (let index = 0; index < runEnds.length; index++) {
    const last = index === runEnds.length - 1;
    // The cut comma, or the closing bracket, is left out of the run's text.
    const to = last ? runEnds[index] - 1 : runEnds[index];
    // A run of blanks would parse as no elements: after a cut comma, that is a trailing comma.
    let content = from;
    while (content < to && isWhitespace(bytes[content])) content++;
    if (content === to) return undefined;
    const end = to - from + 2;
    typedArraySet(bracketed, byteRange(bytes, from, to), 1);
    bracketed[end - 1] = inObject ? CLOSE_BRACE : CLOSE_BRACKET;
    let run: unknown;
    try {
      run = engineJsonParse!(decodeInPieces(bracketed, 0, end, decodesRangeInPieces(end, state.end)));
    } catch {
      return undefined;
    }
    runs.push(run);
    from = to + 1;
  }
  state.pos = runEnds[runEnds.length - 1];
  const values = runs.items.slice(0, runs.length);
  return inObject ? joinObjects(values as object[]) : joinArrays(values as unknown[][]);
}

/** The plan's stack of open containers, by depth. */
let planStacks:
  | {
      opens: Float64Array;
      stringBytesAtOpen: Float64Array;
      stringsAtOpen: Float64Array;
      inObject: Uint8Array;
      /** In an open container: where its current run starts, its longest run so far, `cuts.length` when it opened, its commas. */
      runStart: Float64Array;
      longestRun: Float64Array;
      cutsAtOpen: Float64Array;
      commas: Float64Array;
    }
  | undefined;

let outsideStringTable: Uint8Array | undefined;

/** 1 for each byte JSON has outside strings, besides quotes, commas and brackets: blanks, numbers, literals. */
function outsideStringBytes(): Uint8Array {
  if (outsideStringTable !== undefined) return outsideStringTable;
  const table = new Uint8Array(256);
  for (const character of ' \t\n\r:0123456789-+.eEtrufalsn') table[character.charCodeAt(0)] = 1;
  return (outsideStringTable = table);
}

function isGuardedKey(bytes: Uint8Array, from: number, to: number): boolean {
  search: for (const key of GUARDED_KEYS) {
    if (to - from !== key.length) continue;
    for (let i = 0; i < key.length; i++) if (bytes[from + i] !== key.charCodeAt(i)) continue search;
    return true;
  }
  return false;
}
