// Hono on Node through @hono/node-server, with json-parse-binary/hono: handlers read the parsed
// body with c.req.json() (or validator('json', ...)) as usual. The same app runs on Bun, Deno and
// Workers. Run: npm run build && PORT=3000 node examples/hono.js
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { jsonBody } from 'json-parse-binary/hono';

const app = new Hono();
app.use(jsonBody({ limit: '1mb' }));
app.post('/', async (c) => c.json({ received: await c.req.json() }));

serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 3000), hostname: '127.0.0.1' }, (info) => {
  console.log(`listening on http://127.0.0.1:${info.port}`);
});
