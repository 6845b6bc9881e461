// Fastify with json-parse-binary/body as its application/json parser: the raw request stream
// goes straight to parseBody. Run: npm run build && PORT=3000 node examples/fastify.js
import Fastify from 'fastify';
import { parseBody } from 'json-parse-binary/body';

const fastify = Fastify();

fastify.removeContentTypeParser('application/json');
fastify.addContentTypeParser('application/json', async (request, payload) => {
  // `payload` is the node:http request (or the stream a preParsing hook returned).
  const body = await parseBody(payload, { limit: fastify.initialConfig.bodyLimit, protoAction: 'remove' });
  if (!body.ok) {
    // Fastify answers with this status and closes the connection after a parser error.
    throw Object.assign(new Error(body.message), { statusCode: body.status });
  }
  return body.value;
});

fastify.post('/', async (request) => ({ received: request.body }));

const address = await fastify.listen({ port: Number(process.env.PORT ?? 3000), host: '127.0.0.1' });
console.log(`listening on ${address}`);
