import {
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  DIGIT_0,
  DIGIT_9,
  LOWER_F,
  LOWER_N,
  LOWER_T,
  MINUS,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  isWhitespace,
} from './bytes.js';
import { elementBuffer, noteElementCount } from './array-scratch.js';
import { readNumber } from './numbers.js';
import { fail, type ParseState } from './state.js';
import { readKey, readString } from './strings.js';

type JsonObject = Record<string, unknown>;
type Container = JsonObject | unknown[];

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Parses the whole document in `state.bytes` from `state.pos` and returns its value.
 * Nesting lives in an explicit stack, never the call stack, so any depth parses.
 */
export function parseDocument(state: ParseState): unknown {
  const bytes = state.bytes;
  const end = state.end;
  const guardKeys = state.protoAction !== 'ignore' || state.constructorAction !== 'ignore';
  // Enclosing containers and, in step with them, the key each enclosing object awaits a value for
  // and the element count of each enclosing array.
  const outerContainers: Container[] = [];
  const outerKeys: string[] = [];
  const outerCounts: number[] = [];
  // The innermost open container: an object, or an array's element buffer holding `count` elements.
  let container: Container | undefined;
  let inArray = false;
  let key = '';
  let count = 0;
  let pos = state.pos;
  let value: unknown;

  for (;;) {
    // Read one value.
    let byte = pos < end ? bytes[pos] : -1;
    if (isWhitespace(byte)) {
      pos = skipWhitespace(bytes, pos + 1, end);
      byte = pos < end ? bytes[pos] : -1;
    }
    switch (byte) {
      case QUOTE:
        state.pos = pos + 1;
        value = readString(state);
        pos = state.pos;
        break;
      case OPEN_BRACE:
      case OPEN_BRACKET: {
        const depth = outerContainers.length + (container === undefined ? 1 : 2);
        if (depth > state.maxDepth) return fail(state, pos, `nesting no deeper than maxDepth (${state.maxDepth})`);
        const closing = byte === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET;
        pos = skipWhitespace(bytes, pos + 1, end);
        if (pos < end && bytes[pos] === closing) {
          value = closing === CLOSE_BRACE ? {} : [];
          pos++;
          break;
        }
        if (container !== undefined) {
          outerContainers.push(container);
          outerKeys.push(key);
          outerCounts.push(count);
        }
        if (closing === CLOSE_BRACKET) {
          container = elementBuffer(depth - 1);
          inArray = true;
          count = 0;
        } else {
          container = {};
          inArray = false;
          state.pos = pos;
          key = readKeyAndColon(state);
          pos = state.pos;
        }
        continue;
      }
      case LOWER_T:
        pos = expectLiteral(state, pos, 'true');
        value = true;
        break;
      case LOWER_F:
        pos = expectLiteral(state, pos, 'false');
        value = false;
        break;
      case LOWER_N:
        pos = expectLiteral(state, pos, 'null');
        value = null;
        break;
      default:
        if (byte !== MINUS && !(byte >= DIGIT_0 && byte <= DIGIT_9)) return fail(state, pos, 'a value');
        state.pos = pos;
        value = readNumber(state);
        pos = state.pos;
    }

    // Store the value, then close every container that ends right after it.
    for (;;) {
      if (container === undefined) {
        pos = skipWhitespace(bytes, pos, end);
        if (pos < end) return fail(state, pos, 'end of input after the JSON value');
        return value;
      }
      if (inArray) (container as unknown[])[count++] = value;
      else storeProperty(state, container as JsonObject, key, value);

      let byte = pos < end ? bytes[pos] : -1;
      if (isWhitespace(byte)) {
        pos = skipWhitespace(bytes, pos + 1, end);
        byte = pos < end ? bytes[pos] : -1;
      }
      if (byte === COMMA) {
        pos++;
        if (!inArray) {
          state.pos = pos;
          key = readKeyAndColon(state);
          pos = state.pos;
        }
        break;
      }
      if (byte === (inArray ? CLOSE_BRACKET : CLOSE_BRACE)) {
        pos++;
        if (inArray) {
          value = (container as unknown[]).slice(0, count);
          noteElementCount(outerContainers.length, count);
        } else {
          value = container;
          if (guardKeys) guardConstructor(state, container as JsonObject, pos - 1);
        }
        container = outerContainers.pop();
        key = outerKeys.pop() ?? '';
        count = outerCounts.pop() ?? 0;
        inArray = Array.isArray(container);
        continue;
      }
      return fail(state, pos, inArray ? "',' or ']'" : "',' or '}'");
    }
  }
}

/** Skips whitespace from `pos`; returns the offset of the next other byte (or `end`). */
function skipWhitespace(bytes: Uint8Array, pos: number, end: number): number {
  while (pos < end && isWhitespace(bytes[pos])) pos++;
  return pos;
}

/** Reads `"key" :` at `state.pos` (whitespace allowed around), leaving `state.pos` after the colon. */
function readKeyAndColon(state: ParseState): string {
  const bytes = state.bytes;
  const end = state.end;
  let pos = skipWhitespace(bytes, state.pos, end);
  if (pos >= end || bytes[pos] !== QUOTE) throw fail(state, pos, "'\"' to start a property name");
  const keyAt = pos;
  state.pos = pos + 1;
  const key = readKey(state);
  pos = skipWhitespace(bytes, state.pos, end);
  if (pos >= end || bytes[pos] !== COLON) throw fail(state, pos, "':' after the property name");
  state.pos = pos + 1;
  if (key === '__proto__' && state.protoAction === 'error') {
    throw fail(state, keyAt, 'no "__proto__" key (protoAction: \'error\')', 'property name "__proto__"');
  }
  return key;
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
function storeProperty(state: ParseState, object: JsonObject, key: string, value: unknown): void {
  if (key !== '__proto__') {
    object[key] = value;
    return;
  }
  if (state.protoAction === 'remove') return;
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
  );
}
