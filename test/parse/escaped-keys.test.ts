import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { readsEscapedKeysRight, setEscapedKeysRight } from '../../src/parse/escaped-keys.js';

/** What this engine's JSON.parse does with the bug's own example, in a realm nothing else has used. */
function engineGetsTheExampleRight(): boolean {
  return runInNewContext('JSON.parse(\'{"a":1,"\\\\\\\\":2}\'); Object.keys(JSON.parse(\'{"a":1,"\\\\n":3}\'))[1] === "\\n"') as boolean;
}

afterEach(() => setEscapedKeysRight(undefined));

describe('the escaped-key probe', () => {
  it('answers what this engine does on the example of the bug', () => {
    setEscapedKeysRight(undefined);
    expect(readsEscapedKeysRight(JSON.parse)).toBe(engineGetsTheExampleRight());
  });

  it('says wrong for a JSON.parse with the bug, right for one without, and probes once', () => {
    const texts: string[] = [];
    // The bug: the second key comes out as the backslash key the first text taught.
    const buggy = (text: string) => {
      texts.push(text);
      return text.includes('\\n') ? { '\u2060': 0, '\\': 0 } : JSON.parse(text);
    };
    setEscapedKeysRight(undefined);
    expect(readsEscapedKeysRight(buggy)).toBe(false);
    expect(readsEscapedKeysRight(buggy)).toBe(false);
    expect(texts).toEqual(['{"\u2060":0,"\\\\":0}', '{"\u2060":0,"\\n":0}']);
    // Without the bug: built here, since this engine's own JSON.parse may have it.
    const right = (text: string) => (text.includes('\\n') ? { '\u2060': 0, '\n': 0 } : { '\u2060': 0, '\\': 0 });
    setEscapedKeysRight(undefined);
    expect(readsEscapedKeysRight(right)).toBe(true);
  });

  it('cannot be told "right" by a polluted Object.prototype', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto['\\'] = 0;
    try {
      setEscapedKeysRight(undefined);
      // Pollution only ever costs the scan: the answer is "wrong", never a false "right".
      expect(readsEscapedKeysRight(JSON.parse)).toBe(false);
    } finally {
      delete proto['\\'];
    }
  });
});
