import type { ReadBodyOptions } from './types.js';

/** The documented default body limit: 1 MiB. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** Reading options with defaults applied and types checked. */
export interface ResolvedReadOptions {
  limit: number;
  detach: boolean;
  signal: AbortSignal | undefined;
}

/** Checks the reading options once, up front, so a wrong type fails before any byte is read. */
export function resolveReadOptions(options: ReadBodyOptions | undefined): ResolvedReadOptions {
  if (options === undefined) return { limit: DEFAULT_BODY_LIMIT, detach: true, signal: undefined };
  if (options === null || typeof options !== 'object') {
    throw new TypeError('options must be an object');
  }
  const { limit = DEFAULT_BODY_LIMIT, detach = true, signal } = options;
  if (typeof limit !== 'number') throw new TypeError('options.limit must be a number of bytes');
  if (!(limit >= 0) || (limit !== Infinity && !Number.isSafeInteger(limit))) {
    throw new RangeError('options.limit must be a whole number of bytes, 0 or more (or Infinity)');
  }
  if (typeof detach !== 'boolean') throw new TypeError('options.detach must be a boolean');
  if (signal !== undefined && !isAbortSignal(signal)) {
    throw new TypeError('options.signal must be an AbortSignal');
  }
  return { limit, detach, signal };
}

function isAbortSignal(value: unknown): value is AbortSignal {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AbortSignal).aborted === 'boolean' &&
    typeof (value as AbortSignal).addEventListener === 'function'
  );
}
