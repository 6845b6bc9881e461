import { getBuiltinModule } from 'node:process';
import { afterEach, describe, expect, it, vi } from 'vitest';

const v8 = (getBuiltinModule as (id: string) => typeof import('node:v8'))('node:v8');

function nativesSyntaxIsOn(): boolean {
  try {
    new Function('%GetOptimizationStatus(1)');
    return true;
  } catch (error) {
    expect(error).toBeInstanceOf(SyntaxError);
    return false;
  }
}

async function freshlyLoadedStrategies() {
  vi.resetModules();
  return import('../../src/detach/strategies.js');
}

describe('the --allow-natives-syntax flag', () => {
  afterEach(() => {
    v8.setFlagsFromString('--no-allow-natives-syntax');
  });

  it('is off again once the module has compiled its detaching function', async () => {
    expect(nativesSyntaxIsOn()).toBe(false);
    const { detachFunctions } = await freshlyLoadedStrategies();
    expect(detachFunctions.natives).toBeTypeOf('function');
    expect(nativesSyntaxIsOn()).toBe(false);
    expect(() => eval('%ArrayBufferDetach(new ArrayBuffer(8))')).toThrow(SyntaxError);
  });

  it('keeps the compiled function working after the flag is off', async () => {
    const { detachFunctions } = await freshlyLoadedStrategies();
    const buffer = new ArrayBuffer(8);
    detachFunctions.natives!(buffer);
    expect(buffer.byteLength).toBe(0);
  });

  it('stays on when the program had turned it on itself', async () => {
    v8.setFlagsFromString('--allow-natives-syntax');
    const { detachFunctions } = await freshlyLoadedStrategies();
    expect(detachFunctions.natives).toBeTypeOf('function');
    expect(nativesSyntaxIsOn()).toBe(true);
  });
});
