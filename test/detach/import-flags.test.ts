// Importing the package must change nothing in the process: no V8 flag, not even for a moment. The
// flag for V8's natives is switched on only around the compilation of the two natives functions
// (the first detach, the first map-like object), and again if V8 has flushed their bytecode.
// Each check runs in a fresh process (a flag is process-wide), over the entry points bundled from
// src/ by esbuild, on this Node and on every other Node of the matrix that is installed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANY_SHAPE_MAX_BYTES } from '../../src/parse/whole-document-limits.js';
import { locateRuntime } from './locate-runtime.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
let folder: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'json-parse-binary-flags-'));
  await build({
    entryPoints: { index: join(root, 'src/index.ts'), auto: join(root, 'src/auto.ts'), body: join(root, 'src/body.ts') },
    outdir: folder,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    outExtension: { '.js': '.mjs' },
    logLevel: 'silent',
  });
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// Spies on setFlagsFromString through the same module object the package reaches with
// process.getBuiltinModule, then reports what each step changed.
const prelude = `
const v8 = process.getBuiltinModule('node:v8');
const calls = [];
const original = v8.setFlagsFromString;
v8.setFlagsFromString = (flags) => { calls.push(flags); return original.call(v8, flags); };
const nativesSyntaxOn = () => { try { new Function('%GetOptimizationStatus(1)'); return true; } catch (error) { if (!(error instanceof SyntaxError)) throw error; return false; } };
const report = {};
const step = (name) => { report[name] = { calls: calls.splice(0), natives: nativesSyntaxOn() }; };
// A map-like object: 40 keys no earlier parse has seen. Blanks after it make it longer than the
// documents handed whole to JSON.parse (src/parse/whole-documents.ts), so that the parser builds it.
let serial = 0;
const mapBytes = () => new TextEncoder().encode(JSON.stringify(Object.fromEntries(Array.from({ length: 40 }, () => ['key-' + serial++, serial]))) + ' '.repeat(${ANY_SHAPE_MAX_BYTES + 1}));
`;

function runScript(command: string, body: string, flags: string[] = []): Record<string, unknown> {
  const file = join(folder, `script-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, `${prelude}\n${body}\nconsole.log(JSON.stringify(report));\n`);
  const outcome = spawnSync(command, [...flags, file], { encoding: 'utf8', timeout: 30_000 });
  expect(outcome.stderr).toBe('');
  return JSON.parse(outcome.stdout) as Record<string, unknown>;
}

const nodes = (['node20', 'node22', 'node24', 'node26'] as const)
  .map((name) => ({ name, runtime: name === 'node20' ? { command: process.execPath } : locateRuntime(name) }))
  .filter((node) => node.runtime !== undefined);

describe.each(nodes)('V8 flags on $name', ({ runtime }) => {
  it('are untouched by importing every entry point and parsing; switched only around the first detach and the first map', () => {
    const report = runScript(
      runtime!.command,
      `
const main = await import('./index.mjs');
await import('./auto.mjs');
const body = await import('./body.mjs');
report.strategyAtLoad = main.detachStrategy;
main.parseBinary(new TextEncoder().encode('{"a": [1, 2]}'));
step('import and parse');
main.detach(new ArrayBuffer(8));
step('first detach');
main.detach(new ArrayBuffer(8));
report.strategyAfterUse = main.detachStrategy;
step('second detach');
report.firstMap = main.parseBinary(mapBytes()).ok;
step('first map');
report.secondMap = main.parseBinary(mapBytes()).ok;
step('second map');
`,
    );
    const onceAround = { calls: ['--allow-natives-syntax', '--no-allow-natives-syntax'], natives: false };
    expect(report['import and parse']).toEqual({ calls: [], natives: false });
    expect(report['first detach']).toEqual(onceAround);
    expect(report['second detach']).toEqual({ calls: [], natives: false });
    expect(report['first map']).toEqual(onceAround);
    expect(report['second map']).toEqual({ calls: [], natives: false });
    expect(report).toMatchObject({ firstMap: true, secondMap: true });
    expect(report.strategyAtLoad).toBe('natives');
    expect(report.strategyAfterUse).toBe('natives');
  });

  it('are never touched once configureDetach({ natives: false }) forbade the natives strategy', () => {
    const report = runScript(
      runtime!.command,
      `
const main = await import('./index.mjs');
const body = await import('./body.mjs');
main.configureDetach({ natives: false });
report.strategy = main.detachStrategy;
const buffer = new ArrayBuffer(8);
main.detach(buffer);
report.detached = buffer.byteLength === 0;
const parsed = await body.parseBody(new Response('{"a": 1}'));
report.parsed = parsed.ok && main.parseBinary(mapBytes()).ok;
step('detach and parseBody');
`,
    );
    expect(report['detach and parseBody']).toEqual({ calls: [], natives: false });
    expect(report.strategy).toBe(typeof (ArrayBuffer.prototype as { transfer?: unknown }).transfer === 'function' || runtime!.command !== process.execPath ? 'transfer' : 'structured-clone');
    expect(report).toMatchObject({ detached: true, parsed: true });
  });
});

describe.each(nodes)('the natives functions on $name', ({ runtime }) => {
  // V8 drops the bytecode of a function left unused for a few collections and compiles it again from
  // its source at the next call, which needs the flag: --stress-flush-code makes every gc() do that.
  it('are compiled again, and keep working, after V8 has flushed their bytecode', () => {
    const report = runScript(
      runtime!.command,
      `
const main = await import('./index.mjs');
main.detach(new ArrayBuffer(8));
main.parseBinary(mapBytes());
step('first use');
for (let round = 0; round < 3; round++) globalThis.gc();
const buffer = new ArrayBuffer(64);
main.detach(buffer);
report.detachedAfterFlush = buffer.byteLength === 0;
const bytes = mapBytes();
const parsed = main.parseBinary(bytes);
report.sameMapAfterFlush = parsed.ok && JSON.stringify(parsed.value) === new TextDecoder().decode(bytes).trimEnd();
step('after the flush');
report.strategy = main.detachStrategy;
`,
      ['--stress-flush-code', '--expose-gc'],
    );
    const onceAround = ['--allow-natives-syntax', '--no-allow-natives-syntax'];
    expect(report['first use']).toEqual({ calls: [...onceAround, ...onceAround], natives: false });
    expect(report['after the flush']).toEqual({ calls: [...onceAround, ...onceAround], natives: false });
    expect(report).toMatchObject({ detachedAfterFlush: true, sameMapAfterFlush: true, strategy: 'natives' });
  });
});

describe('a Node without process.getBuiltinModule (20.0 to 20.15, outside engines)', () => {
  it('is not told natives: detachStrategy names the fallback it really uses', () => {
    const report = runScript(
      process.execPath,
      `
const builtin = process.getBuiltinModule;
delete process.getBuiltinModule;
const main = await import('./index.mjs');
report.strategyAtLoad = main.detachStrategy;
main.detach(new ArrayBuffer(8));
report.strategyAfterUse = main.detachStrategy;
process.getBuiltinModule = builtin;
step('detach');
`,
    );
    expect(report.strategyAtLoad).not.toBe('natives');
    expect(report.strategyAfterUse).toBe(report.strategyAtLoad);
    expect(report.detach).toEqual({ calls: [], natives: false });
  });
});

describe('configureDetach', () => {
  it('refuses anything but { natives?: boolean }', async () => {
    const { configureDetach } = await import('../../src/index.js');
    expect(() => configureDetach({ nativs: false } as never)).toThrow(/configureDetach: unknown option 'nativs'/);
    expect(() => configureDetach({ natives: 'no' } as never)).toThrow(TypeError);
    expect(() => configureDetach(null as never)).toThrow(TypeError);
  });
});
