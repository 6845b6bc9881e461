import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseBody } from '../../src/body.js';

const BODY_BYTES = 5 * 1024 * 1024;
const REQUESTS = 200;
const MiB = 1024 * 1024;

describe('memory over many large bodies', () => {
  it.each([
    ['declared', REQUESTS],
    ['chunked', REQUESTS / 2],
  ])('keeps RSS bounded over sequential 5 MB bodies with %s length (%i bodies)', async (framing, requests) => {
    const server = createServer(async (req, res) => {
      const outcome = await parseBody(req, { limit: 8 * MiB });
      res.writeHead(outcome.ok ? 200 : outcome.status, { connection: outcome.ok ? 'keep-alive' : 'close' });
      res.end(outcome.ok ? String((outcome.value as { data: string }).data.length) : outcome.message);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const body = Buffer.from(JSON.stringify({ data: 'm'.repeat(BODY_BYTES - 11) }));
    const send = () =>
      new Promise<string>((resolve, reject) => {
        const headers = framing === 'declared' ? { 'content-length': body.length } : { 'transfer-encoding': 'chunked' };
        const outgoing = request({ port, host: '127.0.0.1', method: 'POST', agent, headers }, (incoming) => {
          let text = '';
          incoming.setEncoding('latin1');
          incoming.on('data', (piece: string) => (text += piece));
          incoming.on('end', () => resolve(text));
        });
        outgoing.on('error', reject);
        outgoing.end(body);
      });

    for (let index = 0; index < 10; index++) expect(await send()).toBe(String(BODY_BYTES - 11));
    const rssAfterWarmUp = process.memoryUsage.rss();
    let peak = rssAfterWarmUp;
    for (let index = 0; index < requests; index++) {
      expect(await send()).toBe(String(BODY_BYTES - 11));
      peak = Math.max(peak, process.memoryUsage.rss());
    }
    agent.destroy();
    await new Promise((resolve) => server.close(resolve));
    const growth = (peak - rssAfterWarmUp) / MiB;
    console.log(`${framing}: RSS after warm-up ${(rssAfterWarmUp / MiB).toFixed(0)} MiB, peak growth over ${requests} bodies ${growth.toFixed(0)} MiB`);
    // 100 bodies are 500 MiB in total: growth far below that shows nothing accumulates.
    expect(growth).toBeLessThan(250);
  });
});
