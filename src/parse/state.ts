import { describeInputAt, PARSE_FAILED, type FailureRecord } from './errors.js';
import type { PropertyName } from './property-stack.js';
import type { KeyAction, ParseFailureCode } from './types.js';
import { sharedShapeTree, type ShapeTree } from './object-shapes.js';
import { EAGER_WORD_VIEW_LENGTH, makeWordView } from './word-view.js';
import { keptBytes, keptView, keptWords, KEPT_WORDS, type InputBytes } from './input-bytes.js';
import { BROWSER_BUILD } from '../platform/browser-build.js';
import { inputWordReader, type WordReader } from './input-view.js';

/** {@link ParseState.nextSubtree} when no subtree is ahead: past any offset below 2^30. */
export const NO_SUBTREE = 2 ** 30 - 1;

/** Everything one parse needs, in one object the tokenizer functions share (acorn's style). */
export class ParseState {
  /** The input's bytes from index 0 to `end`: a Uint8Array the input check made (input-bytes.ts). */
  readonly bytes: Uint8Array;
  readonly end: number;
  /**
   * How many bytes of `bytes` may be read (the seen-strings table reads whole words past a short
   * string): `end` for a view of exactly the input, all of the kept copy of a short one.
   */
  readonly readLimit: number;
  /**
   * Offset of the next byte to read. The cursor rule: a helper that reads a whole token takes its
   * start from `pos` and leaves `pos` after it (readNumber, readString, readStringFrom, readKey,
   * readPropertyName, which also reads the colon). A helper that only looks takes a position and
   * returns one, leaving `pos` alone (skipWhitespace, expectLiteral, and scans such as
   * skipPlainAsciiWords and findStringEnd). The parser loop keeps its own `pos` in a local, writes
   * it here before calling a helper of the first kind and reads it back after.
   */
  pos = 0;
  readonly fatal: boolean;
  /** The bytes live in a SharedArrayBuffer, which TextDecoder may refuse. */
  readonly shared: boolean;
  readonly maxDepth: number;
  readonly protoAction: KeyAction;
  readonly constructorAction: KeyAction;
  failure: FailureRecord | undefined = undefined;
  /** The property name readPropertyName read last. */
  key: PropertyName = '';
  /** How many keys in a row of the open object made new shapes (see readPropertyName). */
  freshKeys = 0;
  /** How many non-ASCII strings in a row readShortText handed on (see short-text.ts). */
  longTexts = 0;
  /** The object shapes known across parses (object-shapes.ts); tests give small trees. */
  readonly shapes: ShapeTree;
  /** The input as 32-bit words (see word-view.ts); null until made, undefined if there is none. */
  words: Uint32Array | undefined | null = null;
  wordsStart = 0;
  /** How many words `words` holds: read here, not from `words.length`, a getter a program may patch. */
  wordCount = 0;
  // The four fields of large-subtrees.ts are set in the constructor, outside the browser build (its size cap).
  /** Subtrees for the engine's JSON.parse, as offset pairs (large-subtrees.ts); undefined if none. */
  declare subtrees: number[] | undefined;
  /** For each pair of `subtrees` that is a container read in runs, where its runs end (large-subtrees.ts). */
  declare subtreeRuns: number[][] | undefined;
  /** The next pair of `subtrees` still ahead. */
  declare subtreeIndex: number;
  /**
   * Where that pair's subtree opens, so that one compare tests a container; NO_SUBTREE when none is
   * left: a small integer, so that V8 keeps the field untagged and loads no boxed double per container.
   */
  declare nextSubtree: number;
  /** The input's first `readLimit` bytes, four at any offset (input-view.ts); not in the browser build. */
  declare readonly view: WordReader;

  constructor(
    input: InputBytes,
    fatal: boolean,
    maxDepth: number,
    protoAction: KeyAction,
    constructorAction: KeyAction,
    shapes: ShapeTree = sharedShapeTree,
  ) {
    const { bytes, length, shared } = input;
    this.bytes = bytes;
    this.shapes = shapes;
    this.end = length;
    const copied = !BROWSER_BUILD && bytes === keptBytes;
    this.readLimit = copied ? KEPT_WORDS << 2 : length;
    this.shared = shared;
    this.fatal = fatal;
    this.maxDepth = maxDepth;
    this.protoAction = protoAction;
    this.constructorAction = constructorAction;
    if (!BROWSER_BUILD) {
      this.subtrees = undefined;
      this.subtreeRuns = undefined;
      this.subtreeIndex = 0;
      this.nextSubtree = NO_SUBTREE;
    }
    // Made here, not by calling wordsOf(this): that call cost Bun about 30 % on twitter.
    if (!BROWSER_BUILD) this.view = inputWordReader(bytes, input.buffer, input.byteOffset, length, copied ? keptView : undefined);
    if (copied) {
      this.words = keptWords;
      this.wordCount = KEPT_WORDS;
    } else if (length >= EAGER_WORD_VIEW_LENGTH) {
      const view = makeWordView(input.buffer, input.byteOffset, length, shared, EAGER_WORD_VIEW_LENGTH);
      this.words = view?.words;
      this.wordsStart = view?.start ?? 0;
      this.wordCount = view?.count ?? 0;
    }
  }
}

/**
 * Records what went wrong at `position` and returns the sentinel that carries the failure up:
 * helpers `throw` it, the main loop `return`s it (a throw costs a microsecond or so; failing
 * fast on garbage at byte 0 is part of the product).
 */
export function fail(
  state: ParseState,
  position: number,
  expected: string,
  found?: string,
  code?: ParseFailureCode,
): typeof PARSE_FAILED {
  state.failure = {
    position,
    expected,
    found: found ?? describeInputAt(state.bytes, position, state.end),
    code,
  };
  return PARSE_FAILED;
}
