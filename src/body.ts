/**
 * `json-parse-binary/body`: read and parse JSON request bodies with bounded memory, from
 * `node:http` (Express, Fastify), WHATWG `Request`/`Response` (Bun.serve, Deno.serve, Hono, fetch),
 * ReadableStreams and async iterables. Loads in every runtime: no static `node:` imports.
 * @packageDocumentation
 */
export * from './body/index.js';
