// Zip bombs against a 1 MiB limit: about 100 KB of gzip (deflate's ratio tops out near 1030:1)
// and 172 bytes of brotli, each inflating to 100 MiB. Inflating must stop at the limit with 413,
// and the process's peak RSS must barely move. Measured in a child process, so the test runner's
// own memory does not blur the figure.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const workDir = mkdtempSync(join(tmpdir(), 'jpb-bomb-'));
const bundle = join(workDir, 'body.mjs');
const LIMIT = 1024 * 1024;
const INFLATED = 100 * 1024 * 1024;

beforeAll(async () => {
  await build({ entryPoints: [join(root, 'src/body.ts')], bundle: true, format: 'esm', platform: 'neutral', outfile: bundle, logLevel: 'silent' });
}, 60_000);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('zip bombs', () => {
  it.each([
    ['gzip', (input: Buffer) => gzipSync(input, { level: 9 })],
    ['br', (input: Buffer) => brotliCompressSync(input)],
  ])('%s: 100 MiB inflated against a 1 MiB limit is 413, and peak RSS grows by less than 8 MiB', (coding, compress) => {
    const bomb = compress(Buffer.alloc(INFLATED, 0x20));
    const bombFile = join(workDir, `bomb.${coding}`);
    writeFileSync(bombFile, bomb);
    const output = execFileSync(process.execPath, [join(root, 'test/body/inflate-bomb.child.mjs'), bundle, bombFile, coding, String(LIMIT)], {
      encoding: 'utf8',
    });
    const report = JSON.parse(output.trim().split('\n').pop()!);
    console.log(`${coding} bomb of ${bomb.length} bytes:`, report);
    expect(report.httpStatus).toBe(413);
    expect(report.webStatus).toBe(413);
    // Holding what inflated would take 100 MiB; the limit plus a few chunks is about 1 MiB.
    for (const path of [report.http, report.web]) {
      expect(path.sampledGrowthMiB).toBeLessThan(8);
      expect(path.peakGrowthMiB).toBeLessThan(8);
    }
  }, 120_000);
});
