// Zip bombs on every runtime of the matrix, against the built dist/: about 100 KB of gzip and 172
// bytes of brotli, each inflating to 100 MiB, read by parseBody from a Request with a 1 MiB limit.
// The answer must be 413 (on Deno, brotli goes through node:zlib streams: see src/body/inflate-web.ts), and RSS
// (sampled every millisecond while reading; inflation yields between chunks) must grow by less
// than 16 MiB. Run: node|bun|deno run -A test/body/inflate-bomb.smoke.mjs
import { parseBody } from '../../dist/body.js';
import { assert, check, report } from '../support/smoke.mjs';

const MiB = 1024 * 1024;
const rss = () => (typeof Deno !== 'undefined' ? Deno.memoryUsage().rss : process.memoryUsage.rss());

/** The gzip of `size` spaces, made by streaming so the plain text never exists in memory at once. */
async function gzipOfSpaces(size) {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  let left = size;
  const plain = new ReadableStream({
    pull(controller) {
      if (left <= 0) return controller.close();
      const piece = left >= chunk.length ? chunk.slice() : chunk.slice(0, left);
      left -= piece.length;
      controller.enqueue(piece);
    },
  });
  return new Uint8Array(await new Response(plain.pipeThrough(new CompressionStream('gzip'))).arrayBuffer());
}

const bomb = await gzipOfSpaces(100 * MiB);
const request = () => new Request('http://localhost/', { method: 'POST', body: bomb, headers: { 'content-encoding': 'gzip' } });

await check(`a ${bomb.length}-byte gzip bomb of 100 MiB stops at a 1 MiB limit with 413 and bounded RSS`, async () => {
  // Warm up the decompression path and the parser with a small body inside the limit first.
  const small = await new Response(new Blob(['[1,2,3]']).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer();
  for (let round = 0; round < 3; round++) {
    await parseBody(new Request('http://localhost/', { method: 'POST', body: small, headers: { 'content-encoding': 'gzip' } }));
  }
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 1);
  const outcome = await parseBody(request(), { limit: MiB });
  clearInterval(sampler);
  peak = Math.max(peak, rss());
  const growth = (peak - before) / MiB;
  console.log(`bomb ${bomb.length} B: status ${outcome.ok ? 200 : outcome.status}, RSS growth ${growth.toFixed(1)} MiB`);
  assert(!outcome.ok && outcome.status === 413, `outcome ${JSON.stringify(outcome)}`);
  assert(growth < 16, `RSS grew by ${growth.toFixed(1)} MiB`);
});
// brotliCompressSync of 100 MiB of spaces: 172 bytes (made once with node:zlib; Deno and browsers
// have no brotli compressor to build it with at run time).
const BROTLI_BOMB =
  'y///P/glQOKxQCD3/o///3/wSwDEYRGA7v0f////4JcAiMMCAN37P/7//8EvARCHBQC693/8//+DXwIgDgsAdO//+P//B78EQBwWAOje//H//w9+CYA4LADQvf/j//8f/BIAcVgAoHv/x///P/glAOKwAED3/o///3/wSwDEYQGA7v0f////4JcAiMMCAN37P/7//8EvARCHBQC693/5//+DXwIgDgsAdO9/AA==';

await check('a brotli body inflates and parses', async () => {
  // brotliCompressSync('{"brotli":[1,2,3],"ok":true}')
  const body = Uint8Array.from(atob('iw2AeyJicm90bGkiOlsxLDIsM10sIm9rIjp0cnVlfQM='), (char) => char.charCodeAt(0));
  const outcome = await parseBody(new Request('http://localhost/', { method: 'POST', body, headers: { 'content-encoding': 'br' } }));
  assert(outcome.ok && JSON.stringify(outcome.value) === '{"brotli":[1,2,3],"ok":true}', `outcome ${JSON.stringify(outcome)}`);
});

await check('a 172-byte brotli bomb of 100 MiB stops at the limit with 413 and bounded RSS', async () => {
  const body = Uint8Array.from(atob(BROTLI_BOMB), (char) => char.charCodeAt(0));
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 1);
  const outcome = await parseBody(new Request('http://localhost/', { method: 'POST', body, headers: { 'content-encoding': 'br' } }), { limit: MiB });
  clearInterval(sampler);
  const growth = (Math.max(peak, rss()) - before) / MiB;
  console.log(`brotli bomb: status ${outcome.ok ? 200 : outcome.status}, RSS growth ${growth.toFixed(1)} MiB`);
  assert(!outcome.ok && outcome.status === 413, `outcome ${JSON.stringify(outcome)}`);
  assert(growth < 16, `RSS grew by ${growth.toFixed(1)} MiB`);
});
report('body/inflate-bomb');
