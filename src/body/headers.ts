import { declaredTooLarge, invalidContentLength, unsupportedEncoding } from './failures.js';
import { contentCodingOf, type ContentCoding } from './inflate-coding.js';
import type { BodyFailure } from './types.js';

/** The length a body declares, once its headers are known to be acceptable. */
export interface AcceptedHeaders {
  ok: true;
  /** The Content-Length, or `undefined` when the body is streamed without one or compressed. */
  declaredLength: number | undefined;
  /** The coding to undo, when the body is compressed and inflating is allowed. */
  coding?: ContentCoding;
}

const DIGITS = /^\d+$/;

/**
 * Decides from the headers alone whether the body may be read: refuses unknown codings, or any
 * coding without `inflate` (415), malformed lengths (400) and declared lengths past the limit (413)
 * before anything is allocated. A compressed body's length is not its inflated size: the limit
 * applies to the inflated bytes as they come.
 */
export function checkBodyHeaders(
  contentLength: string | undefined,
  contentEncoding: string | undefined,
  limit: number,
  inflate = false,
): AcceptedHeaders | BodyFailure {
  const coding = contentEncoding === undefined ? 'identity' : contentCodingOf(contentEncoding);
  if (coding === undefined || (coding !== 'identity' && !inflate)) {
    return unsupportedEncoding(contentEncoding!);
  }
  const declaredLength = contentLength === undefined ? undefined : parseContentLength(contentLength);
  if (contentLength !== undefined && declaredLength === undefined) return invalidContentLength(contentLength);
  if (coding !== 'identity') return { ok: true, declaredLength: undefined, coding };
  if (declaredLength !== undefined && declaredLength > limit) return declaredTooLarge(declaredLength, limit);
  return { ok: true, declaredLength };
}

/** Reads the two headers that matter from `node:http` style lower-cased header records. */
export function checkNodeHeaders(
  headers: Record<string, string | string[] | undefined>,
  limit: number,
  inflate = false,
): AcceptedHeaders | BodyFailure {
  return checkBodyHeaders(
    joinHeader(headers['content-length']),
    joinHeader(headers['content-encoding']),
    limit,
    inflate,
  );
}

/** Reads the two headers that matter from a WHATWG `Headers`. */
export function checkWebHeaders(headers: { get(name: string): string | null }, limit: number, inflate = false) {
  return checkBodyHeaders(
    headers.get('content-length') ?? undefined,
    headers.get('content-encoding') ?? undefined,
    limit,
    inflate,
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
