/**
 * `json-parse-binary/fastify`: a plugin that replaces Fastify's `application/json` parser, app-wide,
 * with `parseBinary` reading the raw request bytes. No runtime dependency: Fastify is needed only
 * for its types.
 * @packageDocumentation
 */
import { fastifyJsonParser } from './adapters/fastify/json-parser-plugin.js';

export { fastifyJsonParser };
export type { FastifyJsonOptions } from './adapters/fastify/json-parser-plugin.js';
export type { FastifyBodyError } from './adapters/fastify/fastify-errors.js';
export default fastifyJsonParser;
