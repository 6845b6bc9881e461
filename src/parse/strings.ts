import { BACKSLASH, LOWER_U, QUOTE } from './bytes.js';
import { DENSE_STRING_ESCAPES, READS_DENSE_STRINGS, readDenseString } from './dense-escapes.js';
import { byteRange } from './byte-views.js';
import { ByteArray, CHEAP_BUFFER_COPY, copyBytes } from './copy-bytes.js';
import { fromCodes, joinCodes, MAX_FROM_CODES } from './from-codes.js';
import { asciiValue, utf8Value } from './seen-strings.js';
import { cachedKey, MAX_CACHED_KEY_LENGTH, rememberKey } from './key-cache.js';
import { typedArraySet } from '../buffers/intrinsics.js';
import { BROWSER_BUILD } from '../platform/browser-build.js';
import { ON_BUN } from '../platform/on-bun.js';
import { fail, type ParseState } from './state.js';
import { decodeAscii, decodeRange, decodeUtf8Into, findInvalidUtf8, isWholeInputUtf8 } from './utf8.js';
import { firstMarkedByte, skipPlainAsciiWords, skipTextWords, textStops, wordsOf } from './word-view.js';

// What a string-scanning loop must do with each byte; one table load replaces four comparisons.
const PLAIN = 0;
const ENDS_STRING = 1;
const ESCAPE = 2;
const CONTROL = 3;
const NON_ASCII = 4;

const BYTE_CLASS = new Uint8Array(256);
BYTE_CLASS.fill(CONTROL, 0, 0x20);
BYTE_CLASS.fill(NON_ASCII, 0x80, 0x100);
BYTE_CLASS[QUOTE] = ENDS_STRING;
BYTE_CLASS[BACKSLASH] = ESCAPE;

/** Whether `byte` stands for itself inside a string: printable ASCII but the quote and the backslash. */
export function isPlainStringByte(byte: number): boolean {
  return BYTE_CLASS[byte] === PLAIN;
}

/** A string still going after this many bytes is scanned a word at a time from there on. */
const WORD_SCAN_AFTER = 32;

/** A string known to be plain for this many bytes is scanned a word at a time from its next byte. */
const WORDS_AFTER_KNOWN = 8;

/** Strings of up to this many characters are built with String.fromCharCode, longer ones by a decoder (see utf8.ts). */
export const SHORT_LENGTH = 24;

/**
 * ASCII strings up to this many bytes are built by fromCodes, longer ones by `decodeAscii`. On Bun
 * that is 3: JavaScriptCore's fromCharCode with 4 to 24 arguments costs 54 to 96 ns, Buffer#latin1Slice
 * about 32 at any of those lengths (bench/NOTES.md, round 7, Bun), and strings of 2 or 3 mostly come
 * from fromCodes' table (tiny-strings.ts; round 8, Bun). On V8 fromCodes wins up to MAX_FROM_CODES
 * (round 24); the browser build stops at SHORT_LENGTH, where its fromCodes does.
 */
export const FROM_CODES_MAX = ON_BUN ? 3 : BROWSER_BUILD ? SHORT_LENGTH : MAX_FROM_CODES;


/**
 * Non-ASCII strings up to this many bytes are decoded here, if they come to at most SHORT_LENGTH
 * characters (in the browser build, at any length: Chromium's TextDecoder costs 300 to 450 ns a call).
 */
const SHORT_UTF8_BYTES = BROWSER_BUILD ? 96 : 48;

/** Code units of a short non-ASCII string being decoded. */
const shortUnits = new Uint16Array(SHORT_UTF8_BYTES);

/** Scratch space for strings with escapes, reused across parses; grows on demand. */
const SCRATCH_LENGTH = 1024;
/** Scratch grown past this for one huge string is let go after the parse. */
const KEPT_SCRATCH_LENGTH = 64 * 1024;
// ByteArrays (copy-bytes.ts): copyBytes writes into them.
let scratchBytes = new ByteArray(SCRATCH_LENGTH);
let scratchUnits = new Uint16Array(SCRATCH_LENGTH);
// Their lengths, kept here: `length` is a getter of the typed arrays' prototype, which a program may patch.
let scratchBytesLength = SCRATCH_LENGTH;
let scratchUnitsLength = SCRATCH_LENGTH;

/**
 * Whether the escaped-string loop copies clean words of the input into scratch space as it reads
 * them, four bytes a store through a DataView over the scratch: on Node 24 and 26 one Buffer#copy
 * a run between escapes cost 25 to 35 ns at any length, the word stores 2 to 10 ns more than the
 * scan alone for runs of 40 to 280 bytes (bench/NOTES.md, round 27). Not where Buffer#copy is cheap
 * (Bun, Node 22: markdown-docs 7 and 10 % slower with word stores), not in the browser build (its
 * size cap), and only where words are little-endian, as the DataView writes them.
 */
export const COPY_WORDS = !BROWSER_BUILD && !CHEAP_BUFFER_COPY && new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const DataViewConstructor = DataView;
const dataViewPrototype = DataView.prototype;
const dataViewSetUint32 = DataView.prototype.setUint32;
let scratchView = COPY_WORDS ? new DataViewConstructor(scratchBytes.buffer) : undefined;

/**
 * The scratch space's DataView, if words may be written through it: called as a method, so that
 * the compilers inline it, which holds only while `setUint32` is still the built-in (a program may
 * have replaced it since load; reading it may run a getter a program put there).
 */
function scratchWordWriter(): DataView | undefined {
  try {
    return dataViewPrototype.setUint32 === dataViewSetUint32 ? scratchView : undefined;
  } catch {
    return undefined;
  }
}

/** Lets go of scratch space that one huge string made large, so that it is not held for good. */
export function releaseStringScratch(): void {
  checkedState = undefined;
  if (scratchBytesLength > KEPT_SCRATCH_LENGTH) {
    scratchBytes = new ByteArray(SCRATCH_LENGTH);
    scratchBytesLength = SCRATCH_LENGTH;
    if (COPY_WORDS) scratchView = new DataViewConstructor(scratchBytes.buffer);
  }
  if (scratchUnitsLength > KEPT_SCRATCH_LENGTH) {
    scratchUnits = new Uint16Array(SCRATCH_LENGTH);
    scratchUnitsLength = SCRATCH_LENGTH;
  }
}

/**
 * The offset of the first byte at or after `from` that is not plain ASCII text in a string (a
 * quote, a backslash, a control character or a non-ASCII byte), or `state.end`. Read a word at a
 * time from the first word boundary on, the byte found exactly within its word (firstMarkedByte):
 * a byte-at-a-time loop takes a load, a table load and a compare per byte. Its own word loop, not
 * skipPlainAsciiWords: that one answers only the word of a stop in the first word it reads, and the
 * short strings met here mostly end there.
 */
export function plainAsciiEnd(state: ParseState, from: number): number {
  const bytes = state.bytes;
  const end = state.end;
  const words = state.words;
  let pos = from;
  if (words) {
    const wordsStart = state.wordsStart;
    const boundary = pos + ((wordsStart - pos) & 3);
    while (pos < boundary) {
      if (pos >= end || BYTE_CLASS[bytes[pos]] !== PLAIN) return pos;
      pos++;
    }
    const count = state.wordCount;
    let index = (pos - wordsStart) >> 2;
    while (index < count) {
      const word = words[index];
      const marked = ((word - 0x20202020) | ((word ^ 0x22222222) - 0x01010101) | ((word ^ 0x5c5c5c5c) - 0x01010101) | word) & 0x80808080;
      if (marked !== 0) {
        const at = wordsStart + (index << 2) + firstMarkedByte(marked);
        return at < end ? at : end;
      }
      index++;
    }
    pos = wordsStart + (index << 2);
  }
  while (pos < end && BYTE_CLASS[bytes[pos]] === PLAIN) pos++;
  return pos;
}

/**
 * Reads a string whose opening quote is at `state.pos - 1`, leaving `state.pos` after the
 * closing quote.
 */
export function readString(state: ParseState): string {
  return readStringFrom(state, state.pos);
}

/**
 * {@link readString} for a string whose bytes before `plainEnd` are already known to be plain
 * ASCII text, so that they are not scanned again.
 */
export function readStringFrom(state: ParseState, plainEnd: number): string {
  const bytes = state.bytes;
  const end = state.end;
  const start = state.pos;
  let pos = plainEnd;
  let nonAscii = false;
  // Past the bytes the parser loop has already seen (24 for a long value), words at once.
  let wordScanAt = plainEnd - start >= WORDS_AFTER_KNOWN ? plainEnd + 1 : start + WORD_SCAN_AFTER;
  for (;;) {
    if (pos >= end) throw fail(state, pos, "'\"' to end the string");
    const kind = BYTE_CLASS[bytes[pos]];
    if (kind === PLAIN || kind === NON_ASCII) {
      // From the first non-ASCII byte on, the scan reads words at once and passes over the others:
      // non-Latin text is mostly non-ASCII bytes, and only the string's end matters now.
      if (kind === NON_ASCII && !nonAscii) {
        nonAscii = true;
        wordScanAt = pos + 1;
      }
      if (++pos >= wordScanAt) {
        pos = nonAscii ? skipTextWords(state, pos) : skipPlainAsciiWords(state, pos);
        // `pos` is the stop, or the start of the word that holds it, or, when the scan could not
        // move, after it (the opening quote, for text that starts non-ASCII): words again 4 bytes on.
        wordScanAt = pos + 4;
      }
    } else if (kind === ENDS_STRING) {
      break;
    } else if (kind === ESCAPE) {
      return readEscapedString(state, start, pos, nonAscii);
    } else {
      throw fail(state, pos, "a string character (control characters must be escaped)");
    }
  }
  state.pos = pos + 1;
  if (nonAscii) checkUtf8(state, start, pos);
  return buildString(state, bytes, start, pos, nonAscii);
}

/**
 * {@link readString} for a string whose bytes before `textEnd` are known to hold non-ASCII text
 * and no quote, escape or control character (readShortText's scan): its scan goes on from there.
 */
export function readStringAfterText(state: ParseState, textEnd: number): string {
  const bytes = state.bytes;
  const end = state.end;
  const start = state.pos;
  let pos = textEnd < end ? skipTextWords(state, textEnd) : end;
  while (pos < end) {
    const kind = BYTE_CLASS[bytes[pos]];
    if (kind !== PLAIN && kind !== NON_ASCII) break;
    pos++;
  }
  if (pos < end && bytes[pos] === BACKSLASH) return readEscapedString(state, start, pos, true);
  finishString(state, pos);
  checkUtf8(state, start, pos);
  return buildString(state, bytes, start, pos, true);
}

/**
 * The string for UTF-8 `bytes[start, end)` (the input, or scratch space), by the cheapest means for
 * its size: TextDecoder has a fixed cost of about 100 ns a call, which short strings avoid.
 */
function buildString(state: ParseState, bytes: Uint8Array, start: number, end: number, nonAscii: boolean): string {
  const length = end - start;
  if (length <= FROM_CODES_MAX && !nonAscii) return fromCodes(bytes, start, length);
  // On Bun a short non-ASCII string of the input goes to Buffer#utf8Slice below, for FROM_CODES_MAX's reason.
  if (nonAscii && length <= SHORT_UTF8_BYTES && !(ON_BUN && bytes === state.bytes)) {
    const unitCount = decodeUtf8Into(bytes, start, end, shortUnits, 0);
    if (unitCount <= SHORT_LENGTH) return fromCodes(shortUnits, 0, unitCount);
    if (BROWSER_BUILD) return joinCodes(shortUnits, 0, unitCount);
  }
  // Other engines and the browser bundle call the decoders themselves: the tables are Bun's.
  const input = bytes === state.bytes;
  if (!nonAscii) return ON_BUN ? asciiValue(bytes, start, end, input && state.shared, input ? state.readLimit : scratchBytesLength) : decodeAscii(bytes, start, end, input && state.shared);
  return ON_BUN ? utf8Value(bytes, start, end, input && state.shared, input ? state.readLimit : scratchBytesLength) : decodeRange(bytes, start, end, input && state.shared);
}

/** Reads an object key like {@link readString}, reusing the cached string for short ASCII keys. */
export function readKey(state: ParseState): string {
  const bytes = state.bytes;
  const end = state.end;
  const start = state.pos;
  const pos = plainAsciiEnd(state, start);
  if (pos < end && bytes[pos] === QUOTE && pos > start && pos - start <= MAX_CACHED_KEY_LENGTH) {
    state.pos = pos + 1;
    const length = pos - start;
    let key = cachedKey(bytes, start, length);
    if (key === undefined) {
      key = length <= FROM_CODES_MAX ? fromCodes(bytes, start, length) : decodeAscii(bytes, start, pos, state.shared);
      rememberKey(bytes, start, length, key);
    }
    return key;
  }
  // The bytes before `pos` are plain ASCII: not scanned again.
  return readStringFrom(state, pos);
}

/**
 * The rest of a string that holds an escape, at `escapeAt`, in one pass: runs of raw bytes,
 * found a word at a time, are copied in bulk, and each escape is written as UTF-8, into a scratch
 * buffer that is then built like any other string, so that an ASCII string with escapes is still a
 * one-byte string made by one decoder call. Escapes never produce continuation bytes, so invalid raw
 * bytes are replaced exactly as in the document.
 */
function readEscapedString(state: ParseState, start: number, escapeAt: number, nonAsciiBefore: boolean): string {
  // The browser build reads every escaped string as code units: its size cap has no room for both
  // paths, and in a page the units path makes strings without Chromium's costly TextDecoder.
  if (BROWSER_BUILD) return readEscapedStringAsUnits(state, start, escapeAt, findStringEnd(state, escapeAt));
  if (COPY_WORDS) {
    const words = wordsOf(state);
    const view = words === undefined ? undefined : scratchWordWriter();
    if (view !== undefined) return readEscapedStringByWords(state, start, escapeAt, nonAsciiBefore, words!, view);
  }
  const bytes = state.bytes;
  const end = state.end;
  let out = scratchBytes;
  let capacity = scratchBytesLength;
  let length = 0;
  let nonAscii = nonAsciiBefore;
  let runStart = start;
  let pos = escapeAt;
  let wordScanAt = pos;
  /** Escapes read: past DENSE_STRING_ESCAPES the rest of the string goes to JSON.parse (dense-escapes.ts). */
  let escapes = 0;
  // Stops at the closing quote, a control character or the end; finishString tells them apart.
  while (pos < end) {
    const byte = bytes[pos];
    const kind = BYTE_CLASS[byte];
    if (kind === PLAIN && pos === runStart && pos < wordScanAt) {
      // Dense markup: an ASCII byte right after an escape is copied as it is read, no run call.
      if (length === capacity) {
        out = growScratch(out, length + 64);
        capacity = scratchBytesLength;
      }
      out[length++] = byte;
      runStart = ++pos;
      continue;
    }
    if (kind === PLAIN || kind === NON_ASCII) {
      if (kind === NON_ASCII) nonAscii = true;
      if (++pos >= wordScanAt) {
        pos = nonAscii ? skipTextWords(state, pos) : skipPlainAsciiWords(state, pos);
        // `pos` is the stop or the start of its word: no second scan before it is reached.
        wordScanAt = pos + 4;
      }
      continue;
    }
    if (kind !== ESCAPE) break;
    if (READS_DENSE_STRINGS && ++escapes === DENSE_STRING_ESCAPES) {
      const dense = readDenseString(state, start, pos);
      if (dense !== undefined) return dense;
    }
    // The output never outgrows the input read so far: every escape is at least as long as its UTF-8.
    if (capacity < pos + 12 - start) {
      out = growScratch(out, pos + 12 - start);
      capacity = scratchBytesLength;
    }
    if (pos > runStart) length = copyRaw(state, runStart, pos, out, length);
    // The one-letter escapes, most of them, are written here: a call costs more in dense markup.
    const simple = pos + 1 < end ? SIMPLE_ESCAPES[bytes[pos + 1]] : 0;
    if (simple !== 0) {
      out[length++] = simple;
      pos += 2;
      runStart = pos;
      wordScanAt = pos + RESCAN_AFTER;
      continue;
    }
    let unit = readEscape(state, pos);
    pos = state.pos;
    if (unit >= 0x80) {
      nonAscii = true;
      if (unit >= 0xd800 && unit <= 0xdfff) {
        const low = unit <= 0xdbff && pos + 1 < end && bytes[pos] === BACKSLASH && bytes[pos + 1] === LOWER_U ? readEscape(state, pos) : -1;
        // A lone surrogate has no UTF-8 form: build this string from code units instead.
        if (low < 0xdc00 || low > 0xdfff) return readEscapedStringAsUnits(state, start, escapeAt, findStringEnd(state, escapeAt));
        pos = state.pos;
        unit = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
      }
    }
    length = encodeUtf8(unit, out, length);
    runStart = pos;
    // Escapes come in clusters (`\n\n`, `\"word\"`): look at a few bytes one by one first.
    wordScanAt = pos + RESCAN_AFTER;
  }
  if (capacity < pos - start) out = growScratch(out, pos - start);
  length = copyRaw(state, runStart, pos, out, length);
  finishString(state, pos);
  return buildString(state, out, 0, length, nonAscii);
}

/**
 * {@link readEscapedString} where the input has words and the scratch space a DataView: each raw
 * byte is written to the scratch as it is read, and each word of plain or non-ASCII text (no quote,
 * backslash or control character) that starts at a word boundary is written whole, so that no run
 * between escapes is copied by a call of its own.
 */
function readEscapedStringByWords(state: ParseState, start: number, escapeAt: number, nonAsciiBefore: boolean, words: Uint32Array, view: DataView): string {
  const bytes = state.bytes;
  const end = state.end;
  const wordsStart = state.wordsStart;
  // Only words wholly before the end: the kept copy has words past it (a zero byte after the input
  // stops the word test there too, but a copy may not rely on a scan's stop).
  const wordCount = Math.min(state.wordCount, (end - wordsStart) >> 2);
  let out = scratchBytes;
  let capacity = scratchBytesLength;
  if (capacity < escapeAt - start + 16) {
    out = growScratch(out, escapeAt - start + 16);
    capacity = scratchBytesLength;
    view = scratchView!;
  }
  // The run before the first escape, already scanned: bytes to a word boundary, whole words, the rest.
  checkUtf8(state, start, escapeAt);
  let length = 0;
  let from = start;
  while (from < escapeAt && ((from - wordsStart) & 3) !== 0) out[length++] = bytes[from++];
  let wordAt = (from - wordsStart) >> 2;
  const wordsBefore = Math.min(wordCount, (escapeAt - wordsStart) >> 2);
  while (wordAt < wordsBefore) {
    view.setUint32(length, words[wordAt], true);
    length += 4;
    wordAt++;
  }
  from = from < escapeAt ? wordsStart + (wordAt << 2) : from;
  while (from < escapeAt) out[length++] = bytes[from++];
  let nonAscii = nonAsciiBefore;
  const fatal = state.fatal;
  /** Escapes read: past DENSE_STRING_ESCAPES the rest of the string goes to JSON.parse (dense-escapes.ts). */
  let escapes = 0;
  // Where the raw bytes not yet checked as UTF-8 (fatal mode) begin: they are checked run by run, as copyRaw does.
  let runStart = escapeAt;
  let pos = escapeAt;
  while (pos < end) {
    const byte = bytes[pos];
    const kind = BYTE_CLASS[byte];
    if (kind === PLAIN || kind === NON_ASCII) {
      if (length === capacity) {
        out = growScratch(out, length + 64);
        capacity = scratchBytesLength;
        view = scratchView!;
      }
      out[length++] = byte;
      if (kind === NON_ASCII) nonAscii = true;
      let index = ++pos - wordsStart;
      // Not within RESCAN_AFTER bytes of an escape: escapes come in clusters (`a\nb\n`).
      if ((index & 3) === 0 && index >= 0 && pos >= runStart + RESCAN_AFTER) {
        index >>= 2;
        // As many words as the scratch has room for; the byte path above grows it.
        const last = Math.min(wordCount, index + ((capacity - length) >> 2));
        let seen = 0;
        while (index < last) {
          const word = words[index];
          if (textStops(word) !== 0) break;
          view.setUint32(length, word, true);
          length += 4;
          seen |= word;
          index++;
        }
        pos = wordsStart + (index << 2);
        if ((seen & 0x80808080) !== 0) nonAscii = true;
      }
      continue;
    }
    if (kind !== ESCAPE) break;
    if (READS_DENSE_STRINGS && ++escapes === DENSE_STRING_ESCAPES) {
      const dense = readDenseString(state, start, pos);
      if (dense !== undefined) return dense;
    }
    // Tested here: V8 does not inline checkUtf8, a call at every escape of text dense with them.
    if (fatal) checkUtf8(state, runStart, pos);
    // An escape writes at most four bytes (a surrogate pair's UTF-8).
    if (capacity < length + 4) {
      out = growScratch(out, length + 64);
      capacity = scratchBytesLength;
      view = scratchView!;
    }
    const simple = pos + 1 < end ? SIMPLE_ESCAPES[bytes[pos + 1]] : 0;
    if (simple !== 0) {
      out[length++] = simple;
      pos += 2;
      runStart = pos;
      continue;
    }
    // A \u escape of a character below U+D800 or past U+DFFF, written here: by readEscape and
    // encodeUtf8, calls V8 does not inline, a text of `\u0416` escapes read at 3.4 times native's
    // time on Node 24 (bench/NOTES.md, round 56). Surrogates and bad escapes take writeEscape.
    if (pos + 5 < end && bytes[pos + 1] === LOWER_U) {
      const high = (HEX_VALUES[bytes[pos + 2]] << 4) | HEX_VALUES[bytes[pos + 3]];
      const low = (HEX_VALUES[bytes[pos + 4]] << 4) | HEX_VALUES[bytes[pos + 5]];
      // A byte that is not a hex digit is -1, which makes either half negative.
      if (high >= 0 && low >= 0 && (high < 0xd8 || high > 0xdf)) {
        const unit = (high << 8) | low;
        if (unit < 0x80) out[length++] = unit;
        else {
          nonAscii = true;
          if (unit < 0x800) out[length++] = 0xc0 | (unit >> 6);
          else {
            out[length++] = 0xe0 | (unit >> 12);
            out[length++] = 0x80 | ((unit >> 6) & 0x3f);
          }
          out[length++] = 0x80 | (unit & 0x3f);
        }
        pos += 6;
        runStart = pos;
        continue;
      }
    }
    const written = writeEscape(state, pos, out, length);
    if (written < 0) return readEscapedStringAsUnits(state, start, escapeAt, findStringEnd(state, escapeAt));
    if (written - length > 1) nonAscii = true;
    length = written;
    pos = state.pos;
    runStart = pos;
  }
  checkUtf8(state, runStart, pos);
  finishString(state, pos);
  return buildString(state, out, 0, length, nonAscii);
}

/** Each byte's value as a hexadecimal digit, -1 for the others; none in the browser build (its cap), which has no word loop. */
const HEX_VALUES: Int8Array = BROWSER_BUILD ? (undefined as unknown as Int8Array) : hexValueTable();

function hexValueTable(): Int8Array {
  const table = new Int8Array(256).fill(-1);
  for (let digit = 0; digit < 16; digit++) {
    table[digit.toString(16).charCodeAt(0)] = digit;
    table[digit.toString(16).toUpperCase().charCodeAt(0)] = digit;
  }
  return table;
}

/** The byte each one-letter escape stands for, by its letter; 0 for the others. */
const SIMPLE_ESCAPES = new Uint8Array(256);
SIMPLE_ESCAPES[0x22] = 0x22; // \"
SIMPLE_ESCAPES[0x5c] = 0x5c; // \\
SIMPLE_ESCAPES[0x2f] = 0x2f; // \/
SIMPLE_ESCAPES[0x62] = 0x08; // \b
SIMPLE_ESCAPES[0x66] = 0x0c; // \f
SIMPLE_ESCAPES[0x6e] = 0x0a; // \n
SIMPLE_ESCAPES[0x72] = 0x0d; // \r
SIMPLE_ESCAPES[0x74] = 0x09; // \t

/** After an escape, the escaped-string scan goes this many bytes one by one before it reads words. */
const RESCAN_AFTER = 2;

/** A larger scratch buffer beginning with the bytes of `out` (the scratch buffer), kept for later strings. */
function growScratch(out: Uint8Array, needed: number): Uint8Array<ArrayBuffer> {
  scratchBytesLength = Math.max(needed, scratchBytesLength * 2);
  const grown = new ByteArray(scratchBytesLength);
  typedArraySet(grown, out);
  if (COPY_WORDS) scratchView = new DataViewConstructor(grown.buffer);
  return (scratchBytes = grown);
}

/** Fails unless `stop`, where the scan ended, is the closing quote; then steps past it. */
function finishString(state: ParseState, stop: number): void {
  if (stop >= state.end) throw fail(state, stop, "'\"' to end the string");
  if (state.bytes[stop] !== QUOTE) throw fail(state, stop, 'a string character (control characters must be escaped)');
  state.pos = stop + 1;
}

/**
 * The parse whose whole input was checked at its first non-ASCII string in fatal mode, and the
 * verdict: a well-formed input needs no check of each string. Kept by the parse's state, not its
 * bytes, which a caller may change between parses; let go after each parse.
 */
let checkedState: ParseState | undefined;
let checkedInputIsUtf8 = false;

/** In fatal mode, fails at the first ill-formed UTF-8 sequence in `bytes[from, to)`. */
function checkUtf8(state: ParseState, from: number, to: number): void {
  if (!state.fatal) return;
  // The browser build has no whole-input check (isWholeInputUtf8 is Node's).
  if (!BROWSER_BUILD) {
    if (state !== checkedState) {
      checkedState = state;
      // The input alone: the kept copy of a short input runs on past it (state.ts, `readLimit`).
      const bytes = state.bytes;
      checkedInputIsUtf8 = isWholeInputUtf8(state.readLimit === state.end ? bytes : byteRange(bytes, 0, state.end), state.shared);
    }
    if (checkedInputIsUtf8) return;
  }
  const invalidAt = findInvalidUtf8(state.bytes, from, to);
  if (invalidAt !== -1) throw fail(state, invalidAt, 'well-formed UTF-8 (fatal mode)');
}

/** Decodes the raw bytes `[from, to)` of a string into `units` at `length`, checking UTF-8 in fatal mode. */
function decodeRaw(state: ParseState, from: number, to: number, units: Uint16Array, length: number): number {
  checkUtf8(state, from, to);
  return decodeUtf8Into(state.bytes, from, to, units, length);
}

/** Copies the raw bytes `[from, to)` of a string into `out` at `length`, checking UTF-8 in fatal mode. */
function copyRaw(state: ParseState, from: number, to: number, out: Uint8Array, length: number): number {
  const bytes = state.bytes;
  checkUtf8(state, from, to);
  // Short runs between escapes are cheaper to copy by hand than through a subarray.
  if (to - from < 16) {
    while (from < to) out[length++] = bytes[from++];
    return length;
  }
  copyBytes(bytes, from, to, out, length);
  return length + (to - from);
}

/**
 * Writes the UTF-8 form of the escape at `backslashAt` (a `\u` one, or a pair of them for a character
 * past U+FFFF) into `out` at `length`, leaving `state.pos` after it. Returns the new length, or -1
 * for a lone surrogate, which has no UTF-8 form. readEscapedString keeps the same steps inline: as
 * a call there, the browser bundle grew 23 bytes past its cap.
 */
function writeEscape(state: ParseState, backslashAt: number, out: Uint8Array, length: number): number {
  const bytes = state.bytes;
  let unit = readEscape(state, backslashAt);
  if (unit >= 0xd800 && unit <= 0xdfff) {
    const pos = state.pos;
    const low = unit <= 0xdbff && pos + 1 < state.end && bytes[pos] === BACKSLASH && bytes[pos + 1] === LOWER_U ? readEscape(state, pos) : -1;
    if (low < 0xdc00 || low > 0xdfff) return -1;
    unit = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
  }
  return encodeUtf8(unit, out, length);
}

/** Writes the UTF-8 form of a code point (not a surrogate) into `out` at `length`. */
function encodeUtf8(codePoint: number, out: Uint8Array, length: number): number {
  if (codePoint < 0x80) {
    out[length++] = codePoint;
  } else if (codePoint < 0x800) {
    out[length++] = 0xc0 | (codePoint >> 6);
    out[length++] = 0x80 | (codePoint & 0x3f);
  } else if (codePoint < 0x10000) {
    out[length++] = 0xe0 | (codePoint >> 12);
    out[length++] = 0x80 | ((codePoint >> 6) & 0x3f);
    out[length++] = 0x80 | (codePoint & 0x3f);
  } else {
    out[length++] = 0xf0 | (codePoint >> 18);
    out[length++] = 0x80 | ((codePoint >> 12) & 0x3f);
    out[length++] = 0x80 | ((codePoint >> 6) & 0x3f);
    out[length++] = 0x80 | (codePoint & 0x3f);
  }
  return length;
}

/**
 * The escaped string again, as UTF-16 code units: the only form that can hold the lone surrogates
 * a \u escape may produce (JSON.parse keeps them).
 */
function readEscapedStringAsUnits(state: ParseState, start: number, escapeAt: number, stop: number): string {
  const bytes = state.bytes;
  if (scratchUnitsLength < stop - start) {
    scratchUnitsLength = Math.max(stop - start, scratchUnitsLength * 2);
    scratchUnits = new Uint16Array(scratchUnitsLength);
  }
  const units = scratchUnits;
  let length = 0;
  let segmentStart = start;
  let pos = escapeAt;
  while (pos < stop) {
    if (bytes[pos] !== BACKSLASH) {
      pos++;
      continue;
    }
    length = decodeRaw(state, segmentStart, pos, units, length);
    units[length++] = readEscape(state, pos);
    pos = state.pos;
    segmentStart = pos;
  }
  length = decodeRaw(state, segmentStart, stop, units, length);
  finishString(state, stop);
  return unitsToString(units, length);
}

/**
 * The offset of the closing quote of a string that has an escape at `escapeAt`, or of the first
 * raw control character or the end of input, whichever comes first. Escapes are checked later.
 */
function findStringEnd(state: ParseState, escapeAt: number): number {
  const bytes = state.bytes;
  const end = state.end;
  let pos = escapeAt;
  while (pos < end) {
    const kind = BYTE_CLASS[bytes[pos]];
    if (kind === ESCAPE) pos += 2;
    else if (kind === ENDS_STRING || kind === CONTROL) return pos;
    else pos++;
  }
  return end;
}

/** The code unit of the escape at `backslashAt`, leaving `state.pos` after it. */
function readEscape(state: ParseState, backslashAt: number): number {
  const bytes = state.bytes;
  const at = backslashAt + 1;
  const letter = at < state.end ? bytes[at] : -1;
  state.pos = at + 1;
  const simple = letter < 0 ? 0 : SIMPLE_ESCAPES[letter];
  if (simple !== 0) return simple;
  if (letter !== LOWER_U) throw fail(state, at, 'an escape character: one of " \\ / b f n r t u');
  // \uXXXX: any code unit, lone surrogates included, as JSON.parse keeps them.
  let unit = 0;
  for (let k = 1; k <= 4; k++) {
    const digit = at + k < state.end ? hexValue(bytes[at + k]) : -1;
    if (digit < 0) throw fail(state, at + k, 'a hexadecimal digit in a \\u escape');
    unit = (unit << 4) | digit;
  }
  state.pos = at + 5;
  return unit;
}

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}

/**
 * A string from UTF-16 code units. Not by `fromCharCode.apply` on the units: it reads their `length`
 * through the prototype's getter, which a program may patch; strings with lone surrogates are rare.
 */
function unitsToString(units: Uint16Array, length: number): string {
  return length <= SHORT_LENGTH ? fromCodes(units, 0, length) : joinCodes(units, 0, length);
}
