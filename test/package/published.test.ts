// What `npm publish` would send, read from `npm pack --dry-run` (scripts skipped: nothing is built).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as Record<string, unknown>;

function packedFiles(): string[] {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' });
  expect(run.status).toBe(0);
  const [pack] = JSON.parse(run.stdout) as [{ files: { path: string }[] }];
  return pack.files.map((file) => file.path);
}

describe('the published package', () => {
  it('carries the MIT LICENSE file', () => {
    expect(packedFiles()).toContain('LICENSE');
    const license = readFileSync(`${root}LICENSE`, 'utf8');
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) 2026 json-parse-binary contributors\n/);
    expect(manifest.license).toBe('MIT');
  });

  it('names its repository, home page and issue tracker', () => {
    const repository = 'https://github.com/json-parse-binary/json-parse-binary';
    expect(manifest.repository).toEqual({ type: 'git', url: `git+${repository}.git` });
    expect(manifest.homepage).toBe(`${repository}#readme`);
    expect(manifest.bugs).toEqual({ url: `${repository}/issues` });
  });

  it('allows only Node versions with process.getBuiltinModule, which the natives strategy needs', () => {
    // getBuiltinModule arrived in Node 20.16 and 22.3; without it detach would fall back to
    // structured-clone, whose memory waits for a garbage collection.
    expect((manifest.engines as { node: string }).node).toBe('>=20.16 <21 || >=22.3');
    expect(typeof process.getBuiltinModule).toBe('function');
  });
});
