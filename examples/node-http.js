// A plain node:http server that parses JSON bodies with json-parse-binary/body.
// Run: npm run build && PORT=3000 node examples/node-http.js
// Try: curl -d '{"hello":"world"}' -H 'content-type: application/json' http://127.0.0.1:3000/
import { createServer } from 'node:http';
import { parseBody } from 'json-parse-binary/body';

const server = createServer(async (req, res) => {
  if (req.method !== 'POST') {
    res.writeHead(405, { allow: 'POST' }).end();
    return;
  }
  // Reads at most 1 MiB (the default limit), without building the body as a string.
  const body = await parseBody(req, { limit: 1024 * 1024, protoAction: 'remove' });
  if (!body.ok) {
    // The rest of a refused body is left unread: close the connection instead of reusing it.
    res.writeHead(body.status, { 'content-type': 'text/plain', connection: 'close' }).end(body.message);
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ received: body.value }));
});

server.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
