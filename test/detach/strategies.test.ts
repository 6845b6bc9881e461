import { describe, expect, it } from 'vitest';
import { createDetach } from '../../src/detach/detach.js';
import { detach, detachStrategy } from '../../src/detach/index.js';
import { detachFunctions, detectStrategy, type DetachStrategy } from '../../src/detach/strategies.js';

const hasTransfer = typeof (ArrayBuffer.prototype as { transferToFixedLength?: unknown }).transferToFixedLength === 'function';
const isNode = typeof process === 'object' && typeof process.versions?.node === 'string';

describe('strategy detection', () => {
  it('picks V8 natives on Node', () => {
    expect(isNode).toBe(true);
    expect(detachStrategy).toBe('natives');
    expect(detectStrategy()).toBe(detachStrategy);
  });

  it('finds transferToFixedLength exactly where the runtime has it', () => {
    expect(detachFunctions.transfer !== undefined).toBe(hasTransfer);
  });

  it('finds structuredClone', () => {
    expect(detachFunctions['structured-clone']).toBeTypeOf('function');
  });
});

const forcedStrategies: { strategy: DetachStrategy; available: boolean; reason: string }[] = [
  { strategy: 'natives', available: detachFunctions.natives !== undefined, reason: 'no V8 natives here' },
  {
    strategy: 'transfer',
    available: detachFunctions.transfer !== undefined,
    reason: `ArrayBuffer.prototype.transferToFixedLength is absent on Node ${process.versions.node}`,
  },
  { strategy: 'structured-clone', available: detachFunctions['structured-clone'] !== undefined, reason: 'no structuredClone' },
];

function filled(length: number): Uint8Array {
  return new Uint8Array(length).map((_, index) => index + 1);
}

for (const { strategy, available, reason } of forcedStrategies) {
  describe.skipIf(!available)(`forced strategy '${strategy}'${available ? '' : ` (skipped: ${reason})`}`, () => {
    const detachForced = available ? createDetach(strategy) : () => {};

    it('detaches an ArrayBuffer and empties every view on it', () => {
      const bytes = filled(64);
      const { buffer } = bytes;
      const float64 = new Float64Array(buffer, 8, 4);
      const tail = new Uint8Array(buffer, 60);
      const dataView = new DataView(buffer, 4, 8);
      detachForced(buffer);
      expect(buffer.byteLength).toBe(0);
      expect([bytes.length, float64.length, tail.length, bytes.byteLength]).toEqual([0, 0, 0, 0]);
      expect(() => dataView.getUint8(0)).toThrow(TypeError);
      expect(() => new Uint8Array(buffer)).toThrow(TypeError);
    });

    it('detaches the buffer of a typed array, DataView or Buffer covering all of it', () => {
      const views: ArrayBufferView[] = [filled(16), new DataView(new ArrayBuffer(16)), new BigInt64Array(2), Buffer.allocUnsafeSlow(16)];
      for (const view of views) {
        const { buffer } = view;
        detachForced(view);
        expect(buffer.byteLength).toBe(0);
        expect(view instanceof DataView ? 0 : view.byteLength).toBe(0);
      }
    });

    it('detaches resizable buffers through fixed and length-tracking views', () => {
      const resizable = new ArrayBuffer(8, { maxByteLength: 1 << 20 });
      resizable.resize(4096);
      const tracking = new Uint32Array(resizable);
      detachForced(tracking);
      expect([resizable.byteLength, tracking.length]).toEqual([0, 0]);
      expect(() => resizable.resize(8)).toThrow(TypeError);
    });

    it('detaches an empty buffer, and then does nothing for the detached one', () => {
      const empty = new ArrayBuffer(0);
      const view = new Uint8Array(empty);
      detachForced(empty);
      expect(() => new Uint8Array(empty)).toThrow(TypeError);
      expect(() => detachForced(empty)).not.toThrow();
      expect(() => detachForced(view)).not.toThrow();
    });
  });
}

describe("strategy 'none'", () => {
  const detachWithoutAWay = createDetach('none');

  it('throws a TypeError naming the reason for a live buffer, which stays intact', () => {
    const bytes = filled(8);
    expect(() => detachWithoutAWay(bytes)).toThrow(/cannot detach/);
    expect(bytes).toEqual(filled(8));
  });

  it('still accepts an already detached buffer as a no-op', () => {
    const buffer = new ArrayBuffer(8);
    detach(buffer);
    expect(() => detachWithoutAWay(buffer)).not.toThrow();
  });
});

const missingStrategy = (Object.keys(detachFunctions) as (keyof typeof detachFunctions)[]).find(
  (name) => detachFunctions[name] === undefined,
);

describe('createDetach', () => {
  it.skipIf(missingStrategy === undefined)('refuses a strategy the runtime lacks', () => {
    expect(() => createDetach(missingStrategy!)).toThrow(/not available/);
  });
});
