import { ignoreRejection } from './chunks.js';
import type { AbortSignalLike } from './types.js';

/** Resolves like `promise`, or rejects with the signal's reason as soon as it aborts. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignalLike): Promise<T> {
  return new Promise((resolve, reject) => {
    // An abort during the previous step fired before this listener existed: it would never fire.
    if (signal.aborted) {
      ignoreRejection(promise);
      reject(signal.reason);
      return;
    }
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
