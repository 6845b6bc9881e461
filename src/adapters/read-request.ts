import { BodyCollector } from '../body/body-collector.js';
import { bodySourceReader } from '../body/body-source.js';
import type { BodyFailure, NodeReadableLike } from '../body/types.js';

/** Why a request body could not be read, in the terms frameworks report it. */
export type RequestBodyProblem =
  /** Past the limit, declared or streamed (413). */
  | 'too-large'
  /** The client went away before the body was complete (400). */
  | 'aborted'
  /** A malformed Content-Length, or a body shorter or longer than it (400). */
  | 'length-mismatch'
  /** A Content-Encoding we cannot or may not undo (415). */
  | 'unsupported-encoding'
  /** The source failed, or a compressed body did not inflate (400). */
  | 'unreadable';

/** A request body refused while reading, with the counts error objects report. */
export interface RequestBodyFailure {
  ok: false;
  problem: RequestBodyProblem;
  status: number;
  message: string;
  /** Bytes accepted before the refusal (inflated bytes when the body was compressed). */
  received: number;
  /** The Content-Length, when the body declared one and was not compressed. */
  declared: number | undefined;
  /** The error the request stream emitted, when that is what stopped the reading. */
  sourceError?: unknown;
}

/** A request body read whole: `bytes` is a view at the start of `buffer`, the one to detach. */
export interface RequestBody {
  ok: true;
  bytes: Uint8Array;
  buffer: ArrayBuffer;
}

/** What a `node:http` request needs to be read here. */
export interface ServerRequestLike extends NodeReadableLike {
  complete?: boolean;
  destroyed?: boolean;
  readableEnded?: boolean;
}

export interface RequestReadOptions {
  limit: number;
  inflate: boolean;
  detach: boolean;
}

function declaredLengthOf(req: ServerRequestLike): number | undefined {
  if (req.headers === undefined) return undefined;
  const header = req.headers['content-length'];
  const length = typeof header === 'string' && /^\d+$/.test(header) ? Number(header) : undefined;
  const encoding = req.headers['content-encoding'];
  return encoding === undefined || /^\s*identity\s*$/i.test(String(encoding)) ? length : undefined;
}

function problemOf(
  status: number,
  req: ServerRequestLike | undefined,
  declared: number | undefined,
  received: number,
  overran = false,
): RequestBodyProblem {
  if (status === 413) return 'too-large';
  // A body longer than declared (possible where no HTTP parser cuts it, as with light-my-request).
  if (overran) return 'length-mismatch';
  if (status === 415) return 'unsupported-encoding';
  // Refused from its headers (req undefined): only a malformed Content-Length gives a 400 there.
  if (req === undefined) return 'length-mismatch';
  // A request whose bytes all arrived can still lose its socket while its 'end' waits (paused);
  // one destroyed after its 'end' was merely auto-destroyed.
  if (req.complete !== true || (req.destroyed === true && req.readableEnded !== true)) return 'aborted';
  return declared !== undefined && received !== declared ? 'length-mismatch' : 'unreadable';
}

/**
 * Reads a `node:http` request body with the body readers' pipeline (bounded buffer, inflation,
 * chunk release), keeping hold of the counts that framework errors report (body-parser's
 * `received`, `expected`), which the public `readBody` result does not carry.
 */
export function readRequestBody(
  req: ServerRequestLike,
  options: RequestReadOptions,
): Promise<RequestBody | RequestBodyFailure> {
  // Not async: one promise layer less per request (measurable on 1 KB bodies); what the shape
  // checks throw becomes the rejection by hand.
  try {
    const { limit, inflate, detach } = options;
    const declared = declaredLengthOf(req);
    const reader = bodySourceReader(req, limit, inflate);
    if (!reader.headers.ok) {
      reader.drop();
      const { status, message } = reader.headers;
      return Promise.resolve({ ok: false, problem: problemOf(status, undefined, declared, 0), status, message, received: 0, declared });
    }
    const collector = BodyCollector.create(reader.headers.declaredLength, limit, detach);
    return reader
      .read(collector, detach ? 'sole-reader' : 'none', undefined)
      .then((failure) => readResult(req, collector, declared, failure ?? collector.finish()));
  } catch (error) {
    return Promise.reject(error);
  }
}

function readResult(
  req: ServerRequestLike,
  collector: BodyCollector,
  declared: number | undefined,
  outcome: Uint8Array | BodyFailure,
): RequestBody | RequestBodyFailure {
  if (outcome instanceof Uint8Array) return { ok: true, bytes: outcome, buffer: collector.backingBuffer };
  const received = collector.receivedLength;
  const { status, message } = outcome;
  const problem = problemOf(status, req, declared, received, collector.passedDeclaredLength);
  return { ok: false, problem, status, message, received, declared, sourceError: collector.sourceError };
}
