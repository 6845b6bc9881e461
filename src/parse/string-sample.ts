// A sample of a document's first bytes, how much of it lies inside strings, to choose its way before
// reading it (whole-documents.ts).
import { BACKSLASH, QUOTE, isWhitespace } from './bytes.js';
import { BROWSER_BUILD } from '../platform/browser-build.js';

/** Bytes from a document's start that are sampled. */
const SAMPLE_BYTES = 4096;

/** The sample: bytes inside strings (quotes included), how many strings (outside the browser build), and bytes other than blanks. */
interface StringSample {
  inStrings: number;
  strings?: number;
  content: number;
}

function sampleStrings(bytes: Uint8Array, from: number, end: number): StringSample {
  const stop = end - from < SAMPLE_BYTES ? end : from + SAMPLE_BYTES;
  let inStrings = 0;
  let strings = 0;
  let blanks = 0;
  for (let at = from; at < stop; at++) {
    if (isWhitespace(bytes[at])) blanks++;
    if (bytes[at] !== QUOTE) continue;
    const open = at;
    while (++at < stop && bytes[at] !== QUOTE) if (bytes[at] === BACKSLASH) at++;
    inStrings += at - open + 1;
    // Counted for mostlyLongStrings, which the browser build has not (its cap).
    if (!BROWSER_BUILD) strings++;
  }
  return BROWSER_BUILD ? { inStrings, content: stop - from - blanks } : { inStrings, strings, content: stop - from - blanks };
}

/**
 * Whether at least three quarters of the first SAMPLE_BYTES bytes from `from`, blanks outside
 * strings left out, lie inside strings. Blanks are layout, which JSON.parse skips as fast as the
 * parser. In Chromium the parser, which builds every string from character codes, took about twice
 * native's time on such documents (maps keyed by data, prose, messages, command trees), while on
 * records of numbers it beats JSON.parse: citm_catalog, 70 % strings without its indentation, read
 * 0.67 by the parser and 1.01 routed; command-tree, 87 %, read 2.12 and 1.00; integer-keys-100k,
 * 62 %, 1.03 and 1.37 (Chromium 156, bench/NOTES.md, round 33). Every map, prose and message
 * document of the sets reads 0.86 to 1.00. Outside the browser, a document with more brackets than
 * maxDepth has its value's depth checked after JSON.parse only when mostly of strings: records of
 * numbers stay with the parser, which reads numbers well and where the check would visit every
 * number (canada, 3 % in strings: 1.64 of native's time checked, 1.14 by the parser; citm_catalog,
 * 70 %, 1.18 and 0.57, Node 24, bench/NOTES.md, round 36).
 */
export function mostlyStrings(bytes: Uint8Array, from: number, end: number): boolean {
  const { inStrings, content } = sampleStrings(bytes, from, end);
  return 4 * inStrings >= 3 * content;
}


/**
 * Whether, in the same sample, at least `minShare` of the bytes other than blanks lie inside strings,
 * and those strings average `minMeanBytes` bytes or more, quotes included: text, not records.
 */
export function mostlyLongStrings(bytes: Uint8Array, from: number, end: number, minShare: number, minMeanBytes: number): boolean {
  const { inStrings, strings, content } = sampleStrings(bytes, from, end);
  return inStrings >= minShare * content && inStrings >= minMeanBytes * strings!;
}
