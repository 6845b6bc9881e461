import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBinary } from '../../src/parse/parse-binary.js';
import { expectAgreement } from './agreement.js';

// The raw conformance files live beside the repository, not in it; without them this suite is skipped.
const directory = join(import.meta.dirname, '../../../shared/corpus/JSONTestSuite/test_parsing');
const files = existsSync(directory) ? readdirSync(directory).filter((name) => name.endsWith('.json')).sort() : [];

describe.skipIf(files.length === 0)('JSONTestSuite (raw bytes)', () => {
  it('has its files', () => expect(files.length).toBeGreaterThan(300));

  for (const name of files) {
    it(name, () => {
      const bytes = new Uint8Array(readFileSync(join(directory, name)));
      if (name.startsWith('y_')) expect(parseBinary(bytes).ok).toBe(true);
      if (name.startsWith('n_')) expect(parseBinary(bytes).ok).toBe(false);
      // Every file, whatever its prefix: the same verdict and value as the oracle, in both modes.
      expectAgreement(bytes);
      expectAgreement(bytes, { fatal: true });
    });
  }
});
