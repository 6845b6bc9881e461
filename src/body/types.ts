import type { ParseBinaryOptions, ParseFailureCode } from '../parse/types.js';

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

/**
 * The part of a WHATWG `ReadableStream` that the body readers use. Declared structurally so that
 * these types compile without the DOM library or `@types/node`; every runtime's stream fits it.
 */
export interface ReadableStreamLike<T = Uint8Array> {
  readonly locked: boolean;
  getReader(): ReadableStreamReaderLike<T>;
  cancel(reason?: unknown): Promise<void>;
}

/** The part of a `ReadableStreamDefaultReader` that the body readers use. */
export interface ReadableStreamReaderLike<T = Uint8Array> {
  read(): Promise<{ done: boolean; value?: T | undefined }>;
  cancel(reason?: unknown): Promise<void>;
  releaseLock(): void;
}

/** The part of an `AbortSignal` that the body readers use (any runtime's `AbortSignal` fits). */
export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** A WHATWG `Request` or `Response` (Bun.serve, Deno.serve, Hono, fetch). */
export interface BodyHolderLike {
  readonly headers: { get(name: string): string | null };
  readonly body: ReadableStreamLike<Uint8Array> | null;
  readonly bodyUsed: boolean;
}

/** Everything {@link readBody} and {@link parseBody} accept as a body source. */
export type BodySource =
  | NodeReadableLike
  | BodyHolderLike
  | ReadableStreamLike<Uint8Array>
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
   * Give memory back as soon as it is no longer needed, without ever emptying bytes that somebody
   * else may still read:
   * - `true` (default): buffers the reader allocated itself are detached when done with (by
   *   {@link parseBody}, right after parsing), and so is each chunk of a Node stream (`node:http`)
   *   once copied, but only when parseBody is provably its only reader: no other `'data'`
   *   listener when the chunk is emitted (a logging or HMAC listener keeps every byte), no
   *   `'readable'` listener. Chunks of WHATWG streams, `Request`/`Response` bodies and async
   *   iterables are left alone: a `tee()` or a cloned `Request` shares them, unseen.
   * - `'chunks'`: as `true`, and also detach the chunks of WHATWG streams, `Request`/`Response`
   *   bodies and async iterables. Use it only when nothing else reads that source.
   * - `false`: detach nothing.
   *
   * Only a chunk that covers its whole, non-shared buffer is ever detached (never a slice of a pool).
   */
  detach?: boolean | 'chunks';
  /**
   * Inflate a compressed body (default `true`, as body-parser does): `Content-Encoding` gzip,
   * x-gzip, deflate and br, and zstd where the runtime has it; identity passes. `limit` counts the
   * inflated bytes, so a zip bomb stops at the limit (413). Another coding is refused with 415, a
   * corrupt stream with 400. `false` refuses every compressed body with 415.
   */
  inflate?: boolean;
  /**
   * Stops reading when aborted: the source is cancelled (or paused, for a `node:http` request)
   * and the promise rejects with `signal.reason`, as `fetch` does.
   */
  signal?: AbortSignalLike;
}

/** Options for {@link parseBody}: the reading options plus every `parseBinary` option. */
export interface ParseBodyOptions extends ReadBodyOptions, ParseBinaryOptions {}

/**
 * Why a body was refused. `status` is the HTTP status to answer with: 400 (invalid JSON, a
 * forbidden key or nesting past `maxDepth`, empty, shorter or longer than its declared length, the
 * client hung up, a corrupt compressed stream), 413 (past the limit, inflated bytes counted), 415
 * (a `Content-Encoding` it cannot undo, or any coding with `inflate: false`).
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

/** A body refused. When the parser failed, `position` is the byte offset and `code` the kind of problem. */
export interface ParseBodyFailure extends BodyFailure {
  position?: number;
  code?: ParseFailureCode;
}

/** The result of {@link parseBody}. */
export type ParseBodyResult<T = unknown> = ParseBodySuccess<T> | ParseBodyFailure;
