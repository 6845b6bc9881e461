import {
  CHUNK_LENGTH,
  copyElements,
  doubledBuffer,
  elementBuffer,
  generalBuffer,
  grownBuffer,
  holdsOnlyNumbers,
  opensNumbersOnly,
  noteGeneralElementCount,
  spillElements,
  storeNumber,
} from './array-scratch.js';
import {
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  DIGIT_0,
  DIGIT_9,
  DOT,
  LOWER_A,
  LOWER_E,
  LOWER_F,
  LOWER_L,
  LOWER_N,
  LOWER_R,
  LOWER_S,
  LOWER_T,
  LOWER_U,
  MINUS,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  SPACE,
  UPPER_E,
  isWhitespace,
} from './bytes.js';
import { numberRead, readNumber } from './numbers.js';
import { skipWhitespace } from './whitespace.js';
import { BROWSER_BUILD } from '../platform/browser-build.js';
import { ON_BUN } from '../platform/on-bun.js';
import { buildMapObject, MAP_BUILD_MIN_KEYS } from './map-objects.js';
import { KEY_HEAD_LENGTH, spellsHead, WIDE, type Shape } from './object-shapes.js';
import { NOT_AN_INDEX, readIndexMember } from './index-keys.js';
import { readIndexRun } from './index-runs.js';
import { BUILDS_INDEX_OBJECTS, readIndexObject } from './index-objects.js';
import { PLANS_LARGE_SUBTREES, readLargeSubtree } from './large-subtrees.js';
import { growPropertyStack, notePropertyHeight, propertyKeys, propertyValues, type PropertyName } from './property-stack.js';
import { FRAME_SLOTS, frameStack, growFrameStack } from './frame-stack.js';
import { fail, type ParseState } from './state.js';
import { fromCodes, joinCodes } from './from-codes.js';
import { FROM_CODES_MAX, isPlainStringByte, plainAsciiEnd, readKey, readStringFrom } from './strings.js';
import { LONG_TEXTS_TO_STOP, readShortText } from './short-text.js';
import { asciiValue, SEEN_MAX_LENGTH, SEEN_MIN_LENGTH, shortAsciiValue } from './seen-strings.js';

type JsonObject = Record<string, unknown>;

const hasOwn = Object.prototype.hasOwnProperty;
const objectPrototype = Object.prototype;

/**
 * The parser loop reads a string value's first bytes one at a time, this many at most; a string still
 * plain past them is read on by words (plainAsciiEnd), and one that is not goes to readStringFrom.
 * Byte by byte first for the short values most documents hold: words from the first byte made
 * one-letter-strings-1e6 7 % slower on Node 24, against 4 % this way (bench/NOTES.md, round 15),
 * for bodies and realworld files 1 to 3 % faster on Node 24 and 26. The browser build reads up to 96
 * bytes here and the rest in readStringFrom, as its bundle has no room for the word path: Chromium's
 * TextDecoder costs 300 to 450 ns a call, and joined 24-code fromCharCode calls 80 to 240 ns up to 70
 * bytes (bench/NOTES.md, Chromium).
 */
const PLAIN_STRING_IN_LOOP = BROWSER_BUILD ? 96 : 8;

/**
 * {@link readKey} for the browser build: a plain ASCII key of up to PLAIN_STRING_IN_LOOP bytes is
 * made here by fromCodes calls (joined past SHORT_LENGTH), not given to Chromium's TextDecoder. Its
 * bytes are scanned once: the browser's key cache keeps nothing, so readKey would only scan them again.
 */
function readKeyInBrowser(state: ParseState): string {
  const bytes = state.bytes;
  const from = state.pos;
  const limit = Math.min(state.end, from + PLAIN_STRING_IN_LOOP);
  let stop = from;
  while (stop < limit && isPlainStringByte(bytes[stop])) stop++;
  // Escapes, non-ASCII text, longer keys and bad input: the bytes before `stop` are known plain.
  if (stop >= state.end || bytes[stop] !== QUOTE) return readStringFrom(state, stop);
  state.pos = stop + 1;
  return joinCodes(bytes, from, stop);
}

/**
 * Parses the whole document in `state.bytes` from `state.pos` and returns its value, or the
 * failure sentinel. Nesting lives in an explicit stack, never the call stack, so any depth parses.
 *
 * An open array is an element buffer and a count; an open object is its shape so far and the index
 * where its properties start on the property stack. Both become real values when they close.
 * The loop `readValue` reads one value; `storeValue` stores it into the open container and
 * closes every container that ends after it, then goes on with the next value.
 */
export function parseDocument(state: ParseState): unknown {
  const bytes = state.bytes;
  const end = state.end;
  // Every array the loop stores into is made of own slots and grown before a store past its end
  // (own-slots.ts): a store past the end would run a setter a program put on a prototype.
  let keys = propertyKeys;
  let values = propertyValues;
  const shapes = state.shapes;
  // The enclosing containers (frame-stack.ts). The browser build makes a new stack every parse:
  // keeping one cost bundle bytes and gained nothing in Chromium (bench/NOTES.md, round 12).
  let frames: unknown[] = BROWSER_BUILD ? [] : frameStack;
  /** Enclosing containers on `frames`. */
  let outerDepth = 0;
  let elements: unknown[] = NO_ELEMENTS;
  let shape: Shape = shapes.root;
  let inArray = false;
  /** The open array is still in its depth's numbers-only buffer. */
  let numbersOnly = false;
  let open = false;
  /** Elements stored so far in the open array. */
  let count = 0;
  /** Where the open object's properties start on the property stack. */
  let start = 0;
  /** The height of the property stack. */
  let top = 0;
  let pos = state.pos;
  let value: unknown;
  /** The value just read is a number already stored into the open array. */
  let stored = false;

  readValue: for (;;) {
    // Read one value.
    let byte = pos < end ? bytes[pos] : -1;
    if (isWhitespace(byte)) {
      // The space after a colon, or a line break and the spaces of its indent, skipped here and not
      // by a call (the same at the three other places that skip whitespace): V8 14 (Node 26) does not
      // inline skipWhitespace, and indented documents would call it before every key and value
      // (Node 26 classic 1.27/1.36 -> 1.08/1.23, realworld 1.41/1.37 -> 1.29/1.30; bench/NOTES.md,
      // round 17). Not in the browser build, for its size cap.
      if (BROWSER_BUILD) pos = skipWhitespace(state, pos + 1);
      else {
        while (++pos < end && bytes[pos] === SPACE);
        if (pos < end && isWhitespace(bytes[pos])) pos = skipWhitespace(state, pos + 1);
      }
      byte = pos < end ? bytes[pos] : -1;
    }
    switch (byte) {
      case QUOTE: {
        // Short plain ASCII strings, most values, are read here: a call costs more.
        const from = pos + 1;
        const limit = from + PLAIN_STRING_IN_LOOP < end ? from + PLAIN_STRING_IN_LOOP : end;
        let stop = from;
        while (stop < limit && isPlainStringByte(bytes[stop])) stop++;
        if (!BROWSER_BUILD && stop === limit) stop = plainAsciiEnd(state, stop);
        if (stop < end && bytes[stop] === QUOTE) {
          const length = stop - from;
          if (length <= FROM_CODES_MAX) {
            // Values that recur (enums, names) come from a table, as JSON.parse interns them (seen-strings.ts).
            if (!BROWSER_BUILD && length >= SEEN_MIN_LENGTH && length <= SEEN_MAX_LENGTH) value = shortAsciiValue(state.view, bytes, from, stop, state.shared, state.readLimit);
            else value = fromCodes(bytes, from, length);
          }
          else value = BROWSER_BUILD ? joinCodes(bytes, from, stop) : asciiValue(bytes, from, stop, state.shared, state.readLimit);
          pos = stop + 1;
          break;
        }
        state.pos = from;
        // Short non-ASCII text in one pass; not on Bun (FROM_CODES_MAX's reason) nor in the browser
        // build (its size cap). One call that hands on by itself, too large for V8 to inline, so that
        // readStringFrom stays inlined here: called from inside readStringFrom, or handing back to this
        // loop, it cost long non-ASCII strings 4 to 14 % (bench/NOTES.md, round 26).
        if (!BROWSER_BUILD && !ON_BUN && stop < end && bytes[stop] >= 0x80 && state.longTexts < LONG_TEXTS_TO_STOP) {
          value = readShortText(state, from, stop);
        } else {
          value = readStringFrom(state, stop);
        }
        pos = state.pos;
        break;
      }
      case OPEN_BRACE:
      case OPEN_BRACKET: {
        const depth = outerDepth + (open ? 2 : 1);
        if (depth > state.maxDepth) return fail(state, pos, `nesting no deeper than maxDepth (${state.maxDepth})`, undefined, 'MAX_DEPTH');
        const closing = byte === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET;
        const openAt = pos;
        // A subtree the plan chose is built by the engine (large-subtrees.ts); none ahead, no call.
        if (PLANS_LARGE_SUBTREES && openAt >= state.nextSubtree) {
          const subtree = readLargeSubtree(state, openAt);
          if (subtree !== undefined) {
            value = subtree;
            pos = state.pos;
            break;
          }
        }
        if (BROWSER_BUILD) pos = skipWhitespace(state, pos + 1);
        else if (++pos < end && isWhitespace(bytes[pos])) {
          while (++pos < end && bytes[pos] === SPACE);
          if (pos < end && isWhitespace(bytes[pos])) pos = skipWhitespace(state, pos + 1);
        }
        if (pos < end && bytes[pos] === closing) {
          value = closing === CLOSE_BRACE ? {} : [];
          pos++;
          break;
        }
        // An object of index keys and numbers only, if large, is built by the engine (index-objects.ts).
        // A digit first: most objects' first key starts with a letter. Past the end the test is false.
        if (BUILDS_INDEX_OBJECTS && (bytes[pos + 1] ^ DIGIT_0) <= 9 && closing === CLOSE_BRACE && bytes[pos] === QUOTE) {
          const object = readIndexObject(state, openAt);
          if (object !== undefined) {
            value = object;
            pos = state.pos;
            break;
          }
        }
        if (open) {
          const at = outerDepth * FRAME_SLOTS;
          if (!BROWSER_BUILD && at === frames.length) {
            growFrameStack(at);
            frames = frameStack;
          }
          frames[at] = inArray ? elements : shape;
          frames[at + 1] = inArray ? count : start;
          frames[at + 2] = state.freshKeys;
          outerDepth++;
        }
        open = true;
        if (closing === CLOSE_BRACKET) {
          elements = elementBuffer(depth - 1);
          numbersOnly = opensNumbersOnly(depth - 1);
          inArray = true;
          count = 0;
        } else {
          inArray = false;
          start = top;
          state.pos = pos;
          state.freshKeys = 0;
          shape = readPropertyName(state, shapes.root, shapes.firstShapeGuess(depth - 1));
          shapes.rememberFirstShape(depth - 1, shape);
          pos = state.pos;
          // A key takes its slot at once, so that an object nested in its value starts above it.
          if (!BROWSER_BUILD && top === keys.length) {
            growPropertyStack(top);
            keys = propertyKeys;
            values = propertyValues;
          }
          keys[top++] = state.key;
        }
        continue readValue;
      }
      // Literals are compared here, and expectLiteral called only to fail: V8 14 (Node 26) does not
      // inline it, and two million nulls took 3.7 times native's time (bench/NOTES.md, round 56).
      // Not in the browser build, for its size cap.
      case LOWER_T:
        if (!BROWSER_BUILD && pos + 3 < end && bytes[pos + 1] === LOWER_R && bytes[pos + 2] === LOWER_U && bytes[pos + 3] === LOWER_E) pos += 4;
        else pos = expectLiteral(state, pos, 'true');
        value = true;
        break;
      case LOWER_F:
        if (!BROWSER_BUILD && pos + 4 < end && bytes[pos + 1] === LOWER_A && bytes[pos + 2] === LOWER_L && bytes[pos + 3] === LOWER_S && bytes[pos + 4] === LOWER_E) pos += 5;
        else pos = expectLiteral(state, pos, 'false');
        value = false;
        break;
      case LOWER_N:
        if (!BROWSER_BUILD && pos + 3 < end && bytes[pos + 1] === LOWER_U && bytes[pos + 2] === LOWER_L && bytes[pos + 3] === LOWER_L) pos += 4;
        else pos = expectLiteral(state, pos, 'null');
        value = null;
        break;
      default: {
        // One number, and while it goes into an array of numbers with room and a comma and another
        // number follow, the next: a run of numbers skips the store's tests and the value dispatch.
        for (;;) {
          // Integers of up to 9 digits, the most common numbers, are read here: a call costs more.
          // A leading 0 takes no more digits ("01" is read as 0, then fails at the 1).
          let integer = -1;
          if (byte >= DIGIT_0 && byte <= DIGIT_9) {
            let digits = byte - DIGIT_0;
            let next = pos + 1;
            let nextByte = next < end ? bytes[next] : -1;
            if (digits !== 0) {
              while (nextByte >= DIGIT_0 && nextByte <= DIGIT_9 && next - pos < 9) {
                // 32-bit steps with no overflow check: 9 digits stay below 2^31 (bench/NOTES.md, round 10).
                digits = (Math.imul(digits, 10) + (nextByte - DIGIT_0)) | 0;
                nextByte = ++next < end ? bytes[next] : -1;
              }
            }
            if (!(nextByte >= DIGIT_0 && nextByte <= DIGIT_9) && nextByte !== DOT && nextByte !== LOWER_E && nextByte !== UPPER_E) {
              integer = digits;
              pos = next;
            }
          } else if (byte !== MINUS) return fail(state, pos, 'a value');
          // Into an array of numbers with room, stored here: through `value` (or a call not
          // inlined) a double is boxed. Store sites of their own, which only see numbers-only buffers.
          // The browser build doubles a full numbers buffer first (doubledBuffer), here as in the generic store.
          const storeHere = inArray && numbersOnly && (count !== elements.length || BROWSER_BUILD);
          // (Outside the browser build `storeHere` means there is room: the test goes no further.)
          if (storeHere && count === elements.length && BROWSER_BUILD) elements = doubledBuffer(outerDepth, elements, true);
          if (integer >= 0) {
            if (!storeHere) {
              value = integer;
              break;
            }
            elements[count++] = integer;
          } else {
            state.pos = pos;
            readNumber(state);
            pos = state.pos;
            if (!storeHere) {
              value = numberRead[0];
              break;
            }
            elements[count++] = numberRead[0];
          }
          stored = true;
          if (pos + 1 < end && bytes[pos] === COMMA) {
            byte = bytes[pos + 1];
            if ((byte >= DIGIT_0 && byte <= DIGIT_9) || byte === MINUS) {
              pos++;
              stored = false;
              continue;
            }
          }
          break;
        }
      }
    }

    // Store the value, then close every container that ends right after it.
    storeValue: for (;;) {
      if (!open) {
        pos = skipWhitespace(state, pos);
        if (pos < end) return fail(state, pos, 'end of input after the JSON value', undefined, 'TRAILING_CONTENT');
        return value;
      }
      if (stored) stored = false;
      else if (inArray) {
        if (numbersOnly && typeof value !== 'number') {
          elements = generalBuffer(outerDepth, elements, count);
          numbersOnly = false;
        }
        // Buffers double up to CHUNK_LENGTH (array-scratch.ts), so one test finds both a full
        // buffer and a full chunk. The browser build has no chunks: its buffers double on.
        if (count === elements.length) {
          if (BROWSER_BUILD) elements = doubledBuffer(outerDepth, elements, numbersOnly);
          else if (count === CHUNK_LENGTH) {
            elements = spillElements(outerDepth, elements, numbersOnly);
            count = 0;
          } else elements = grownBuffer(outerDepth, elements, numbersOnly);
        }
        if (numbersOnly) storeNumber(elements, count++, value as number);
        else elements[count++] = value;
      } else values[top - 1] = value;

      let byte = pos < end ? bytes[pos] : -1;
      if (isWhitespace(byte)) {
        if (BROWSER_BUILD) pos = skipWhitespace(state, pos + 1);
        else {
          while (++pos < end && bytes[pos] === SPACE);
          if (pos < end && isWhitespace(bytes[pos])) pos = skipWhitespace(state, pos + 1);
        }
        byte = pos < end ? bytes[pos] : -1;
      }
      if (byte === COMMA) {
        pos++;
        if (!inArray) {
          // An index key of a map-like object without the call (integer-keys-100k: 0.91 on Node 24,
          // 0.86 on Node 26). Not in the browser build: its bundle has no room left under the cap.
          if (BROWSER_BUILD || shape !== WIDE || readIndexMember(state, pos) === NOT_AN_INDEX) {
            // On Bun a guessed key of up to KEY_HEAD_LENGTH bytes, its colon right after it, is read
            // here: readPropertyName is too large to inline, and JavaScriptCore pays for its call (4 to
            // 5 % on the bodies and the realworld files; V8 gained nothing: Node 24 2 % slower on the
            // bodies, Node 26 2 % faster; bench/NOTES.md, round 16). Keys that short are never
            // "__proto__". Only here: the same for an object's first key made Bun slower. Other
            // engines run the plain call, kept apart from Bun's block so that they read no field for it.
            if (ON_BUN) {
              const guess = shape.lastChild;
              const keyLength = guess === undefined ? 0 : guess.keyLength;
              const from = pos + 1;
              if (
                keyLength > 0 &&
                keyLength <= KEY_HEAD_LENGTH &&
                from + 8 <= state.readLimit &&
                from + keyLength + 1 < end &&
                bytes[pos] === QUOTE &&
                bytes[from + keyLength] === QUOTE &&
                bytes[from + keyLength + 1] === COLON &&
                spellsHead(state.view, from, guess!)
              ) {
                shape = guess!;
                state.key = shape.key;
                state.freshKeys = 0;
                state.pos = from + keyLength + 2;
              } else {
                state.pos = pos;
                shape = readPropertyName(state, shape, guess);
              }
            } else {
              state.pos = pos;
              shape = readPropertyName(state, shape, shape.lastChild);
            }
          }
          pos = state.pos;
          if (!BROWSER_BUILD && top === keys.length) {
            growPropertyStack(top);
            keys = propertyKeys;
            values = propertyValues;
          }
          keys[top++] = state.key;
          // After an index member with a number, the members that follow alike are read in one loop.
          if (!BROWSER_BUILD && shape === WIDE && typeof value === 'number' && typeof state.key === 'number') {
            top = readIndexRun(state, top);
            keys = propertyKeys;
            values = propertyValues;
            pos = state.pos;
          }
        }
        continue readValue;
      }
      if (byte === (inArray ? CLOSE_BRACKET : CLOSE_BRACE)) {
        pos++;
        if (inArray) {
          value = copyElements(elements, count, numbersOnly, outerDepth);
          if (!numbersOnly) noteGeneralElementCount(outerDepth, count);
        } else {
          notePropertyHeight(top);
          // On Bun the factory is called here when there is one, for the same reason (1 to 2 %).
          if (ON_BUN) {
            const factory = shape.factory;
            value =
              factory !== undefined && state.constructorAction === 'ignore'
                ? factory(values, start)
                : buildObject(state, shape, keys, values, start, top, pos - 1);
          } else value = buildObject(state, shape, keys, values, start, top, pos - 1);
          top = start;
        }
        if (outerDepth === 0) {
          open = false;
          continue storeValue;
        }
        const at = --outerDepth * FRAME_SLOTS;
        const outer = frames[at] as unknown[] | Shape;
        const mark = frames[at + 1] as number;
        state.freshKeys = frames[at + 2] as number;
        inArray = Array.isArray(outer);
        if (inArray) {
          elements = outer as unknown[];
          numbersOnly = holdsOnlyNumbers(elements, outerDepth);
          count = mark;
        } else {
          shape = outer as Shape;
          start = mark;
        }
        continue storeValue;
      }
      return fail(state, pos, inArray ? "',' or ']'" : "',' or '}'");
    }
  }
}

/** Where `elements` points before any array opens; nothing is stored into it. */
const NO_ELEMENTS: unknown[] = [];

/** `state.freshKeys` for an object whose every new key may make a shape (see readPropertyName). */
const NO_FRESH_KEY_LIMIT = -0x40000000;

/**
 * The object whose keys and values are `keys[start, end)` and `values[start, end)`: in one step by
 * the shape's factory when it has one, else one property at a time.
 */
function buildObject(
  state: ParseState,
  shape: Shape,
  keys: PropertyName[],
  values: unknown[],
  start: number,
  end: number,
  closeAt: number,
): JsonObject {
  const factory = state.shapes.factoryFor(shape);
  let object: JsonObject;
  if (factory !== undefined) {
    object = factory(values, start);
  } else if (shape === WIDE && end - start >= MAP_BUILD_MIN_KEYS) {
    object = buildMapObject(keys, values, start, end, state.protoAction);
  } else {
    object = {};
    for (let index = start; index < end; index++) storeProperty(state, object, keys[index], values[index]);
  }
  if (state.constructorAction !== 'ignore') guardConstructor(state, object, closeAt);
  return object;
}

/**
 * Reads `"key" :` at `state.pos` (whitespace allowed around) for an object of shape `shape`,
 * leaving the key in `state.key` and `state.pos` after the colon. Returns the object's next shape.
 * `guess`, a likely next shape (a child of `shape`), is tried first, against the key bytes the shape
 * holds: objects of one document mostly repeat their shapes, and a match needs no scanning, hashing
 * or cache lookup.
 */
function readPropertyName(state: ParseState, shape: Shape, guess: Shape | undefined): Shape {
  const bytes = state.bytes;
  const end = state.end;
  let pos = state.pos;
  // Spaces skipped here, the call only for other whitespace after them, as in parseDocument: V8 14
  // (Node 26) does not inline skipWhitespace here, and compact documents have none before a key.
  // The browser build calls it always (its bundle has no room left).
  if (BROWSER_BUILD) pos = skipWhitespace(state, pos);
  else if (pos < end && isWhitespace(bytes[pos])) {
    while (++pos < end && bytes[pos] === SPACE);
    if (pos < end && isWhitespace(bytes[pos])) pos = skipWhitespace(state, pos + 1);
  }
  if (pos >= end || bytes[pos] !== QUOTE) throw fail(state, pos, "'\"' to start a property name");
  const keyAt = pos;
  let next = guess;
  const keyLength = next?.keyLength ?? 0;
  const from = pos + 1;
  let matched = false;
  // The first bytes against the shape's own fields: a guess, right or wrong, reads little but the
  // shape (see Shape.keyLength), and the input's bytes are in the cache already. The head words read
  // 8 bytes: a key near the end of the input is read by readKey, unless the input is the kept copy
  // of a short one, which may be read up to `readLimit` (the mask leaves out what lies past the key).
  if (
    keyLength > 0 &&
    from + keyLength < end &&
    bytes[from + keyLength] === QUOTE &&
    (BROWSER_BUILD || (from + 8 <= state.readLimit && spellsHead(state.view, from, next!)))
  ) {
    matched = true;
    if (BROWSER_BUILD) {
      const store = next!.keyStore!;
      let index = 0;
      while (index < keyLength && bytes[from + index] === store[index]) index++;
      matched = index === keyLength;
    } else if (keyLength > KEY_HEAD_LENGTH) {
      // The last four bytes first, from the shape's own field, then the words between, if any: four
      // bytes a step (see Shape.keyWords), each one read of the view (the key lies before `end`).
      const view = state.view;
      const last = from + keyLength - 4;
      matched = view.getInt32(last, true) === next!.tailWord;
      if (matched && keyLength > KEY_HEAD_LENGTH + 4) {
        const words = next!.keyWords!;
        let word = next!.keyWordOffset;
        let at = from + KEY_HEAD_LENGTH;
        while (at < last && view.getInt32(at, true) === (words[word] | 0)) {
          at += 4;
          word++;
        }
        matched = at >= last;
      }
    }
  }
  let key: PropertyName;
  if (matched) {
    key = next!.key;
    pos = from + keyLength + 1;
    state.freshKeys = 0;
  } else if (!BROWSER_BUILD && shape === WIDE && pos !== state.pos && (key = readIndexMember(state, pos)) !== NOT_AN_INDEX) {
    // Only after whitespace: the object loop has tried a compact key already.
    // Not in the browser build: its gzipped bundle has no room left under the 10 KB cap.
    next = WIDE;
    pos = state.pos - 1;
  } else {
    state.pos = pos + 1;
    key = BROWSER_BUILD ? readKeyInBrowser(state) : readKey(state);
    const shapes = state.shapes;
    // Read once, in a local (the browser build, for its size cap, reads the field each time).
    const freshKeys = BROWSER_BUILD ? 0 : state.freshKeys;
    next = shapes.nextShape(shape, key, (BROWSER_BUILD ? state.freshKeys : freshKeys) < shapes.freshKeysBeforeMap);
    if (shapes.grown) {
      shapes.grown = false;
      // A long known run of keys that ends where the tree stopped growing is a map learnt in an
      // earlier parse, met again: the same document read again. Its remaining keys are learnt now,
      // not freshKeysBeforeMap a parse (aws-iam-actions took 16 parses to learn its maps; bench/NOTES.md
      // round 19). Another map of the kind, with other keys, leaves the run where the tree branches.
      // Not in the browser build, whose shapes keep a Map of their children from the first.
      if (BROWSER_BUILD) state.freshKeys++;
      else {
        const known = freshKeys === 0 && shape.size >= shapes.freshKeysBeforeMap && shape.children === undefined;
        state.freshKeys = known ? NO_FRESH_KEY_LIMIT : freshKeys + 1;
      }
    } else state.freshKeys = 0;
    pos = state.pos;
  }
  if (pos >= end || bytes[pos] !== COLON) {
    pos = skipWhitespace(state, pos);
    if (pos >= end || bytes[pos] !== COLON) throw fail(state, pos, "':' after the property name");
  }
  state.pos = pos + 1;
  // The option first: comparing the key reads the key string, often not in the CPU cache.
  if (state.protoAction === 'error' && key === '__proto__') {
    throw fail(state, keyAt, 'no "__proto__" key (protoAction: \'error\')', 'property name "__proto__"', 'FORBIDDEN_KEY');
  }
  state.key = key;
  return next!;
}

/** Checks the literal `word` at `pos` and returns the offset after it. */
function expectLiteral(state: ParseState, pos: number, word: string): number {
  const bytes = state.bytes;
  for (let index = 1; index < word.length; index++) {
    if (pos + index >= state.end || bytes[pos + index] !== word.charCodeAt(index)) {
      throw fail(state, pos + index, `'${word[index]}' to complete '${word}'`);
    }
  }
  return pos + word.length;
}

/** Sets an own data property, as JSON.parse does, even for `__proto__`. */
function storeProperty(state: ParseState, object: JsonObject, key: PropertyName, value: unknown): void {
  // Assignment would run a setter or hit a read-only property that Object.prototype holds under
  // this name (__proto__ is one, and a program may freeze or extend the prototype): define instead.
  if (!(key in objectPrototype)) {
    object[key] = value;
    return;
  }
  if (key === '__proto__' && state.protoAction === 'remove') return;
  Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * secure-json-parse's constructor rule: a final `constructor` property holding an object that has
 * its own `prototype` property is an error or is removed. Checked when the object closes, so that
 * duplicate keys are judged by their last value, as in secure-json-parse.
 */
function guardConstructor(state: ParseState, object: JsonObject, closeAt: number): void {
  if (state.constructorAction === 'ignore' || !hasOwn.call(object, 'constructor')) return;
  const constructorValue = object.constructor as unknown;
  if (typeof constructorValue !== 'object' || constructorValue === null || !hasOwn.call(constructorValue, 'prototype')) return;
  if (state.constructorAction === 'remove') {
    Reflect.deleteProperty(object, 'constructor');
    return;
  }
  throw fail(
    state,
    closeAt,
    'no "constructor" property holding a "prototype" key (constructorAction: \'error\')',
    'object with a "constructor.prototype" property ending',
    'FORBIDDEN_KEY',
  );
}
