export { readBody } from './read-body.js';
export { parseBody } from './parse-body.js';
export { BODY_PARSE_DEFAULTS, DEFAULT_BODY_LIMIT, DEFAULT_BODY_MAX_DEPTH } from './options.js';
export type {
  AbortSignalLike,
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
  ReadableStreamLike,
  ReadableStreamReaderLike,
} from './types.js';
