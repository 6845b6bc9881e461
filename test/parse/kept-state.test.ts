import { describe, expect, it } from 'vitest';
import { lastKeptState } from '../../src/parse/kept-state.js';
import { parseBinary } from '../../src/parse/parse-binary.js';
import { utf8 } from './oracle.js';

// parseBinary keeps its last state so that V8 keeps the state's hidden class (kept-state.ts). The
// kept state must hold nothing of the caller's input nor of the parsed value.
describe('the state kept after a parse', () => {
  const longDocument = utf8(JSON.stringify({ text: 'жизнь '.repeat(400), list: Array.from({ length: 50 }, (_, index) => `item ${index}`) }));

  it('is the last parse\'s, emptied of its input and of its last key', () => {
    expect(longDocument.length).toBeGreaterThan(1024);
    const result = parseBinary(longDocument);
    expect(result).toEqual({ ok: true, value: JSON.parse(new TextDecoder().decode(longDocument)) });
    const kept = lastKeptState();
    expect(kept).toBeDefined();
    expect(kept!.bytes.length).toBe(0);
    expect(kept!.words).toBeNull();
    expect(kept!.key).toBe('');
    expect(kept!.end).toBe(longDocument.length);
  });

  it('leaves a failure result as it was', () => {
    const bad = utf8(`{"a": [1, 2, ${'3, '.repeat(400)}x]}`);
    const result = parseBinary(bad);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.position).toBe(bad.indexOf(0x78));
    expect(result.code).toBeDefined();
    expect(lastKeptState()!.bytes.length).toBe(0);
    expect(lastKeptState()!.failure?.position).toBe(result.position);
  });

  it('is replaced by each parse', () => {
    parseBinary(utf8('[1]'));
    const first = lastKeptState();
    parseBinary(utf8('{"k": "v"}'));
    expect(lastKeptState()).not.toBe(first);
    expect(lastKeptState()!.end).toBe(10);
  });
});
