import { describe, expect, it } from 'vitest';
import { FRAME_SLOTS, frameStack } from '../../src/parse/frame-stack.js';
import { parseBinary } from '../../src/parse/parse-binary.js';
import { utf8 } from './oracle.js';

/** The container slots of the kept frame stack that still hold something. */
function heldContainers(): unknown[] {
  const held: unknown[] = [];
  for (let at = 0; at < frameStack.length; at += FRAME_SLOTS) if (frameStack[at] !== undefined) held.push(frameStack[at]);
  return held;
}

describe('the frame stack kept across parses', () => {
  it('holds no container after a parse that succeeds', () => {
    expect(parseBinary(utf8('{"a":[[1,{"b":[{"c":[2]}]}]],"d":{"e":{}}}')).ok).toBe(true);
    expect(heldContainers()).toEqual([]);
  });

  it('holds no container after a parse that fails deep inside', () => {
    expect(parseBinary(utf8('[{"a":[[{"b":[1,2,x]}]]}]')).ok).toBe(false);
    expect(heldContainers()).toEqual([]);
  });

  it('is replaced after a document deeper than it keeps, and still parses shallow ones', () => {
    const depth = 200;
    const deep = '['.repeat(depth) + ']'.repeat(depth);
    expect(parseBinary(utf8(deep)).ok).toBe(true);
    expect(frameStack.length).toBeLessThan(depth * FRAME_SLOTS);
    expect(heldContainers()).toEqual([]);
    expect(parseBinary(utf8('[[1],{"a":[2]}]'))).toEqual({ ok: true, value: [[1], { a: [2] }] });
  });
});
