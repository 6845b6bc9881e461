import { setEscapedKeysRight } from '../../src/parse/escaped-keys.js';

/**
 * Runs `check` as on an engine whose JSON.parse gives escaped keys right (`right`) or wrong, whatever
 * this engine's probe says, then lets the next call probe again.
 */
export function withEscapedKeysRight<T>(right: boolean, check: () => T): T {
  setEscapedKeysRight(right);
  try {
    return check();
  } finally {
    setEscapedKeysRight(undefined);
  }
}
