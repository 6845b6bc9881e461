// What importing each entry point loads into a Node program besides the package itself. Node's lazy
// globals (`Request`, `fetch`, `Headers`) load undici, its fetch, at their first read; node:v8 and
// node:worker_threads bring its streams and worker internals. Read at load, they made importing
// json-parse-binary/body take 90 ms and 19 to 22 MB of RSS on Node 24 and 26, against 11 ms and 6 to
// 8 MB without them (bench/NOTES.md, round 51), and a server under a memory cap pays that for
// nothing. Each is loaded, if ever, where it is used.
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, packageRoot, runModuleInFreshNode } from '../support/built-package.js';

beforeAll(ensureBuilt, 120_000);

/** Built-in modules that no entry point may load on import (`process.moduleLoadList` names). */
const LOADED_ON_USE = [/undici/, /^NativeModule worker_threads$/, /^NativeModule v8$/, /^NativeModule stream$/, /webstreams/];

// Run as an ES module in a fresh process: the loader's own modules are in the list before the
// import, so only what the entry point brings is new.
const childSource = `
const [file, format] = process.argv.slice(1);
const before = new Set(process.moduleLoadList);
const module = format === 'require' ? (await import('node:module')).createRequire(import.meta.url)(file) : await import(file);
const added = process.moduleLoadList.filter((name) => !before.has(name));
console.log(JSON.stringify({ added, strategy: module.detachStrategy ?? null }));
`;

function importInFreshProcess(file: string, format: 'import' | 'require'): { added: string[]; strategy: string | null } {
  const output = runModuleInFreshNode(childSource, [`${packageRoot}dist/${file}`, format]);
  return JSON.parse(output) as { added: string[]; strategy: string | null };
}

const entryPoints = ['index', 'auto', 'body', 'express', 'fastify', 'hono'];

describe.each(entryPoints)('importing dist/%s', (name) => {
  it.each([
    ['import', `${name}.js`],
    ['require', `${name}.cjs`],
  ] as const)('by %s loads no fetch, streams, worker or v8 module', (format, file) => {
    const { added } = importInFreshProcess(file, format);
    expect(added.filter((module) => LOADED_ON_USE.some((pattern) => pattern.test(module)))).toEqual([]);
  });
});

describe('the main entry point on Node', () => {
  it('still announces the natives strategy at load, before node:v8 is loaded', () => {
    expect(importInFreshProcess('index.js', 'import').strategy).toBe('natives');
  });

  it('detaches by natives once node:v8 is loaded at the first detach', () => {
    const source = `
      const { detach, detachStrategy } = await import(process.argv[1]);
      const buffer = new ArrayBuffer(16);
      detach(buffer);
      console.log(JSON.stringify({ detached: buffer.byteLength === 0, strategy: detachStrategy, v8: process.moduleLoadList.includes('NativeModule v8') }));
    `;
    const output = runModuleInFreshNode(source, [`${packageRoot}dist/index.js`]);
    expect(JSON.parse(output)).toEqual({ detached: true, strategy: 'natives', v8: true });
  });
});
