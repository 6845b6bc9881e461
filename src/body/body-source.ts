import type { BodyCollector } from './body-collector.js';
import { ignoreRejection } from './chunks.js';
import { unsupportedEncoding } from './failures.js';
import { checkNodeHeaders, checkWebHeaders, type AcceptedHeaders } from './headers.js';
import { createNodeInflater, readInflatedNodeStream } from './inflate-node.js';
import { brotliThroughNodeStreams, inflateWebStream } from './inflate-web.js';
import { readAsyncIterable, readWebStream } from './read-pulled.js';
import { readWholeRequest, readsWholeRequest } from './read-whole-request.js';
import { assertNodeStreamUnread, isServerRequest, readNodeStream, stopNodeStream } from './read-node-stream.js';
import type { ChunkRelease } from './options.js';
import type { AbortSignalLike, BodyFailure, BodyHolderLike, NodeReadableLike, ReadableStreamLike } from './types.js';

/** One body source, recognised by shape, with what its headers say and how to read or drop it. */
export interface BodySourceReader {
  /** The verdict on the declared length and encoding, before any byte is read. */
  headers: AcceptedHeaders | BodyFailure;
  read(collector: BodyCollector, chunks: ChunkRelease, signal: AbortSignalLike | undefined): Promise<BodyFailure | undefined>;
  /** Stops the source without reading it, after its headers were refused. */
  drop(): void;
}

const NO_HEADERS: AcceptedHeaders = { ok: true, declaredLength: undefined };
const ignore = () => {};

function isObject(value: unknown): value is Record<PropertyKey, unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null;
}

function isBodyHolder(value: Record<PropertyKey, unknown>): value is Record<PropertyKey, unknown> & BodyHolderLike {
  return isObject(value.headers) && typeof value.headers.get === 'function' && 'body' in value && typeof value.bodyUsed === 'boolean';
}

function isWebStream(value: Record<PropertyKey, unknown>): value is Record<PropertyKey, unknown> & ReadableStreamLike<Uint8Array> {
  return typeof value.getReader === 'function';
}

function isNodeReadable(value: Record<PropertyKey, unknown>): value is Record<PropertyKey, unknown> & NodeReadableLike {
  return typeof value.on === 'function' && typeof value.read === 'function' && typeof value.resume === 'function';
}

function isAsyncIterable(value: Record<PropertyKey, unknown>): value is Record<PropertyKey, unknown> & AsyncIterable<unknown> {
  return typeof value[Symbol.asyncIterator] === 'function';
}

function webStreamReader(stream: ReadableStreamLike<Uint8Array>, headers: AcceptedHeaders | BodyFailure): BodySourceReader {
  if (stream.locked) throw new TypeError('the body stream is locked: something else is already reading it');
  return {
    headers,
    read: (collector, chunks, signal) => readWebStream(stream, collector, chunks === 'all', signal),
    drop: () => ignoreRejection(stream.cancel()),
  };
}

function bodyHolderReader(holder: BodyHolderLike, limit: number, inflate: boolean): BodySourceReader {
  if (holder.bodyUsed) throw new TypeError('the body has already been used: read it only once');
  const headers = checkWebHeaders(holder.headers, limit, inflate);
  if (headers.ok && headers.coding === undefined && headers.declaredLength !== undefined && readsWholeRequest(holder, headers.declaredLength)) {
    // An abort signal needs the stream, whose reads it can stop.
    const streamed = () => (holder.body === null ? undefined : webStreamReader(holder.body, headers));
    return {
      headers,
      read: (collector, chunks, signal) =>
        signal === undefined ? readWholeRequest(holder, collector) : (streamed()?.read(collector, chunks, signal) ?? Promise.resolve(undefined)),
      drop: () => streamed()?.drop(),
    };
  }
  const stream = holder.body;
  if (stream === null) return { headers, read: () => Promise.resolve(undefined), drop: ignore };
  if (headers.ok && headers.coding !== undefined) {
    const throughNode = brotliThroughNodeStreams(stream, headers.coding);
    if (throughNode !== undefined) {
      return {
        headers,
        read: (collector, _chunks, signal) => readInflatedNodeStream(throughNode.source, throughNode.inflater, collector, signal),
        drop: () => ignoreRejection(stream.cancel()),
      };
    }
    const inflated = inflateWebStream(stream, headers.coding);
    if (inflated === undefined) return webStreamReader(stream, unsupportedEncoding(headers.coding));
    return webStreamReader(inflated, headers);
  }
  return webStreamReader(stream, headers);
}

function nodeStreamReader(stream: NodeReadableLike, limit: number, inflate: boolean): BodySourceReader {
  assertNodeStreamUnread(stream);
  let headers = isObject(stream.headers) ? checkNodeHeaders(stream.headers, limit, inflate) : NO_HEADERS;
  const inflater = headers.ok && headers.coding !== undefined ? createNodeInflater(headers.coding) : undefined;
  if (headers.ok && headers.coding !== undefined && inflater === undefined) headers = unsupportedEncoding(headers.coding);
  return {
    headers,
    read: (collector, chunks, signal) =>
      inflater === undefined
        ? readNodeStream(stream, collector, chunks, signal)
        : readInflatedNodeStream(stream, inflater, collector, signal),
    // A server request is left alone: its response, sent with Connection: close, ends it.
    drop: () => {
      if (!isServerRequest(stream)) stopNodeStream(stream);
    },
  };
}

/**
 * Recognises the source by shape (no `instanceof`, no `node:` imports, so it works across
 * realms and runtimes): a Request or Response, a ReadableStream, a Node Readable, or any
 * async iterable of bytes. Anything else is a TypeError.
 */
export function bodySourceReader(source: unknown, limit: number, inflate = false): BodySourceReader {
  if (isObject(source)) {
    if (isBodyHolder(source)) return bodyHolderReader(source, limit, inflate);
    if (isWebStream(source)) return webStreamReader(source, NO_HEADERS);
    if (isNodeReadable(source)) return nodeStreamReader(source, limit, inflate);
    if (isAsyncIterable(source)) {
      return {
        headers: NO_HEADERS,
        read: (collector, chunks, signal) => readAsyncIterable(source, collector, chunks === 'all', signal),
        drop: ignore,
      };
    }
  }
  const kind = source === null ? 'null' : typeof source;
  throw new TypeError(
    `expected a node:http request or Node Readable, a Request or Response, a ReadableStream, ` +
      `or an async iterable of Uint8Array; got ${kind === 'object' || kind === 'function' ? 'an unsupported object' : kind}`,
  );
}
