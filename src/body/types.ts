import type { ParseBinaryOptions } from '../parse/types.js';

/**
 * The part of a Node `Readable` (for example a `node:http` `IncomingMessage`) that the body
 * readers use. Declared structurally so this module never imports `node:` types at runtime.
 */
export interface NodeReadableLike {
  on(event: string, listener: (...args: any[]) => void): unknown;
  removeListener(event: string, listener: (...args: any[]) => void): unknown;
  pause(): unknown;
  resume(): unknown;
  read(size?: number): unknown;
  destroy?(error?: Error): unknown;
  /** Present on `node:http` messages: lower-cased header names. */
  headers?: Record<string, string | string[] | undefined>;
}

/** A WHATWG `Request` or `Response` (Bun.serve, Deno.serve, Hono, fetch). */
export interface BodyHolderLike {
  readonly headers: { get(name: string): string | null };
  readonly body: ReadableStream<Uint8Array> | null;
  readonly bodyUsed: boolean;
}

/** Everything {@link readBody} and {@link parseBody} accept as a body source. */
export type BodySource =
  | NodeReadableLike
  | BodyHolderLike
  | ReadableStream<Uint8Array>
  | AsyncIterable<Uint8Array>;

/** Options for {@link readBody}. */
export interface ReadBodyOptions {
  /**
   * The largest body accepted, in bytes. A larger declared `Content-Length` fails with status 413
   * before anything is allocated; a streamed body fails with 413 as soon as it passes the limit.
   * Default 1 MiB (1,048,576). `Infinity` removes the limit (the body is still bounded by memory).
   */
  limit?: number;
  /**
   * Give memory back as soon as it is no longer needed (default `true`): each incoming chunk is
   * detached after it has been copied, when it is a view covering its whole, non-shared buffer,
   * and {@link parseBody} detaches the body buffer once parsed. Set `false` when something
   * else still reads the chunks of the source (a second listener, a reused buffer).
   */
  detach?: boolean;
  /**
   * Stops reading when aborted: the source is cancelled (or paused, for a `node:http` request)
   * and the promise rejects with `signal.reason`, as `fetch` does.
   */
  signal?: AbortSignal;
}

/** Options for {@link parseBody}: the reading options plus every `parseBinary` option. */
export interface ParseBodyOptions extends ReadBodyOptions, ParseBinaryOptions {}

/**
 * Why a body was refused. `status` is the HTTP status to answer with: 400 (invalid JSON, empty,
 * shorter or longer than its declared length, the client hung up), 413 (past the limit), 415
 * (a `Content-Encoding` other than identity: bodies are not inflated).
 */
export interface BodyFailure {
  ok: false;
  status: number;
  message: string;
}

/** A body read completely. `bytes` covers its whole `ArrayBuffer`, so it can be detached later. */
export interface ReadBodySuccess {
  ok: true;
  bytes: Uint8Array;
}

/** The result of {@link readBody}. */
export type ReadBodyResult = ReadBodySuccess | BodyFailure;

/** A body read and parsed. */
export interface ParseBodySuccess<T = unknown> {
  ok: true;
  value: T;
}

/** A body refused; `position` is the byte offset of invalid JSON when the parser failed. */
export interface ParseBodyFailure extends BodyFailure {
  position?: number;
}

/** The result of {@link parseBody}. */
export type ParseBodyResult<T = unknown> = ParseBodySuccess<T> | ParseBodyFailure;
