/**
 * `json-parse-binary/express`: `json(options)`, a drop-in for `express.json()` /
 * `bodyParser.json()` (body-parser 2.x) that parses request bodies from their bytes with
 * `parseBinary`. No runtime dependency: Express is needed only for its types.
 * @packageDocumentation
 */
export { json } from './adapters/express/json-middleware.js';
export type { JsonMiddleware, JsonRequest } from './adapters/express/json-middleware.js';
export type { JsonOptions } from './adapters/express/options.js';
export type { TypeOption } from './adapters/express/content-type.js';
export type { BodyErrorFields, HttpBodyError } from './adapters/express/http-errors.js';
export type { Reviver } from './adapters/reviver.js';
