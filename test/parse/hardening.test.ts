import { afterEach, describe, expect, it } from 'vitest';
import { parseBinary } from '../../src/parse/parse-binary.js';
import { utf8 } from './oracle.js';

// Found by review: behaviours that must hold however the program around the parser behaves.

describe('a program that changed Object.prototype', () => {
  const added: string[] = [];
  afterEach(() => {
    for (const name of added.splice(0)) delete (Object.prototype as Record<string, unknown>)[name];
  });

  it('does not make the parser run an inherited setter', () => {
    let calls = 0;
    Object.defineProperty(Object.prototype, 'reviewSetter', { set() { calls++; }, get() { return 1; }, configurable: true });
    added.push('reviewSetter');
    for (let round = 0; round < 8; round++) {
      const result = parseBinary(utf8('{"reviewSetter":2,"other":3}'));
      expect(result.ok && Object.getOwnPropertyDescriptor(result.value, 'reviewSetter')?.value).toBe(2);
    }
    expect(calls).toBe(0);
  });

  it('does not fail on a read-only inherited property', () => {
    Object.defineProperty(Object.prototype, 'reviewReadOnly', { value: 1, writable: false, configurable: true });
    added.push('reviewReadOnly');
    for (let round = 0; round < 8; round++) {
      expect(parseBinary(utf8('{"reviewReadOnly":2}'))).toEqual({ ok: true, value: { reviewReadOnly: 2 } });
    }
  });
});

describe('memory the parser keeps between parses', () => {
  it('does not keep very long keys in its shape tree', () => {
    // Indirectly: a document of 300 objects with distinct 100 KB keys parses (and the keys are
    // not pinned: a 16,384-shape tree of such keys would hold gigabytes).
    const key = 'k'.repeat(100_000);
    const text = `[${Array.from({ length: 300 }, (_, index) => `{"${key}${index}":${index}}`).join(',')}]`;
    const result = parseBinary(utf8(text));
    expect(result.ok && (result.value as object[]).length).toBe(300);
  });

  it('parses a huge array of numbers, then small documents, correctly', () => {
    const big = utf8(`[${'1,'.repeat(100_000)}2]`);
    expect(parseBinary(big).ok).toBe(true);
    expect(parseBinary(utf8('[[1,2],[3]]'))).toEqual({ ok: true, value: [[1, 2], [3]] });
  });
});
