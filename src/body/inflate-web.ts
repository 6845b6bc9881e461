import { loadNodeBuiltin } from '../platform/node-builtin.js';
import type { ContentCoding } from './inflate-coding.js';
import { createNodeInflater, type NodeInflater } from './inflate-node.js';
import type { NodeReadableLike, ReadableStreamLike } from './types.js';

// DecompressionStream spells brotli out; the HTTP coding names are the other formats' names.
const FORMATS: Readonly<Record<ContentCoding, string>> = { gzip: 'gzip', deflate: 'deflate', br: 'brotli', zstd: 'zstd' };

type TransformPair = { readable: ReadableStream<Uint8Array>; writable: WritableStream<Uint8Array> };

/**
 * Deno's DecompressionStream inflates each written chunk whole: one 100 KB chunk of gzip came out
 * as one 100 MiB chunk (test/body/inflate-bomb.smoke.mjs), past any limit. Writing it slices of
 * 1 KiB bounds each output chunk near 1 MiB, deflate's ratio being at most about 1032:1. Brotli's
 * ratio per input byte has no such bound (172 bytes make 100 MiB), and Deno's node:zlib web
 * adapter throws after a cancel, so on Deno brotli goes through node:zlib as a Node stream
 * instead (see {@link brotliThroughNodeStreams}).
 */
export const INFLATES_WHOLE_CHUNKS = typeof (globalThis as { Deno?: unknown }).Deno === 'object';
const SLICE_BYTES = 1024;

function inSlices(stream: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        for (let start = 0; start < chunk.byteLength; start += SLICE_BYTES) controller.enqueue(chunk.subarray(start, start + SLICE_BYTES));
      },
    }),
  );
}

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
  const source = stream as ReadableStream<Uint8Array>;
  if (INFLATES_WHOLE_CHUNKS) {
    const transform = coding === 'gzip' || coding === 'deflate' ? decompressionStream(coding) : undefined;
    return transform === undefined ? undefined : inSlices(source).pipeThrough(transform);
  }
  const transform = decompressionStream(coding) ?? nodeZlibTransform(coding);
  return transform === undefined ? undefined : source.pipeThrough(transform);
}

interface NodeReadableModule {
  Readable: { fromWeb?(stream: ReadableStream<Uint8Array>): NodeReadableLike };
}

/**
 * On Deno, a brotli body as a Node stream and a node:zlib brotli inflater, for
 * `readInflatedNodeStream`: Deno's node:zlib hands the output over in chunks of at most 16 KiB
 * (172 bytes of brotli that inflate to 100 MiB came out so, and stopped when destroyed), so the
 * limit holds as on Node. `undefined` elsewhere, or when Deno lacks either piece.
 */
export function brotliThroughNodeStreams(
  stream: ReadableStreamLike<Uint8Array>,
  coding: ContentCoding,
): { source: NodeReadableLike; inflater: NodeInflater } | undefined {
  if (!INFLATES_WHOLE_CHUNKS || coding !== 'br') return undefined;
  const fromWeb = loadNodeBuiltin<NodeReadableModule>('node:stream')?.Readable?.fromWeb;
  const inflater = fromWeb === undefined ? undefined : createNodeInflater(coding);
  if (fromWeb === undefined || inflater === undefined) return undefined;
  return { source: fromWeb(stream as ReadableStream<Uint8Array>), inflater };
}
