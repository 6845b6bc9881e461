// Hono on Node through @hono/node-server. parseBody takes the WHATWG Request Hono hands out,
// so the same route works on Bun and Deno. Run: npm run build && PORT=3000 node examples/hono.js
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { parseBody } from 'json-parse-binary/body';

const app = new Hono();

app.post('/', async (c) => {
  // On Node, `c.env.incoming` (the node:http request) works too and skips the web-stream layer.
  const body = await parseBody(c.req.raw, { limit: 1024 * 1024, protoAction: 'remove' });
  if (!body.ok) return c.text(body.message, body.status, { connection: 'close' });
  return c.json({ received: body.value });
});

serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3000), hostname: '127.0.0.1' }, (info) => {
  console.log(`listening on http://127.0.0.1:${info.port}`);
});
