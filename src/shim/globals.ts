// The global types that `json-parse-binary/auto` brings with it. Only the auto entry imports this
// module, so the main entry never claims that the globals exist.
import type { BinaryInput, ParseBinaryOptions, ParseBinaryResult } from '../parse/types.js';

declare global {
  interface JSON {
    /**
     * Parses UTF-8 JSON bytes straight from a buffer or view, without an intermediate string.
     * Never throws for bad content: returns `{ ok: true, value }` or
     * `{ ok: false, message, position, line, column }`. Throws a TypeError only for an argument
     * of the wrong type. Installed by `json-parse-binary/auto` where the runtime lacks it.
     */
    parseBinary<T = unknown>(input: BinaryInput, options?: ParseBinaryOptions): ParseBinaryResult<T>;
  }

  interface ArrayBuffer {
    /**
     * Detaches this buffer and gives its memory back now: afterwards its `byteLength` and every
     * view's length are 0. Throws a TypeError when called on anything but an ArrayBuffer
     * (a SharedArrayBuffer included). Installed by `json-parse-binary/auto` where the runtime
     * can detach buffers.
     */
    detach(): void;
  }
}

export {};
