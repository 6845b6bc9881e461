import { wholeBufferOf } from '../buffers/whole-buffer.js';
import { longerThanDeclared, outOfMemory, shorterThanDeclared, streamedTooLarge } from './failures.js';
import { releaseIfSafe } from './release.js';
import type { BodyFailure } from './types.js';

// A streamed body starts with this much room, then doubles: few copies for large bodies,
// little waste for small ones.
const FIRST_CAPACITY = 16 * 1024;

type Transfer = (this: ArrayBuffer, newLength: number) => ArrayBuffer;
const transfer = (ArrayBuffer.prototype as { transfer?: Transfer }).transfer;

function allocate(size: number): ArrayBuffer | undefined {
  try {
    return new ArrayBuffer(size);
  } catch {
    return undefined; // RangeError: more than this process can allocate.
  }
}

/**
 * Copies the chunks of one body into a single buffer: allocated once at the declared length, or
 * grown by doubling (never past the limit) when no length is declared, so that no chunk has to be
 * kept. Each check happens before the copy, so an oversized body is refused without growing.
 *
 * A chunk the reader says may be consumed (nobody else reads it) is detached once copied; a first
 * such chunk that covers its own buffer is adopted instead of copied if it may be the whole body:
 * a small node:http body then costs no allocation and no copy. A second chunk moves it into an
 * allocated buffer like any other. `detach` says whether the collector's own buffers (and an
 * adopted chunk) are released when outgrown or trimmed.
 */
export class BodyCollector {
  // An empty array of its own: a shared one could be detached by a caller handed an empty body.
  private bytes: Uint8Array = new Uint8Array(0);
  private received = 0;

  private constructor(
    private readonly declaredLength: number | undefined,
    private readonly limit: number,
    private readonly detach: boolean,
  ) {}

  /** A collector for a body of `declaredLength` bytes (already checked against the limit), or of unknown length. */
  static create(declaredLength: number | undefined, limit: number, detach: boolean): BodyCollector {
    return new BodyCollector(declaredLength, limit, detach);
  }

  /** How many bytes have arrived so far. */
  get receivedLength(): number {
    return this.received;
  }

  /**
   * Copies one chunk in, or says why the body is refused. `consumable`: no one else reads this
   * chunk, so it may be adopted or detached once copied.
   */
  add(chunk: Uint8Array, consumable: boolean): BodyFailure | undefined {
    const total = this.received + chunk.byteLength;
    if (total > this.limit) return streamedTooLarge(this.limit);
    if (this.declaredLength !== undefined && total > this.declaredLength) {
      return longerThanDeclared(this.declaredLength);
    }
    if (total <= this.bytes.byteLength) {
      this.bytes.set(chunk, this.received);
    } else if (this.received === 0 && consumable && this.mayAdopt(chunk)) {
      this.bytes = chunk;
      this.received = total;
      return undefined;
    } else {
      const failure = this.grow(total);
      if (failure !== undefined) return failure;
      this.bytes.set(chunk, this.received);
    }
    this.received = total;
    if (consumable) releaseIfSafe(chunk);
    return undefined;
  }

  /** The received bytes, a view at the start of the collector's buffer; refused if shorter than declared. */
  finish(): Uint8Array | BodyFailure {
    if (this.declaredLength !== undefined && this.received < this.declaredLength) {
      return shorterThanDeclared(this.received, this.declaredLength);
    }
    return this.received === this.bytes.byteLength ? this.bytes : this.bytes.subarray(0, this.received);
  }

  /** The whole buffer behind the views {@link finish} returns: the one to detach after use. */
  get backingBuffer(): ArrayBuffer {
    return this.bytes.buffer as ArrayBuffer;
  }

  /**
   * The received bytes in a Uint8Array that covers its own ArrayBuffer, so the caller can detach it.
   * Only a streamed body that did not end on a doubling boundary needs a trimming copy.
   */
  exactBytes(): Uint8Array {
    const buffer = this.backingBuffer;
    if (this.received === buffer.byteLength && this.bytes.byteOffset === 0) return this.bytes;
    if (this.detach && transfer !== undefined) return new Uint8Array(transfer.call(buffer, this.received));
    const trimmed = new Uint8Array(buffer.slice(0, this.received));
    if (this.detach) releaseIfSafe(this.bytes);
    return trimmed;
  }

  private mayAdopt(chunk: Uint8Array): boolean {
    if (!this.detach || wholeBufferOf(chunk) === undefined) return false;
    return this.declaredLength === undefined || chunk.byteLength === this.declaredLength;
  }

  private grow(needed: number): BodyFailure | undefined {
    const capacity =
      this.declaredLength ?? Math.min(this.limit, Math.max(needed, this.bytes.byteLength * 2, FIRST_CAPACITY));
    const buffer = allocate(capacity);
    if (buffer === undefined) return outOfMemory(capacity);
    const bytes = new Uint8Array(buffer);
    if (this.received > 0) {
      bytes.set(this.bytes.subarray(0, this.received));
      if (this.detach) releaseIfSafe(this.bytes);
    }
    this.bytes = bytes;
    return undefined;
  }
}
