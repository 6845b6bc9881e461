// Errors shaped as body-parser's (made by the http-errors package), so that error handlers
// written for express.json() read the same fields: status, statusCode, expose, type and the rest.

const NAMES: Readonly<Record<number, string>> = {
  400: 'BadRequestError',
  403: 'ForbiddenError',
  413: 'PayloadTooLargeError',
  415: 'UnsupportedMediaTypeError',
};

/** The fields body-parser's errors carry; only those that apply are set. */
export interface BodyErrorFields {
  type?: string;
  limit?: number;
  length?: number;
  expected?: number;
  received?: number;
  encoding?: string;
  charset?: string;
  body?: unknown;
  code?: string;
}

/** An error as body-parser passes to `next(err)`. */
export interface HttpBodyError extends Error, BodyErrorFields {
  status: number;
  statusCode: number;
  expose: boolean;
}

function withStatus(error: Error, status: number, fields: BodyErrorFields): HttpBodyError {
  const target = error as HttpBodyError;
  target.status = status;
  target.statusCode = status;
  target.expose = status < 500;
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) (target as unknown as Record<string, unknown>)[key] = value;
  }
  return target;
}

/** A new error with `status` and body-parser's `fields`, named as http-errors names them. */
export function httpError(status: number, message: string, fields: BodyErrorFields): HttpBodyError {
  const error = new Error(message);
  error.name = NAMES[status] ?? 'HttpError';
  return withStatus(error, status, fields);
}

/** A parse failure: a SyntaxError, as JSON.parse's is, with status 400. */
export function parseError(message: string, fields: BodyErrorFields): HttpBodyError {
  return withStatus(new SyntaxError(message), 400, fields);
}

/**
 * What `verify` (or a reviver) threw, passed on as http-errors would: its own `status` and `type`
 * are kept when it has them, else `fallbackStatus` and `fallbackType`.
 */
export function wrapThrown(thrown: unknown, fallbackStatus: number, fallbackType: string, body: unknown): HttpBodyError {
  const error = thrown instanceof Error ? thrown : new Error(String(thrown));
  const own = error as Partial<HttpBodyError>;
  const ownStatus = own.status ?? own.statusCode;
  const status = typeof ownStatus === 'number' && ownStatus >= 400 && ownStatus < 600 ? ownStatus : fallbackStatus;
  return withStatus(error, status, { body, type: own.type ?? fallbackType });
}
