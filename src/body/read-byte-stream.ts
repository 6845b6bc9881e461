import type { BodyCollector } from './body-collector.js';
import { ignoreRejection } from './chunks.js';
import { sourceFailed } from './failures.js';
import { untilAborted } from './until-aborted.js';
import type { AbortSignalLike, BodyFailure, ReadableStreamLike } from './types.js';

/** The part of a `ReadableStreamBYOBReader` that the body readers use. */
export interface ByobReaderLike {
  read(view: Uint8Array): Promise<{ done: boolean; value?: Uint8Array | undefined }>;
  cancel(reason?: unknown): Promise<void>;
  releaseLock(): void;
}

type GetReader = (this: unknown, options: { mode: 'byob' }) => ByobReaderLike;
type StreamClass = (abstract new (...args: never[]) => unknown) & { prototype: { getReader: GetReader } };

/**
 * A BYOB reader on `stream` when it is this realm's ReadableStream over a byte source (Deno.serve's
 * request bodies are), else undefined. Reading a byte stream into the body's own buffer skips its
 * chunks: on Deno each chunk is a fresh 64 KiB buffer, most of them handed out as a shorter view
 * that may not be detached, so they stayed as garbage, and the default reader needed about five
 * times as many reads (bench/NOTES.md, "Round 11: Deno memory").
 */
export function byobReaderOf(stream: ReadableStreamLike<Uint8Array>): ByobReaderLike | undefined {
  const Stream = (globalThis as { ReadableStream?: StreamClass }).ReadableStream;
  // Only the built-in getReader is known to honour the mode; a look-alike might hand back a default reader.
  if (typeof Stream !== 'function' || !(stream instanceof Stream)) return undefined;
  try {
    return Stream.prototype.getReader.call(stream, { mode: 'byob' });
  } catch {
    return undefined; // Not a byte stream: its chunks are read one by one instead.
  }
}

// Deno allocates about as much as each read asks for, so one read into the whole rest of a 10 MB
// body raised the server's peak RSS: wrk, 4 connections, 10 MB bodies, peak 182 MB reading into
// the whole rest, 114 MB with reads of at most 256 KiB, 124 MB at 64 KiB (bench/NOTES.md,
// "Round 11: Deno memory", /tmp/denomem/mem-server.js byobOnly with VIEW_CAP).
const MAX_READ_BYTES = 256 * 1024;

/** What {@link readByteStream} gives when the body's buffer is full but the stream has not ended yet. */
export const BUFFER_FULL = Symbol('buffer full');

/**
 * Reads a byte stream straight into `collector`'s buffer with `reader`. Each read transfers the
 * buffer it is given, so the collector takes back the one each read returns. Once the body has
 * reached its declared length or the limit, the lock is released and BUFFER_FULL returned: the
 * caller reads on with a default reader, whose next chunk (if any) refuses the body as too long.
 * (Deno never answered a BYOB read into a one- or two-byte view past the end of a request body.)
 * Cancels the stream when refusing it.
 */
export async function readByteStream(
  reader: ByobReaderLike,
  collector: BodyCollector,
  signal: AbortSignalLike | undefined,
): Promise<BodyFailure | undefined | typeof BUFFER_FULL> {
  for (;;) {
    const space = collector.freeSpace();
    if (space === undefined) {
      reader.releaseLock();
      return BUFFER_FULL;
    }
    if (!(space instanceof Uint8Array)) {
      ignoreRejection(reader.cancel());
      return space;
    }
    const view = space.byteLength > MAX_READ_BYTES ? new Uint8Array(space.buffer, space.byteOffset, MAX_READ_BYTES) : space;
    let step: { done: boolean; value?: Uint8Array | undefined };
    try {
      step = await (signal === undefined ? reader.read(view) : untilAborted(reader.read(view), signal));
    } catch (error) {
      if (signal?.aborted === true && error === signal.reason) {
        ignoreRejection(reader.cancel());
        throw error;
      }
      reader.releaseLock();
      return sourceFailed(error);
    }
    // Only a cancelled stream answers without the buffer, and nobody else can cancel it while we hold it.
    if (step.value === undefined) {
      reader.releaseLock();
      return sourceFailed(new TypeError('the byte stream did not give the body buffer back'));
    }
    collector.filled(step.value);
    if (step.done) {
      reader.releaseLock();
      return undefined;
    }
  }
}
