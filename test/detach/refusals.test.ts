import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { createDetach, detachWith } from '../../src/detach/detach.js';
import { detach } from '../../src/detach/index.js';
import { detachFunctions } from '../../src/detach/strategies.js';
import { refusalCases } from './refusal-cases.mjs';

const available = (Object.keys(detachFunctions) as (keyof typeof detachFunctions)[]).filter(
  (name) => detachFunctions[name] !== undefined,
);
const detachers: [string, (value: unknown) => void][] = [
  ['detach', detach as (value: unknown) => void],
  ...available.map((name): [string, (value: unknown) => void] => [`forced '${name}'`, createDetach(name)]),
];

for (const [label, detachUnderTest] of detachers) {
  describe(`${label} refuses with a TypeError and leaves everything untouched`, () => {
    for (const refusal of refusalCases()) {
      const arranged = refusal.arrange();
      const skip = 'skip' in arranged ? arranged.skip : undefined;
      it.skipIf(skip !== undefined)(`${refusal.name}${skip ? ` (${skip})` : ''}`, () => {
        if ('skip' in arranged) return;
        expect(() => detachUnderTest(arranged.value)).toThrow(TypeError);
        arranged.untouched();
      });
    }
  });
}

function messageOf(body: () => void): string {
  try {
    body();
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError);
    return (error as TypeError).message;
  }
  throw new Error('did not throw');
}

describe('error messages say what was given and why it was refused', () => {
  it('names primitives and look-alikes', () => {
    expect(messageOf(() => detach(null as never))).toMatch(/expected an ArrayBuffer.*got null/);
    expect(messageOf(() => detach('bytes' as never))).toMatch(/got the string "bytes"/);
    expect(messageOf(() => detach({ byteLength: 8 } as never))).toMatch(/not a real ArrayBuffer, typed array or DataView \(such as a look-alike/);
  });

  it('explains shared memory', () => {
    expect(messageOf(() => detach(new SharedArrayBuffer(8) as never))).toMatch(/SharedArrayBuffer of 8 bytes.*shared memory/);
    expect(messageOf(() => detach(new Int32Array(new SharedArrayBuffer(8))))).toMatch(/Int32Array over a SharedArrayBuffer/);
  });

  it('gives the extent of a partial view and its buffer', () => {
    const message = messageOf(() => detach(new Uint16Array(new ArrayBuffer(16), 4, 2)));
    expect(message).toMatch(/Uint16Array of 4 bytes at offset 4 in an ArrayBuffer of 16 bytes/);
  });

  it("names Node's Buffer pool", () => {
    expect(messageOf(() => detach(Buffer.from('abc').buffer))).toMatch(/Node marks untransferable, such as its shared Buffer pool/);
  });

  it('says a WebAssembly memory buffer is not detachable', () => {
    const memory = new WebAssembly.Memory({ initial: 1 });
    expect(messageOf(() => detach(memory.buffer))).toMatch(/65536 bytes could not be detached, left untouched \(something else owns it/);
  });

  it('keeps the runtime error as the cause when the runtime itself refuses', () => {
    // Stands in for a runtime-protected buffer (Node 24's and Deno's pools), which Node 20 lacks.
    const runtimeError = new TypeError("Provided key doesn't match [[ArrayBufferDetachKey]]");
    const bytes = new Uint8Array([1, 2, 3]);
    let caught: unknown;
    try {
      detachWith('transfer', () => {
        throw runtimeError;
      }, bytes);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(TypeError);
    expect((caught as TypeError).message).toMatch(/runtime refused.*3 bytes.*untouched.*ArrayBufferDetachKey/);
    expect((caught as TypeError).cause).toBe(runtimeError);
    expect(bytes).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('refuses when a strategy returns without detaching (the silent traps)', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    expect(() => detachWith('structured-clone', () => {}, bytes)).toThrow(/could not be detached.*'structured-clone'/);
    expect(bytes).toEqual(new Uint8Array([1, 2, 3]));
  });
});

describe('checks captured at load survive later tampering', () => {
  it('ignores patched prototypes, Function.prototype.call and a replaced structuredClone', () => {
    const byteLength = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength')!;
    const isView = ArrayBuffer.isView;
    const { call } = Function.prototype;
    const { structuredClone: originalClone } = globalThis;
    Object.defineProperty(ArrayBuffer.prototype, 'byteLength', { get: () => 8, configurable: true });
    ArrayBuffer.isView = (() => true) as never;
    globalThis.structuredClone = (() => undefined) as never;
    Function.prototype.call = function tampered() {
      throw new Error('tampered call ran');
    };
    const outcomes: string[] = [];
    const outcome = (body: () => void) => {
      try {
        body();
        outcomes.push('returned');
      } catch (error) {
        outcomes.push(error instanceof TypeError ? 'TypeError' : `other: ${error}`);
      }
    };
    const viaNatives = new Uint8Array(8);
    const viaClone = new Uint8Array(8);
    try {
      // The matchers themselves need the real `call`, so results are only recorded here.
      outcome(() => detach(Object.create(ArrayBuffer.prototype)));
      outcome(() => detach({ buffer: new ArrayBuffer(8) } as never));
      outcome(() => detach(viaNatives));
      outcome(() => createDetach('structured-clone')(viaClone));
    } finally {
      Function.prototype.call = call;
      globalThis.structuredClone = originalClone;
      ArrayBuffer.isView = isView;
      Object.defineProperty(ArrayBuffer.prototype, 'byteLength', byteLength);
    }
    expect(outcomes).toEqual(['TypeError', 'TypeError', 'returned', 'returned']);
    expect([viaNatives.length, viaClone.length]).toEqual([0, 0]);
  });
});

describe('review findings', () => {
  it('refuses the current Buffer pool after Buffer.poolSize was changed', () => {
    const pooled = Buffer.from('xyz');
    const poolSize = Buffer.poolSize;
    try {
      Buffer.poolSize = poolSize * 2;
      expect(() => detach(pooled.buffer)).toThrow(TypeError);
      expect(pooled.buffer.byteLength).toBeGreaterThan(0);
      expect(Buffer.from('hello').toString()).toBe('hello');
    } finally {
      Buffer.poolSize = poolSize;
    }
  });
});
