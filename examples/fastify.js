// Fastify with json-parse-binary/fastify as its application/json parser, app-wide. Limits and
// poisoning settings are Fastify's own (bodyLimit, onProtoPoisoning, onConstructorPoisoning).
// Run: npm run build && PORT=3000 node examples/fastify.js
import Fastify from 'fastify';
import jsonParser from 'json-parse-binary/fastify';

const fastify = Fastify({ bodyLimit: 1024 * 1024 });
await fastify.register(jsonParser);
// Fastify's reply to invalid JSON carries its fixed message; ours (line and column) is its cause.
fastify.setErrorHandler((error, request, reply) => {
  reply.status(error.statusCode ?? 500).type('text/plain').send(error.cause?.message ?? error.message);
});

fastify.post('/', async (request) => ({ received: request.body }));

const address = await fastify.listen({ port: Number(process.env.PORT ?? 3000), host: '127.0.0.1' });
console.log(`listening on ${address}`);
