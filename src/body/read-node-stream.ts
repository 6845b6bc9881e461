import type { BodyCollector } from './body-collector.js';
import { chunkBytes } from './chunks.js';
import { clientHungUp, sourceFailed } from './failures.js';
import type { ChunkRelease } from './options.js';
import type { AbortSignalLike, BodyFailure, NodeReadableLike } from './types.js';

interface NodeStreamState {
  readableEnded?: boolean;
  destroyed?: boolean;
  method?: unknown;
}

/**
 * A `node:http` server request must not be destroyed when we stop reading: that would destroy
 * its socket and the 413 could never be sent. Pausing leaves the answer to the server, which
 * should send it with `Connection: close`. Any other stream is destroyed so its producer stops.
 */
export function isServerRequest(stream: NodeReadableLike): boolean {
  return typeof (stream as NodeStreamState).method === 'string' && typeof stream.headers === 'object';
}

/** Stops a Node stream we will read no further, without leaving an 'error' event unheard. */
export function stopNodeStream(stream: NodeReadableLike): void {
  stream.on('error', () => {});
  if (isServerRequest(stream)) stream.pause();
  else stream.destroy?.();
}

/** Refuses a stream whose body somebody else has already read: waiting for it would never end. */
export function assertNodeStreamUnread(stream: NodeReadableLike): void {
  if ((stream as NodeStreamState).readableEnded === true) {
    throw new TypeError('the body has already been read (readableEnded is true): read it only once');
  }
}

/**
 * Whether the chunk being emitted now reaches no listener but ours: exactly one 'data' listener
 * (a pipe adds one too) and no 'readable' one. The count is taken while the chunk is being emitted,
 * so a listener that ran before ours counts as well as one that will run after it. A stream that
 * cannot count its listeners proves nothing.
 */
function onlyReaderOf(stream: NodeReadableLike): boolean {
  const count = (stream as { listenerCount?: (event: string) => unknown }).listenerCount;
  if (typeof count !== 'function') return false;
  return count.call(stream, 'data') === 1 && count.call(stream, 'readable') === 0;
}

/**
 * Feeds every chunk of a Node Readable to `collector`. Settles exactly once on whichever comes
 * first: 'end', a refusal by the collector, 'error', 'aborted', 'close' before 'end', or the signal.
 */
export function readNodeStream(
  stream: NodeReadableLike,
  collector: BodyCollector,
  chunks: ChunkRelease,
  signal: AbortSignalLike | undefined,
): Promise<BodyFailure | undefined> {
  return new Promise((resolve, reject) => {
    const serverRequest = isServerRequest(stream);
    const mayRelease = chunks !== 'none';

    const cleanUp = () => {
      stream.removeListener('data', onData);
      stream.removeListener('end', onEnd);
      stream.removeListener('error', onError);
      stream.removeListener('aborted', onHangUp);
      stream.removeListener('close', onHangUp);
      signal?.removeEventListener('abort', onAbort);
    };
    const stopWith = (failure: BodyFailure) => {
      cleanUp();
      stopNodeStream(stream);
      resolve(failure);
    };
    function onData(chunk: unknown) {
      let failure: BodyFailure | undefined;
      try {
        failure = collector.add(chunkBytes(chunk), mayRelease && onlyReaderOf(stream));
      } catch (error) {
        cleanUp();
        stopNodeStream(stream);
        reject(error);
        return;
      }
      if (failure !== undefined) stopWith(failure);
    }
    function onEnd() {
      cleanUp();
      resolve(undefined);
    }
    function onError(error: unknown) {
      collector.sourceError = error;
      stopWith(serverRequest ? clientHungUp(collector.receivedLength) : sourceFailed(error));
    }
    function onHangUp() {
      stopWith(clientHungUp(collector.receivedLength));
    }
    function onAbort() {
      cleanUp();
      stopNodeStream(stream);
      reject(signal!.reason);
    }

    if ((stream as NodeStreamState).destroyed === true) {
      resolve(clientHungUp(0));
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.on('aborted', onHangUp);
    stream.on('close', onHangUp);
    stream.resume();
  });
}
