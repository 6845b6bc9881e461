import { loadNodeBuiltin } from '../platform/node-builtin.js';
import type { BodyCollector } from './body-collector.js';
import { clientHungUp } from './failures.js';
import type { ChunkRelease } from './options.js';
import { readNodeStream, stopNodeStream } from './read-node-stream.js';
import type { ContentCoding } from './inflate-coding.js';
import type { AbortSignalLike, BodyFailure, NodeReadableLike } from './types.js';

/** The part of a `node:zlib` decompression stream we use. */
export interface NodeInflater extends NodeReadableLike {
  write(chunk: Uint8Array): boolean;
  end(): unknown;
  once(event: string, listener: (...args: any[]) => void): unknown;
}

interface NodeZlib {
  createGunzip(): NodeInflater;
  createInflate(): NodeInflater;
  createBrotliDecompress(): NodeInflater;
  createZstdDecompress?(): NodeInflater;
}

/**
 * A fresh `node:zlib` stream that undoes `coding`, or `undefined` when this runtime has none.
 * zlib is reached through `process.getBuiltinModule` (Node, Bun, Deno), so this module loads in
 * browsers and workers too, and the browser build leaves this path out.
 */
export function createNodeInflater(coding: ContentCoding): NodeInflater | undefined {
  const module = loadNodeBuiltin<NodeZlib>('node:zlib');
  if (module?.createGunzip === undefined) return undefined;
  switch (coding) {
    case 'gzip':
      return module.createGunzip();
    case 'deflate':
      return module.createInflate?.();
    case 'br':
      return module.createBrotliDecompress?.();
    case 'zstd':
      return module.createZstdDecompress?.();
  }
}

/**
 * Feeds a compressed Node stream through `inflater` and collects what comes out. Only the output
 * counts against the limit, and the inflater makes its next output chunk only once we took the
 * previous one (Node's zlib streams check for destruction between chunks), so a zip bomb stops at
 * the limit with at most one chunk more in memory. A client hanging up is reported as such, not
 * as a truncated stream.
 */
export async function readInflatedNodeStream(
  source: NodeReadableLike,
  inflater: NodeInflater,
  collector: BodyCollector,
  signal: AbortSignalLike | undefined,
): Promise<BodyFailure | undefined> {
  let hungUp = false;
  let ended = false;
  const onData = (chunk: Uint8Array) => {
    if (!inflater.write(chunk)) {
      source.pause();
      inflater.once('drain', () => source.resume());
    }
  };
  const onEnd = () => {
    ended = true;
    inflater.end();
  };
  const onHangUp = () => {
    if (ended) return;
    hungUp = true;
    inflater.destroy?.(new Error('the client closed the connection'));
  };
  const listeners: ReadonlyArray<[string, (...args: any[]) => void]> = [
    ['data', onData],
    ['end', onEnd],
    ['error', onHangUp],
    ['aborted', onHangUp],
    ['close', onHangUp],
  ];
  for (const [event, listener] of listeners) source.on(event, listener);
  source.resume();
  // The inflater's chunks are views of zlib's own output buffers: never ours to detach.
  const chunks: ChunkRelease = 'none';
  let failure: BodyFailure | undefined;
  try {
    failure = await readNodeStream(inflater, collector, chunks, signal);
  } finally {
    for (const [event, listener] of listeners) source.removeListener(event, listener);
    if (!ended) stopNodeStream(source);
  }
  if (failure !== undefined && hungUp) return clientHungUp(collector.receivedLength);
  return failure;
}
