/**
 * Whether the engine's JSON.parse gives keys that hold an escape right, probed once.
 *
 * V8 13.6 to 15.0 (Node 24 and 26, Deno 2.9, Chromium 150) compare a key that holds an escape with
 * the key they expect next by its first raw characters, as many as the key has once decoded: after
 * JSON.parse has made a key `\` (from `"\\"`) following some key, `"\n"`, `"\t"`, `"\""` or
 * `"\u0041"` following that same key come out as `\` (bench/NOTES.md, round 33). V8 11.3 and 12.4
 * (Node 20 and 22), Chromium 156's V8 and JavaScriptCore (Bun) are right. Where it is wrong, no
 * document whose keys hold an escape goes to JSON.parse (whole-documents.ts, large-subtrees.ts).
 *
 * The probe teaches the engine that shape after a first key no document has, so what it leaves in
 * the engine reaches nothing else, and asks for the escaped key after it. It runs at the first
 * document that would need the check, not at load.
 */
import type { JsonParse } from './engine-json-parse.js';

// A word joiner alone: a first key that no document has.
const PROBE_KEY = '\u2060';

/** The probe's answer once known. */
let escapedKeysRight: boolean | undefined;

/** For the tests alone: takes either branch on any engine (undefined probes again). */
export function setEscapedKeysRight(right: boolean | undefined): void {
  escapedKeysRight = right;
}

/** Whether `parse`, the engine's JSON.parse, gives escaped keys right (probed at the first call). */
export function readsEscapedKeysRight(parse: JsonParse): boolean {
  if (escapedKeysRight === undefined) {
    parse(`{"${PROBE_KEY}":0,"\\\\":0}`);
    // Where the bug is, the second key is an own "\\" holding 0. Read as a property, not by
    // Object.keys, which a program may replace: a polluted Object.prototype can only make the
    // answer "wrong", which costs the scan and nothing else.
    escapedKeysRight = (parse(`{"${PROBE_KEY}":0,"\\n":0}`) as Record<string, unknown>)['\\'] !== 0;
  }
  return escapedKeysRight;
}
