import type { BodyCollector } from './body-collector.js';
import { chunkBytes, ignoreRejection } from './chunks.js';
import { sourceFailed } from './failures.js';
import { BUFFER_FULL, byobReaderOf, readByteStream } from './read-byte-stream.js';
import { untilAborted } from './until-aborted.js';
import type { AbortSignalLike, BodyFailure, ReadableStreamLike } from './types.js';

/** A source read one chunk at a time: a ReadableStream reader or an async iterator. */
interface PulledSource {
  next(): Promise<{ done?: boolean; value?: unknown }>;
  /** Tells the producer we will read no further, so it can stop sending. */
  stop(): void;
  /** Called once after the source ended or failed by itself. */
  finish(): void;
}

async function readPulled(
  source: PulledSource,
  collector: BodyCollector,
  consumable: boolean,
  signal: AbortSignalLike | undefined,
): Promise<BodyFailure | undefined> {
  for (;;) {
    let step: { done?: boolean; value?: unknown };
    try {
      step = await (signal === undefined ? source.next() : untilAborted(source.next(), signal));
    } catch (error) {
      if (signal?.aborted === true && error === signal.reason) {
        source.stop();
        throw error;
      }
      source.finish();
      return sourceFailed(error);
    }
    if (step.done === true) {
      source.finish();
      return undefined;
    }
    let failure: BodyFailure | undefined;
    try {
      failure = collector.add(chunkBytes(step.value), consumable);
    } catch (error) {
      source.stop();
      throw error;
    }
    if (failure !== undefined) {
      source.stop();
      return failure;
    }
  }
}

// A body declared this short comes in one of Deno's chunks anyway, and the BYOB reader's second
// lock and reader cost more than that chunk: Deno.serve, 1 KB bodies, wrk 32 connections, server
// CPU per request 35 to 40 us with chunks against 43 to 60 us with BYOB reads (bench/NOTES.md,
// "Round 11: Deno memory").
const ONE_CHUNK_BYTES = 64 * 1024;

/**
 * Feeds every chunk of a WHATWG ReadableStream to `collector` (a byte stream whose body may pass one
 * chunk is read into its buffer directly); cancels the stream when refusing it.
 * `consumable`: the caller vouches that nobody else holds the chunks (a `tee()` shares them unseen).
 */
export function readWebStream(
  stream: ReadableStreamLike<Uint8Array>,
  collector: BodyCollector,
  consumable: boolean,
  signal: AbortSignalLike | undefined,
): Promise<BodyFailure | undefined> {
  const declared = collector.expectedLength;
  const byteReader = declared === undefined || declared > ONE_CHUNK_BYTES ? byobReaderOf(stream) : undefined;
  if (byteReader === undefined) return readChunks(stream, collector, consumable, signal);
  return readByteStream(byteReader, collector, signal).then((outcome) =>
    outcome === BUFFER_FULL ? readChunks(stream, collector, consumable, signal) : outcome,
  );
}

function readChunks(
  stream: ReadableStreamLike<Uint8Array>,
  collector: BodyCollector,
  consumable: boolean,
  signal: AbortSignalLike | undefined,
): Promise<BodyFailure | undefined> {
  const reader = stream.getReader();
  return readPulled(
    {
      next: () => reader.read(),
      stop: () => ignoreRejection(reader.cancel()),
      finish: () => reader.releaseLock(),
    },
    collector,
    consumable,
    signal,
  );
}

/** Feeds every chunk of an async iterable to `collector`; calls the iterator's `return` when refusing it. */
export function readAsyncIterable(
  iterable: AsyncIterable<unknown>,
  collector: BodyCollector,
  consumable: boolean,
  signal: AbortSignalLike | undefined,
): Promise<BodyFailure | undefined> {
  const iterator = iterable[Symbol.asyncIterator]();
  return readPulled(
    {
      next: () => iterator.next(),
      stop: () => {
        try {
          ignoreRejection(iterator.return?.());
        } catch {
          // A throwing `return` changes nothing: we have stopped reading anyway.
        }
      },
      finish: () => {},
    },
    collector,
    consumable,
    signal,
  );
}
