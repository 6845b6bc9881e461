// The checks every runtime server smoke suite (Bun.serve, Deno.serve) runs against its own
// server, whose handler is `answer` below wrapped in the runtime's serve function.
import { parseBody } from '../../dist/body.js';
import { assert, check } from '../support/smoke.mjs';

export const SMOKE_LIMIT = 64 * 1024;

/** The request handler both runtime servers use. */
export async function answer(request) {
  const { pathname } = new URL(request.url);
  const limit = pathname.startsWith('/large') ? 64 * 1024 * 1024 : SMOKE_LIMIT;
  // With a signal the body is read from its stream; without one, a declared body whole (Bun, Deno;
  // on Deno only up to 4 MiB).
  const signal = pathname.endsWith('with-signal') ? new AbortController().signal : undefined;
  const body = await parseBody(request, { limit, signal });
  if (!body.ok) return new Response(body.message, { status: body.status, headers: { connection: 'close' } });
  return Response.json({ received: body.value });
}

function post(url, body, headers = {}) {
  return fetch(url, { method: 'POST', body, headers, duplex: 'half' });
}

function chunkedStream(chunkCount, chunkSize) {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent++ === chunkCount) controller.close();
      else controller.enqueue(new Uint8Array(chunkSize).fill(0x20));
    },
  });
}

/** Sends good, invalid, empty, compressed and oversized bodies to the server at `url`. */
export async function runServeChecks(url) {
  await check('good body', async () => {
    const document = { text: 'ünïcode ☃', list: [1, 2.5, true, null] };
    const response = await post(url, JSON.stringify(document));
    assert(response.status === 200, `status ${response.status}`);
    const reply = await response.json();
    assert(JSON.stringify(reply) === JSON.stringify({ received: document }), `reply ${JSON.stringify(reply)}`);
  });
  await check('a declared body parses alike read whole and read from its stream (with a signal)', async () => {
    const document = { text: 'ünïcode ☃'.repeat(2000), list: Array.from({ length: 2000 }, (_, index) => index) };
    for (const path of ['', 'with-signal']) {
      const response = await post(`${url}${path}`, JSON.stringify(document));
      assert(response.status === 200, `${path || 'whole'}: status ${response.status}`);
      const reply = await response.json();
      assert(JSON.stringify(reply) === JSON.stringify({ received: document }), `${path || 'whole'}: reply differs`);
    }
  });
  await check('a declared body past 4 MiB parses alike read whole and read from its stream', async () => {
    const document = { text: 'ünïcode ☃ '.repeat(200_000), list: Array.from({ length: 300_000 }, (_, index) => index) };
    const text = JSON.stringify(document);
    assert(new TextEncoder().encode(text).byteLength > 4 << 20, 'the body is past 4 MiB');
    for (const path of ['large', 'large-with-signal']) {
      const response = await post(`${url}${path}`, text);
      assert(response.status === 200, `${path}: status ${response.status}`);
      const reply = await response.json();
      assert(JSON.stringify(reply.received) === text, `${path}: reply differs`);
    }
  });
  await check('invalid JSON is 400 with the position', async () => {
    const response = await post(url, '{"a": tru}');
    const text = await response.text();
    assert(response.status === 400, `status ${response.status}`);
    assert(text.includes('byte 9'), `message ${text}`);
  });
  await check('empty body is 400', async () => {
    const response = await post(url, '');
    assert(response.status === 400, `status ${response.status}`);
    assert((await response.text()) === 'The body is empty', 'message');
  });
  await check('declared length past the limit is 413', async () => {
    const response = await post(url, ' '.repeat(SMOKE_LIMIT + 1));
    const text = await response.text();
    assert(response.status === 413, `status ${response.status}`);
    assert(text.includes('declares'), `message ${text}`);
  });
  await check('streamed body past the limit is 413', async () => {
    try {
      const response = await post(url, chunkedStream(100, 4096));
      assert(response.status === 413, `status ${response.status}`);
    } catch (error) {
      // The server may close the connection while the client is still sending.
      assert(/reset|closed|broken|socket/i.test(String(error?.cause ?? error)), `unexpected ${error}`);
    }
  });
  await check('streamed body within the limit parses', async () => {
    const response = await post(url, chunkedStream(3, 1000).pipeThrough(new TransformStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('['));
      },
      flush(controller) {
        controller.enqueue(new TextEncoder().encode('1]'));
      },
    })));
    assert(response.status === 200, `status ${response.status}`);
    const reply = await response.json();
    assert(JSON.stringify(reply) === '{"received":[1]}', `reply ${JSON.stringify(reply)}`);
  });
  await check('large bodies parse repeatedly, their chunks detached along the way', async () => {
    const document = { items: Array.from({ length: 60_000 }, (_, index) => ({ index, name: `item ${index}` })) };
    const text = JSON.stringify(document);
    for (let round = 0; round < 5; round++) {
      const response = await post(`${url}large`, text);
      if (response.status !== 200) throw new Error(`status ${response.status}: ${await response.text()}`);
      const reply = await response.json();
      assert(reply.received.items.length === 60_000 && reply.received.items[59_999].name === 'item 59999', 'reply');
    }
    const streamed = await post(`${url}large`, chunkedStream(64, 64 * 1024).pipeThrough(new TransformStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('"'));
      },
      flush(controller) {
        controller.enqueue(new TextEncoder().encode('"'));
      },
    })));
    assert(streamed.status === 200, `streamed status ${streamed.status}`);
    assert((await streamed.json()).received.length === 64 * 64 * 1024, 'streamed length');
  });
  await check('a body in a coding it cannot inflate is 415, a corrupt gzip body 400', async () => {
    const unknown = await post(url, '{}', { 'content-encoding': 'compress' });
    assert(unknown.status === 415, `compress: status ${unknown.status}`);
    const corrupt = await post(url, '{}', { 'content-encoding': 'gzip' });
    assert(corrupt.status === 400, `corrupt gzip: status ${corrupt.status}`);
  });
}
