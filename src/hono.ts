/**
 * `json-parse-binary/hono`: Hono middleware that parses JSON request bodies with `parseBinary`,
 * with bounded memory, on Node, Bun, Deno and Workers. No runtime dependency: Hono is needed only
 * for its types.
 * @packageDocumentation
 */
export { jsonBody } from './adapters/hono/json-middleware.js';
export type { HonoJsonOptions } from './adapters/hono/json-middleware.js';
