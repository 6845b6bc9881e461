import { wholeBufferOf } from '../buffers/whole-buffer.js';
import { longerThanDeclared, outOfMemory, shorterThanDeclared, streamedTooLarge } from './failures.js';
import { releaseIfSafe } from './release.js';
import type { BodyFailure } from './types.js';

// A streamed body starts with this much room, then doubles: few copies for large bodies,
// little waste for small ones.
const FIRST_CAPACITY = 16 * 1024;

type Transfer = (this: ArrayBuffer, newLength: number) => ArrayBuffer;
const transfer = (ArrayBuffer.prototype as { transfer?: Transfer }).transfer;

// What backingBuffer gives for borrowed bytes: empty, so releasing it does nothing. Internal only;
// allocating one per request showed up in CPU profiles.
const NOTHING_TO_RELEASE = new ArrayBuffer(0);
const NO_BYTES = new Uint8Array(NOTHING_TO_RELEASE);

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
 * allocated buffer like any other. A first chunk that is the whole declared body is borrowed
 * otherwise: read in place (node:http hands a small body over as a slice of the socket's read, and
 * light-my-request as a slice of Buffer's pool), never detached, and copied only by `exactBytes`.
 * That skips an allocation, a copy and a detach per request, which made 1 KB bodies cost more CPU
 * than the frameworks' own parsers. `detach` says whether the collector's own buffers (and an
 * adopted chunk) are released when outgrown or trimmed.
 */
export class BodyCollector {
  // Shared until the first chunk (one allocation less per request); an empty body is handed out as
  // an array of its own, since a caller may detach what it gets.
  private bytes: Uint8Array = NO_BYTES;
  private received = 0;
  // The bytes are a chunk lent by the source: read them, never detach them.
  private borrowed = false;
  private overran = false;
  /** The error the source emitted, when reading stopped on one (frameworks pass it on as it is). */
  sourceError: unknown = undefined;

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

  /** The length the body declared (already within the limit), if it declared one. */
  get expectedLength(): number | undefined {
    return this.declaredLength;
  }

  /** Whether a chunk was refused for carrying the body past its declared length. */
  get passedDeclaredLength(): boolean {
    return this.overran;
  }

  /**
   * Copies one chunk in, or says why the body is refused. `consumable`: no one else reads this
   * chunk, so it may be adopted or detached once copied.
   */
  add(chunk: Uint8Array, consumable: boolean): BodyFailure | undefined {
    const total = this.received + chunk.byteLength;
    const refused = this.refuseTotal(total);
    if (refused !== undefined) return refused;
    if (total <= this.bytes.byteLength) {
      this.bytes.set(chunk, this.received);
    } else if (this.received === 0 && consumable && this.mayAdopt(chunk)) {
      this.bytes = chunk;
      this.received = total;
      return undefined;
    } else if (this.received === 0 && total === this.declaredLength) {
      // Whole, so no later chunk can make it grow (a longer body is refused above).
      this.bytes = chunk;
      this.received = total;
      this.borrowed = true;
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

  /**
   * Where a byte stream's BYOB read should write next: the unfilled rest of the collector's buffer
   * (allocated at the declared length, or grown by doubling within the limit); undefined once the
   * body has reached its declared length or the limit, where only the end of the stream may follow.
   * A read transfers the buffer of the view it is given, so hand what it returns to {@link filled}.
   */
  freeSpace(): Uint8Array | BodyFailure | undefined {
    if (this.received === this.bytes.byteLength) {
      if (this.received >= (this.declaredLength ?? this.limit)) return undefined;
      const failure = this.grow(this.received + 1);
      if (failure !== undefined) return failure;
    }
    return new Uint8Array(this.bytes.buffer, this.received, this.bytes.byteLength - this.received);
  }

  /** Takes back the view a BYOB read returned for {@link freeSpace}'s (now transferred) buffer. */
  filled(view: Uint8Array): void {
    this.bytes = new Uint8Array(view.buffer);
    this.received += view.byteLength;
  }

  /** The received bytes, a view at the start of the collector's buffer; refused if shorter than declared. */
  finish(): Uint8Array | BodyFailure {
    if (this.declaredLength !== undefined && this.received < this.declaredLength) {
      return shorterThanDeclared(this.received, this.declaredLength);
    }
    if (this.received === 0) return new Uint8Array(0);
    return this.received === this.bytes.byteLength ? this.bytes : this.bytes.subarray(0, this.received);
  }

  /**
   * The whole buffer behind the views {@link finish} returns: the one to detach after use. Empty
   * (nothing to detach) when the bytes were borrowed from the source.
   */
  get backingBuffer(): ArrayBuffer {
    return this.borrowed ? NOTHING_TO_RELEASE : (this.bytes.buffer as ArrayBuffer);
  }

  /**
   * The received bytes in a Uint8Array that covers its own ArrayBuffer, so the caller can detach it.
   * Only a streamed body that did not end on a doubling boundary needs a trimming copy.
   */
  exactBytes(): Uint8Array {
    // The caller may detach what it gets, so a borrowed chunk is handed over as a copy.
    if (this.borrowed) return this.bytes.slice();
    if (this.received === 0) return new Uint8Array(0);
    const buffer = this.backingBuffer;
    if (this.received === buffer.byteLength && this.bytes.byteOffset === 0) return this.bytes;
    if (this.detach && transfer !== undefined) return new Uint8Array(transfer.call(buffer, this.received));
    const trimmed = new Uint8Array(buffer.slice(0, this.received));
    if (this.detach) releaseIfSafe(this.bytes);
    return trimmed;
  }

  /** Why a body of `total` bytes so far is refused: past the limit, or past its declared length. */
  private refuseTotal(total: number): BodyFailure | undefined {
    if (total > this.limit) return streamedTooLarge(this.limit);
    if (this.declaredLength !== undefined && total > this.declaredLength) {
      this.overran = true;
      return longerThanDeclared(this.declaredLength);
    }
    return undefined;
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
