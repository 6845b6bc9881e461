// readBody and parseBody from the built dist/ on every runtime, without a server:
// Response, ReadableStream and async iterable sources, limits, and chunk release.
import { parseBody, readBody } from '../../dist/body.js';
import { assert, check, report } from '../support/smoke.mjs';

const encode = (text) => new TextEncoder().encode(text);
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

function streamOf(chunks) {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

await check('parses a Response', async () => {
  const result = await parseBody(new Response('{"a": [1, "☃"]}'));
  assert(same(result, { ok: true, value: { a: [1, '☃'] } }), JSON.stringify(result));
});

await check('reads bytes covering their own buffer', async () => {
  const chunks = [encode('[1,'), encode('2,'), encode('3]')];
  async function* source() {
    yield* chunks;
  }
  const result = await readBody(source());
  assert(result.ok && result.bytes.byteLength === 7 && result.bytes.buffer.byteLength === 7, 'exact bytes');
});

await check('detaches whole chunks, leaves views on larger buffers', async () => {
  const whole = encode('[true,');
  const larger = encode('xxfalse]xx');
  const view = larger.subarray(2, 8);
  const result = await parseBody(streamOf([whole, view]));
  assert(same(result, { ok: true, value: [true, false] }), JSON.stringify(result));
  assert(larger.byteLength === 10, 'the larger buffer was left alone');
  assert(whole.byteLength === 0 || whole.byteLength === 6, 'whole chunk released or kept');
});

await check('413 past the limit, 400 for invalid JSON and empty bodies', async () => {
  const large = await parseBody(streamOf([new Uint8Array(600), new Uint8Array(600)]), { limit: 1000 });
  assert(large.ok === false && large.status === 413, JSON.stringify(large));
  const declared = await parseBody(new Response('[]', { headers: { 'content-length': '5000' } }), { limit: 1000 });
  assert(declared.ok === false && declared.status === 413, JSON.stringify(declared));
  const invalid = await parseBody(new Response('[1,]'));
  assert(invalid.ok === false && invalid.status === 400 && invalid.position === 3, JSON.stringify(invalid));
  const empty = await parseBody(new Response(''));
  assert(empty.ok === false && empty.status === 400, JSON.stringify(empty));
});

await check('TypeError for a bad source', async () => {
  let error;
  try {
    await parseBody('{}');
  } catch (caught) {
    error = caught;
  }
  assert(error instanceof TypeError, `got ${error}`);
});

report('body');
