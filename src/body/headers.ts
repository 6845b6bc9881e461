import { declaredTooLarge, invalidContentLength, unsupportedEncoding } from './failures.js';
import type { BodyFailure } from './types.js';

/** The length a body declares, once its headers are known to be acceptable. */
export interface AcceptedHeaders {
  ok: true;
  /** The Content-Length, or `undefined` when the body is streamed without one. */
  declaredLength: number | undefined;
}

const DIGITS = /^\d+$/;

/**
 * Decides from the headers alone whether the body may be read: refuses compressed bodies (415),
 * malformed lengths (400) and declared lengths past the limit (413) before anything is allocated.
 */
export function checkBodyHeaders(
  contentLength: string | undefined,
  contentEncoding: string | undefined,
  limit: number,
): AcceptedHeaders | BodyFailure {
  if (contentEncoding !== undefined && !isIdentityEncoding(contentEncoding)) {
    return unsupportedEncoding(contentEncoding);
  }
  if (contentLength === undefined) return { ok: true, declaredLength: undefined };
  const declaredLength = parseContentLength(contentLength);
  if (declaredLength === undefined) return invalidContentLength(contentLength);
  if (declaredLength > limit) return declaredTooLarge(declaredLength, limit);
  return { ok: true, declaredLength };
}

/** Reads the two headers that matter from `node:http` style lower-cased header records. */
export function checkNodeHeaders(
  headers: Record<string, string | string[] | undefined>,
  limit: number,
): AcceptedHeaders | BodyFailure {
  return checkBodyHeaders(
    joinHeader(headers['content-length']),
    joinHeader(headers['content-encoding']),
    limit,
  );
}

/** Reads the two headers that matter from a WHATWG `Headers`. */
export function checkWebHeaders(headers: { get(name: string): string | null }, limit: number) {
  return checkBodyHeaders(
    headers.get('content-length') ?? undefined,
    headers.get('content-encoding') ?? undefined,
    limit,
  );
}

function joinHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

// Repeated identical values ("12, 12") are allowed by RFC 9110; anything else is malformed.
function parseContentLength(value: string): number | undefined {
  if (DIGITS.test(value)) return Number(value);
  const parts = value.split(',').map((part) => part.trim());
  const first = parts[0];
  if (!DIGITS.test(first) || parts.some((part) => part !== first)) return undefined;
  return Number(first);
}

function isIdentityEncoding(value: string): boolean {
  return value.split(',').every((token) => {
    const coding = token.trim().toLowerCase();
    return coding === '' || coding === 'identity';
  });
}
