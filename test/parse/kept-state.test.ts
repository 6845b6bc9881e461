import { describe, expect, it } from 'vitest';
import { lastKeptState } from '../../src/parse/kept-state.js';
import { parseBinary } from '../../src/parse/parse-binary.js';
import { utf8 } from './oracle.js';
import { ensureBuilt, packageRoot, runModuleInFreshNode } from '../support/built-package.js';

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
    // The reader of four bytes at a time read the caller's buffer; it is let go too.
    const view = (kept as unknown as { view: DataView }).view;
    expect(view.byteLength).toBe(0);
    expect(view.buffer).not.toBe(longDocument.buffer);
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

  it('lets the collector take the caller\'s buffer once the parse returns (built package, fresh process)', () => {
    ensureBuilt();
    // 6 MB of records: past the size that goes whole to JSON.parse, so the parser reads it.
    const source = `
      const { parseBinary } = await import(process.argv[1]);
      const records = Array.from({ length: 100000 }, (_, index) => ({ id: index, name: 'record ' + index, tags: ['a', 'b'] }));
      let bytes = new TextEncoder().encode(JSON.stringify(records));
      const held = new WeakRef(bytes.buffer);
      let result = parseBinary(bytes);
      const ok = result.ok && result.value.length === 100000 && held.deref().byteLength > 4194304;
      bytes = undefined;
      result = undefined;
      // A WeakRef keeps its target until the job that made it ends.
      await new Promise((resolve) => setTimeout(resolve, 0));
      gc();
      console.log(JSON.stringify({ ok, collected: held.deref() === undefined }));
    `;
    const output = runModuleInFreshNode(source, [`${packageRoot}dist/index.js`], ['--expose-gc']);
    expect(JSON.parse(output)).toEqual({ ok: true, collected: true });
  });
});
