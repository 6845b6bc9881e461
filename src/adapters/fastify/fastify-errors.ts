import type { ParseBinaryFailure } from '../../parse/types.js';

// Errors as Fastify's own JSON parser raises them: same code, status and message, same class
// (RangeError for sizes), so the reply and any setErrorHandler see no difference.

/** An error with Fastify's `code` and `statusCode`. */
export interface FastifyBodyError extends Error {
  code?: string;
  statusCode: number;
}

function fastifyError(Base: ErrorConstructor, code: string | undefined, statusCode: number, message: string): FastifyBodyError {
  const error = new Base(message) as FastifyBodyError;
  error.name = 'FastifyError';
  if (code !== undefined) error.code = code;
  error.statusCode = statusCode;
  return error;
}

export const bodyTooLarge = () => fastifyError(RangeError, 'FST_ERR_CTP_BODY_TOO_LARGE', 413, 'Request body is too large');

export const invalidContentLength = () =>
  fastifyError(RangeError, 'FST_ERR_CTP_INVALID_CONTENT_LENGTH', 400, 'Request body size did not match Content-Length');

export const emptyJsonBody = () =>
  fastifyError(Error, 'FST_ERR_CTP_EMPTY_JSON_BODY', 400, "Body cannot be empty when content-type is set to 'application/json'");

/**
 * Fastify's fixed message, with ours as the `cause`: a SyntaxError saying what was found where
 * (line, column, byte `position`), for logs and error handlers; Fastify's reply does not show it.
 */
export function invalidJsonBody(failure: ParseBinaryFailure): FastifyBodyError {
  const error = fastifyError(Error, 'FST_ERR_CTP_INVALID_JSON_BODY', 400, "Body is not valid JSON but content-type is set to 'application/json'");
  const { message, position, line, column } = failure;
  error.cause = Object.assign(new SyntaxError(message), { position, line, column });
  return error;
}

/** A compressed body this runtime cannot inflate (or `inflate: false`): Fastify has no code for it, so the code is ours. */
export const unsupportedEncoding = (message: string) => fastifyError(Error, 'ERR_CONTENT_ENCODING_UNSUPPORTED', 415, message);

/** The client hung up, or a compressed body did not inflate: a 400 with the reader's message. */
export const unreadableBody = (message: string) => fastifyError(Error, undefined, 400, message);
