// Starts each Node example server (they import the built package by name) on a free port and
// sends one good and one bad body to it.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, packageRoot as root } from '../support/built-package.js';

let running: ChildProcess | undefined;

beforeAll(() => {
  // The examples import `json-parse-binary/body`, which resolves to dist/ through the exports map.
  ensureBuilt();
}, 120_000);

afterEach(() => {
  running?.kill();
  running = undefined;
});

function startExample(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`examples/${file}`], { cwd: root, env: { ...process.env, PORT: '0' } });
    running = child;
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => (output += text));
    child.stdout.on('data', (text: string) => {
      output += text;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`examples/${file} exited with ${code}: ${output}`)));
  });
}

describe.each(['node-http.js', 'express.js', 'fastify.js', 'hono.js'])('examples/%s', (file) => {
  it('answers a good body with 200 and a bad one with 400', async () => {
    const url = await startExample(file);
    const headers = { 'content-type': 'application/json' };
    const good = await fetch(url, { method: 'POST', headers, body: '{"hello": ["world", 42]}' });
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ received: { hello: ['world', 42] } });
    const bad = await fetch(url, { method: 'POST', headers, body: '{"hello": }' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('line 1, column 11');
  });
});
