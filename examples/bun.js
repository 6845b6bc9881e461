// Bun.serve with json-parse-binary/body. Run: npm run build && PORT=3000 bun run examples/bun.js
import { parseBody } from 'json-parse-binary/body';

const server = Bun.serve({
  port: Number(process.env.PORT ?? 3000),
  hostname: '127.0.0.1',
  async fetch(request) {
    if (request.method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'POST' } });
    const body = await parseBody(request, { limit: 1024 * 1024, protoAction: 'remove' });
    if (!body.ok) return new Response(body.message, { status: body.status, headers: { connection: 'close' } });
    return Response.json({ received: body.value });
  },
});

console.log(`listening on http://127.0.0.1:${server.port}`);
