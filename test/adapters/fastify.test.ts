// json-parse-binary/fastify against Fastify's own JSON parser: the same requests go to a Fastify 5
// app with its default parser and to one with ours registered, across server options
// (onProtoPoisoning, onConstructorPoisoning, bodyLimit, a route's bodyLimit), over real HTTP.
// Statuses, error codes and messages, Connection: close and parsed values must agree.
import { PassThrough } from 'node:stream';
import { gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import jsonParser, { fastifyJsonParser } from '../../src/fastify.js';
import { send, type Answer, type Sent } from './http-client.js';

const apps: FastifyInstance[] = [];
afterAll(() => Promise.all(apps.map((app) => app.close())));

async function start(options: FastifyServerOptions, ours: boolean, pluginOptions: Record<string, unknown> = {}): Promise<number> {
  const app = Fastify(options);
  apps.push(app);
  if (ours) await app.register(jsonParser, pluginOptions);
  const echo = async (request: { body: unknown }) => ({ body: request.body === undefined ? '(undefined)' : request.body });
  app.post('/', echo);
  app.post('/small', { bodyLimit: 64 }, echo);
  // Registered in a child context: the plugin must reach it (not encapsulated).
  await app.register(async (child) => {
    child.post('/child', echo);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}

function summary(answer: Answer) {
  return { status: answer.status, connection: answer.headers.connection, body: answer.json() };
}

const JSON_TYPE = { 'content-type': 'application/json' };
const big = JSON.stringify({ data: 'x'.repeat(2000) });

const REQUESTS: Array<[string, Sent]> = [
  ['an object', { headers: JSON_TYPE, body: '{"a":[1,2.5,-3e2,{"b":null}],"s":"é€😀\\n"}' }],
  ['a scalar', { headers: JSON_TYPE, body: '"text"' }],
  ['a charset parameter', { headers: { 'content-type': 'application/json; charset=utf-8' }, body: '[true,false]' }],
  ['a byte order mark', { headers: JSON_TYPE, body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"bom":1}')]) }],
  ['invalid JSON', { headers: JSON_TYPE, body: '{"a": tru }' }],
  ['trailing garbage', { headers: JSON_TYPE, body: '{"a":1} x' }],
  ['whitespace only', { headers: JSON_TYPE, body: '  ' }],
  ['an empty body', { headers: JSON_TYPE, body: '' }],
  ['a __proto__ key', { headers: JSON_TYPE, body: '{"a":1,"__proto__":{"admin":true}}' }],
  ['a nested __proto__ key', { headers: JSON_TYPE, body: '{"a":{"__proto__":{"x":1},"b":2}}' }],
  ['constructor.prototype', { headers: JSON_TYPE, body: '{"a":1,"constructor":{"prototype":{"admin":true}}}' }],
  ['a harmless constructor', { headers: JSON_TYPE, body: '{"constructor":{"name":"x"}}' }],
  ['a body past the server limit', { headers: JSON_TYPE, body: big }],
  ['a chunked body past the server limit', { headers: JSON_TYPE, body: big, chunked: true }],
  ['a body past the route limit', { path: '/small', headers: JSON_TYPE, body: JSON.stringify({ data: 'y'.repeat(100) }) }],
  ['a chunked body past the route limit', { path: '/small', headers: JSON_TYPE, body: JSON.stringify({ data: 'y'.repeat(100) }), chunked: true }],
  ['a body within the route limit', { path: '/small', headers: JSON_TYPE, body: '{"ok":1}' }],
  ['a child context route', { path: '/child', headers: JSON_TYPE, body: '{"child":true}' }],
  ['another content type', { headers: { 'content-type': 'application/vnd.api+json' }, body: '{"a":1}' }],
];

const SERVER_OPTIONS: FastifyServerOptions[] = [
  { bodyLimit: 1024 },
  { bodyLimit: 1024, onProtoPoisoning: 'remove', onConstructorPoisoning: 'remove' },
  { bodyLimit: 1024, onProtoPoisoning: 'ignore', onConstructorPoisoning: 'ignore' },
  { bodyLimit: 1024, onProtoPoisoning: 'remove', onConstructorPoisoning: 'ignore' },
  { bodyLimit: 4096, onProtoPoisoning: 'ignore', onConstructorPoisoning: 'error' },
];

describe('the Fastify plugin answers as Fastify does', () => {
  it.each(SERVER_OPTIONS.map((options) => [JSON.stringify(options), options] as const))('with %s', async (_name, options) => {
    const theirs = await start(options, false);
    const ours = await start(options, true);
    for (const [name, sent] of REQUESTS) {
      const expected = summary(await send(theirs, sent));
      const actual = summary(await send(ours, sent));
      expect({ name, ...actual }).toEqual({ name, ...expected });
    }
  });

  it('reads the stream a preParsing hook returns, as Fastify does', async () => {
    const ports: number[] = [];
    for (const ours of [false, true]) {
      const app = Fastify({ bodyLimit: 1024 });
      apps.push(app);
      if (ours) await app.register(jsonParser);
      // A hook that hands on a copy of the body (as decompression or decryption plugins do).
      app.addHook('preParsing', async (_request, _reply, payload) => {
        const copy = new PassThrough();
        payload.pipe(copy);
        return copy;
      });
      app.post('/', async (request) => ({ body: request.body }));
      await app.listen({ port: 0, host: '127.0.0.1' });
      ports.push((app.server.address() as { port: number }).port);
    }
    for (const [, sent] of REQUESTS.filter(([name]) => !name.includes('route') && !name.includes('child'))) {
      const [theirs, ours] = await Promise.all(ports.map(async (port) => summary(await send(port, sent))));
      expect(ours).toEqual(theirs);
    }
  });

  // The same injected request to Fastify's parser and to ours.
  async function injectBoth(request: InjectOptions) {
    const answers = [];
    for (const ours of [false, true]) {
      const app = Fastify();
      apps.push(app);
      if (ours) await app.register(jsonParser);
      app.post('/', async (incoming) => ({ body: incoming.body }));
      const response = await app.inject({ method: 'POST', url: '/', ...request });
      answers.push({ status: response.statusCode, body: response.json() });
    }
    return answers;
  }

  it('answers a body longer than its Content-Length through inject as Fastify does (no HTTP parser cuts it there)', async () => {
    const answers = await injectBoth({
      headers: { 'content-type': 'application/json', 'content-length': '20' },
      payload: JSON.stringify({ text: 'x'.repeat(50) }),
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[1].body.code).toBe('FST_ERR_CTP_INVALID_CONTENT_LENGTH');
  });

  it("passes a request stream's own error on as Fastify does (status 400 unless it has one)", async () => {
    const answers = await injectBoth({
      simulate: { end: true, split: false, error: true, close: false },
      payload: { text: 'x'.repeat(50) },
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[1]).toMatchObject({ status: 400, body: { message: 'Simulated' } });
  });

  it('refuses to replace an application/json parser the app added itself', async () => {
    const app = Fastify();
    apps.push(app);
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    app.register(jsonParser);
    await expect(app.ready()).rejects.toMatchObject({ code: 'FST_ERR_CTP_ALREADY_PRESENT' });
  });

  it('inflates compressed bodies, which Fastify alone refuses as invalid JSON', async () => {
    const port = await start({}, true);
    const answer = await send(port, { headers: { ...JSON_TYPE, 'content-encoding': 'gzip' }, body: gzipSync('{"zipped":true}') });
    expect(answer.json()).toEqual({ body: { zipped: true } });
    const refused = await send(await start({}, true, { inflate: false }), {
      headers: { ...JSON_TYPE, 'content-encoding': 'gzip' },
      body: gzipSync('{}'),
    });
    expect(refused.json()).toMatchObject({ statusCode: 415, code: 'ERR_CONTENT_ENCODING_UNSUPPORTED' });
    expect(refused.headers.connection).toBe('close');
    const bomb = await send(port, { headers: { ...JSON_TYPE, 'content-encoding': 'gzip' }, body: gzipSync(Buffer.alloc(5 * 1024 * 1024, 0x20)) });
    expect(bomb.json()).toMatchObject({ statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
  });

  it('bounds nesting depth by default (Fastify does not), and maxDepth changes it', async () => {
    const deep = '['.repeat(1001) + ']'.repeat(1001);
    const port = await start({ bodyLimit: 1e6 }, true);
    expect((await send(port, { headers: JSON_TYPE, body: deep })).json()).toMatchObject({ code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
    const unbounded = await start({ bodyLimit: 1e6 }, true, { maxDepth: Infinity });
    expect((await send(unbounded, { headers: JSON_TYPE, body: deep })).status).toBe(200);
  });

  it('gives invalid JSON our message, line and column as the error cause', async () => {
    const app = Fastify();
    apps.push(app);
    await app.register(jsonParser);
    app.setErrorHandler((error: Error & { cause?: unknown }, _request, reply) => {
      void reply.status(400).send({ message: error.message, cause: { ...(error.cause as object), message: (error.cause as Error).message } });
    });
    app.post('/', async () => 'unreached');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const answer = await send((app.server.address() as { port: number }).port, { headers: JSON_TYPE, body: '{\n  "a": tru }' });
    expect(answer.json()).toMatchObject({
      message: "Body is not valid JSON but content-type is set to 'application/json'",
      cause: { line: 2, column: 11, position: 12, message: expect.stringMatching(/line 2, column/) },
    });
  });

  it('is a named, unencapsulated plugin, refusing unknown options', async () => {
    expect(jsonParser).toBe(fastifyJsonParser);
    expect((jsonParser as unknown as Record<symbol, unknown>)[Symbol.for('skip-override')]).toBe(true);
    const app = Fastify();
    await expect(app.register(jsonParser, { maxdepth: 3 } as never).ready()).rejects.toThrow(TypeError);
  });
});
