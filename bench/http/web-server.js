// The Bun.serve / Deno.serve side of `npm run bench:http`: the same protocol as bench/http-server.js
// (`port <n>` on stdout, GET /__stats, POST /__reset), with each runtime's own usual pipeline.
// Usage: bun run bench/http/web-server.js <usual|parseBody|parseBody-no-detach> <url of dist/body.js>
import { createServerStats } from './server-stats.js';
import { summarizeBody as summarize } from './summarize-body.js';

const [mode, libraryUrl] = (globalThis.Deno ? Deno.args : process.argv.slice(2));
const LIMIT = 16 * 1024 * 1024;
const { parseBody } = await import(libraryUrl);
const stats = await createServerStats();


// The usual pipeline on a WHATWG server: the whole body as one buffer, a string, JSON.parse.
async function usualPipeline(request) {
  try {
    const text = new TextDecoder().decode(await request.arrayBuffer());
    return new Response(summarize(JSON.parse(text)));
  } catch (error) {
    return new Response(error.message, { status: 400 });
  }
}

function parseBodyPipeline(detach) {
  return async (request) => {
    const body = await parseBody(request, { limit: LIMIT, detach });
    if (!body.ok) return new Response(body.message, { status: body.status, headers: { connection: 'close' } });
    return new Response(summarize(body.value));
  };
}

const pipelines = { usual: usualPipeline, parseBody: parseBodyPipeline(true), 'parseBody-no-detach': parseBodyPipeline(false) };
const handle = pipelines[mode];
if (!handle) {
  console.error(`unknown mode ${mode}; known: ${Object.keys(pipelines).join(', ')}`);
  globalThis.Deno ? Deno.exit(2) : process.exit(2);
}

async function fetchHandler(request) {
  const path = new URL(request.url).pathname;
  if (path === '/__stats') return new Response(JSON.stringify(stats.snapshot()));
  if (path === '/__reset') return new Response(JSON.stringify(stats.reset()));
  const timing = stats.startRequest();
  let response;
  try {
    response = await handle(request);
  } finally {
    // The time to build the answer; the body of a short answer is sent right after.
    timing.done(response?.status < 300);
  }
  return response;
}

if (globalThis.Deno) {
  Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: ({ port }) => console.log(`port ${port}`) }, fetchHandler);
} else {
  const server = Bun.serve({ hostname: '127.0.0.1', port: 0, maxRequestBodySize: 2 * LIMIT, fetch: fetchHandler });
  console.log(`port ${server.port}`);
}
