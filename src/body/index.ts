export { readBody } from './read-body.js';
export { parseBody } from './parse-body.js';
export { DEFAULT_BODY_LIMIT } from './options.js';
export type {
  BodyFailure,
  BodyHolderLike,
  BodySource,
  NodeReadableLike,
  ParseBodyFailure,
  ParseBodyOptions,
  ParseBodyResult,
  ParseBodySuccess,
  ReadBodyOptions,
  ReadBodyResult,
  ReadBodySuccess,
} from './types.js';
