// The node:http side of `npm run bench:http`, one process per case so its memory is its own.
// Usage: node bench/http-server.js <mode> <url of dist/body.js>
// Prints `port <n>` once listening. GET /__stats reports on the process (bench/http/server-stats.js),
// POST /__reset starts the measuring window. Every other request is a JSON body to parse; the
// answer is the number of items in it (or of keys, for a map-like body), which the harness checks.
import { createServer } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import { createServerStats } from './http/server-stats.js';
import { summarizeBody as summarize } from './http/summarize-body.js';

const mode = process.argv[2];
const libraryUrl = process.argv[3] ?? new URL('../dist/body.js', import.meta.url).href;
const LIMIT = 16 * 1024 * 1024;


// What most hand-written servers do: keep every chunk, concatenate, decode to a string, parse.
function usualPipeline(req, res) {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => answerParsed(res, () => Buffer.concat(chunks).toString()));
}

/** Answers with the summary of JSON.parse of the text `makeText` returns, or 400 with its error. */
function answerParsed(res, makeText) {
  let value;
  try {
    value = JSON.parse(makeText());
  } catch (error) {
    res.writeHead(400).end(error.message);
    return;
  }
  res.end(summarize(value));
}

// What raw-body, under express.json(), does: decode each chunk as it arrives, append the strings,
// parse the joined text: no body-sized buffer, and a text made in the heap, not an external string.
// On Node 26 express.json() served more requests than the usual pipeline at 1 MB (bench/NOTES.md,
// round 42).
function decodedChunksPipeline(req, res) {
  const decoder = new StringDecoder('utf8');
  let text = '';
  req.on('data', (chunk) => {
    text += decoder.write(chunk);
  });
  req.on('end', () => answerParsed(res, () => text + decoder.end()));
}

// parseBody-unguarded: parseBinary's defaults instead of the body defaults (no "__proto__" or
// constructor guard, no depth limit), checking no more than the usual pipeline does, so that its
// difference from parseBody is what those checks cost.
const UNGUARDED = { protoAction: 'ignore', constructorAction: 'ignore', maxDepth: Infinity };

async function parseBodyPipeline(detach, parseOptions) {
  const { parseBody } = await import(libraryUrl);
  return async (req, res) => {
    const body = await parseBody(req, { limit: LIMIT, detach, ...parseOptions });
    if (!body.ok) {
      res.writeHead(body.status, { connection: 'close' }).end(body.message);
      return;
    }
    res.end(summarize(body.value));
  };
}

// The usual pipeline's body, parsed by the usual JSON.parse or by parseBinary, then optionally
// detached: what a program that calls the ponyfill itself does (bench/NOTES.md, round 34: on Node 26
// the usual pipeline followed by detach grew until OOM-killed).
async function concatenatedPipeline(parse, detachAfter) {
  const { parseBinary, detach } = await import(new URL('./index.js', libraryUrl).href);
  const parseBytes = parse === 'parseBinary' ? parseBinary : (bytes) => ({ ok: true, value: JSON.parse(bytes.toString()) });
  return (req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const bytes = Buffer.concat(chunks);
      let result;
      try {
        result = parseBytes(bytes);
      } catch (error) {
        result = { ok: false, message: error.message };
      }
      if (detachAfter) detach(bytes.buffer);
      if (!result.ok) return res.writeHead(400).end(result.message);
      res.end(summarize(result.value));
    });
  };
}

/** The adapters of json-parse-binary/express and /fastify sit beside body.js in dist/. */
async function adapter(name) {
  return import(new URL(`./${name}.js`, libraryUrl).href);
}

async function expressApp(useOurs) {
  const { default: express } = await import('express');
  const parser = useOurs ? (await adapter('express')).json({ limit: LIMIT }) : express.json({ limit: LIMIT });
  const app = express();
  app.post('/', parser, (req, res) => res.end(summarize(req.body)));
  return app;
}

async function fastifyHandler(useOurs, wrap) {
  const { default: fastify } = await import('fastify');
  let handler;
  const app = fastify({ bodyLimit: LIMIT, serverFactory: (fastifyHandler) => { handler = fastifyHandler; return wrap; } });
  if (useOurs) {
    const module = await adapter('fastify');
    await app.register(module.default ?? module.fastifyJson ?? module.plugin, {});
  }
  app.post('/', async (request) => summarize(request.body));
  await app.ready();
  return handler;
}

const pipelines = {
  usual: async () => usualPipeline,
  parseBody: () => parseBodyPipeline(true),
  'parseBody-no-detach': () => parseBodyPipeline(false),
  'parseBody-unguarded': () => parseBodyPipeline(true, UNGUARDED),
  'usual-decoded-chunks': async () => decodedChunksPipeline,
  'usual-detach': () => concatenatedPipeline('JSON.parse', true),
  parseBinary: () => concatenatedPipeline('parseBinary', false),
  'parseBinary-detach': () => concatenatedPipeline('parseBinary', true),
  'express-json': () => expressApp(false),
  'express-parseBody': () => expressApp(true),
  'fastify-default': (wrap) => fastifyHandler(false, wrap),
  'fastify-parseBody': (wrap) => fastifyHandler(true, wrap),
};
if (!pipelines[mode]) {
  console.error(`unknown mode ${mode}; known: ${Object.keys(pipelines).join(', ')}`);
  process.exit(2);
}

const stats = await createServerStats();
let handle;
const server = createServer((req, res) => {
  if (req.url === '/__stats') return res.end(JSON.stringify(stats.snapshot()));
  if (req.url === '/__reset') return res.end(JSON.stringify(stats.reset()));
  const timing = stats.startRequest();
  let finished = false;
  req.once('end', timing.received);
  res.on('finish', () => {
    finished = true;
    timing.done(res.statusCode < 300);
  });
  res.on('close', () => finished || timing.done(false));
  handle(req, res);
});
handle = await pipelines[mode](server);
server.keepAliveTimeout = 30_000;
// Fastify's serverFactory gets this very server; it must not listen twice.
server.listen(0, '127.0.0.1', () => console.log(`port ${server.address().port}`));
process.on('SIGTERM', () => process.exit(0));
