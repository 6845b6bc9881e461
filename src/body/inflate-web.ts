import { loadNodeBuiltin } from '../detach/node-builtin.js';
import type { ContentCoding } from './inflate-coding.js';
import { createNodeInflater } from './inflate-node.js';
import type { ReadableStreamLike } from './types.js';

// DecompressionStream spells brotli out; the HTTP coding names are the other formats' names.
const FORMATS: Readonly<Record<ContentCoding, string>> = { gzip: 'gzip', deflate: 'deflate', br: 'brotli', zstd: 'zstd' };

type TransformPair = { readable: ReadableStream<Uint8Array>; writable: WritableStream<Uint8Array> };

interface NodeStreamModule {
  Duplex: { toWeb?(duplex: unknown): TransformPair };
}

function decompressionStream(coding: ContentCoding): TransformPair | undefined {
  const Decompression = (globalThis as { DecompressionStream?: new (format: string) => TransformPair }).DecompressionStream;
  if (Decompression === undefined) return undefined;
  try {
    return new Decompression(FORMATS[coding]);
  } catch {
    return undefined; // This runtime does not know the format (brotli before Node 22, zstd mostly).
  }
}

// Node 20 has no 'brotli' DecompressionStream, but node:zlib has brotli (and later zstd).
function nodeZlibTransform(coding: ContentCoding): TransformPair | undefined {
  const toWeb = loadNodeBuiltin<NodeStreamModule>('node:stream')?.Duplex?.toWeb;
  if (toWeb === undefined) return undefined;
  const inflater = createNodeInflater(coding);
  return inflater === undefined ? undefined : toWeb(inflater);
}

/**
 * The inflated form of a compressed WHATWG body stream: through `DecompressionStream` where the
 * runtime has the format, else through `node:zlib`; `undefined` when neither can undo `coding`.
 * Pulling is lazy on both paths, so nothing is inflated faster than the reader takes it.
 */
export function inflateWebStream(
  stream: ReadableStreamLike<Uint8Array>,
  coding: ContentCoding,
): ReadableStream<Uint8Array> | undefined {
  const transform = decompressionStream(coding) ?? nodeZlibTransform(coding);
  if (transform === undefined) return undefined;
  return (stream as ReadableStream<Uint8Array>).pipeThrough(transform);
}
