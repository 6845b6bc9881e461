/**
 * Runs of index members with small integer values (`"17":3,"18":0,`), the members of counters,
 * histograms and arrays written out as objects. The parser's loop spends most of such a member on
 * its generic steps: the value's dispatch, the store's tests, the separator's. Here one loop reads
 * member after member while each is compact and plain (integer-keys-100k, bench/NOTES.md round 22).
 */

import { COMMA, DIGIT_0, DIGIT_9 } from './bytes.js';
import { NOT_AN_INDEX, readIndexMember } from './index-keys.js';
import { growPropertyStack, propertyKeys, propertyValues } from './property-stack.js';
import type { ParseState } from './state.js';

/** Digits of a value read here at most: 9 stay a small integer on every engine, as in the parser's loop. */
const MAX_VALUE_DIGITS = 9;

/**
 * Reads on from `state.pos`, the value of the index member whose key is on top of the property
 * stack (`top` is the stack's height). While that value is an integer of up to MAX_VALUE_DIGITS
 * digits with a comma and another index member right after it, stores the value, pushes the next
 * key and goes on. Returns the new height, with `state.pos` at the value not read: whatever breaks
 * the run (whitespace, another kind of value, the object's end, bad input) is the parser's to read.
 */
export function readIndexRun(state: ParseState, top: number): number {
  const bytes = state.bytes;
  const end = state.end;
  let keys = propertyKeys;
  let values = propertyValues;
  let pos = state.pos;
  for (;;) {
    let at = pos;
    let byte = at < end ? bytes[at] : -1;
    if (byte < DIGIT_0 || byte > DIGIT_9) break;
    let value = byte - DIGIT_0;
    // A leading 0 takes no more digits: "01" stops the run at the 1, and the parser fails there.
    if (value !== 0) {
      while (++at < end && at - pos < MAX_VALUE_DIGITS && (byte = bytes[at]) >= DIGIT_0 && byte <= DIGIT_9) {
        value = value * 10 + (byte - DIGIT_0);
      }
    } else at++;
    // A tenth digit, a fraction or an exponent is not a comma either.
    if (at >= end || bytes[at] !== COMMA) break;
    const key = readIndexMember(state, at + 1);
    if (key === NOT_AN_INDEX) break;
    values[top - 1] = value;
    if (top === keys.length) {
      growPropertyStack(top);
      keys = propertyKeys;
      values = propertyValues;
    }
    keys[top++] = key;
    pos = state.pos;
  }
  state.pos = pos;
  return top;
}
