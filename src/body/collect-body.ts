import { BodyCollector } from './body-collector.js';
import { bodySourceReader } from './body-source.js';
import type { ResolvedReadOptions } from './options.js';
import type { BodyFailure } from './types.js';

/** A body read completely: its bytes and the collector that owns the buffer behind them. */
export interface CollectedBody {
  ok: true;
  bytes: Uint8Array;
  collector: BodyCollector;
}

function collected(collector: BodyCollector, failure: BodyFailure | undefined): CollectedBody | BodyFailure {
  if (failure !== undefined) return failure;
  const bytes = collector.finish();
  return bytes instanceof Uint8Array ? { ok: true, bytes, collector } : bytes;
}

/**
 * The whole reading pipeline shared by `readBody` and `parseBody`: check the source and headers,
 * allocate once (or grow) within the limit as chunks arrive, and check the length at the end.
 * Called only from async functions, which turn what it throws into a rejection; not async itself
 * because each extra promise layer cost measurable CPU on small bodies.
 */
export function collectBody(source: unknown, options: ResolvedReadOptions): Promise<CollectedBody | BodyFailure> | BodyFailure {
  const { limit, detach, chunks, signal, inflate } = options;
  const reader = bodySourceReader(source, limit, inflate);
  if (signal?.aborted === true) throw signal.reason;
  if (!reader.headers.ok) {
    reader.drop();
    return reader.headers;
  }
  const collector = BodyCollector.create(reader.headers.declaredLength, limit, detach);
  return reader.read(collector, chunks, signal).then((failure) => collected(collector, failure));
}
