// The cold section of the bench (bench/sections/cold.js): its summary of the fresh processes, and a
// quick run that really starts them. bench/ is plain JavaScript without declarations, so its
// modules are loaded by URL.
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, packageRoot as root } from '../support/built-package.js';
const { summarizeCold } = await import(new URL('../../bench/cold-summary.js', import.meta.url).href);

beforeAll(() => {
  // The quick run's children import the built library, as every bench child does.
  ensureBuilt();
}, 120_000);

const measuredProcess = (first: number, second: number, importTime: number | null = null) => ({ first, second, import: importTime });

function measuredDocument(set: string, name: string, nativeFirst: number[], oursFirst: number[]) {
  return {
    set,
    id: `${set}/${name}`,
    name,
    origin: 'generated',
    bytes: 1000,
    runs: {
      native: nativeFirst.map((first) => measuredProcess(first, first / 2)),
      parseBinary: oursFirst.map((first, round) => measuredProcess(first, first / 4, 5_000_000 + round)),
    },
  };
}

describe('summarizeCold', () => {
  const summary = summarizeCold(
    [
      // Ratios per round 2, 4, 10: the median ratio is 4, though the median times give 8 / 1 = 8.
      measuredDocument('classic', 'a', [1, 2, 1], [2, 8, 10]),
      measuredDocument('classic', 'b', [1, 1, 1], [1, 1, 1]),
      { ...measuredDocument('realworld', 'broken', [1], []), error: 'parseBinary, round 1: child exit code 1' },
    ],
    3,
  );

  it('pairs each round of native with the parseBinary process that ran after it', () => {
    const [a] = summary.documents;
    expect(a.first).toEqual({ native: 1, parseBinary: 8, ratio: 4, ratios: [2, 4, 10] });
    expect(a.second.ratios).toEqual([1, 2, 5]);
    expect(a.import).toBe(5_000_001);
  });

  it('takes the geometric mean per round, then the median over rounds; failed documents stay out', () => {
    expect(summary.sets).toHaveLength(1);
    const [classic] = summary.sets;
    expect(classic.documents).toBe(2);
    expect(classic.first.perRound.map((value: number) => Number(value.toFixed(6)))).toEqual([Math.SQRT2, 2, Math.sqrt(10)].map((value) => Number(value.toFixed(6))));
    expect(classic.first.geomean).toBeCloseTo(2, 10);
    expect(classic.worst).toEqual({ name: 'a', ratio: 4 });
    expect(summary.documents[2].error).toMatch(/round 1/);
    expect(summary.import).toEqual({ median: 5_000_001, min: 5_000_000, max: 5_000_002, processes: 6 });
  });
});

describe('the cold section in quick mode', () => {
  it('times one document in one fresh process per contender and returns well-formed figures', async () => {
    const { runCold } = await import(new URL('../../bench/sections/cold.js', import.meta.url).href);
    const section = await runCold({ libraryPath: `${root}dist/index.js`, corpusDir: null, quick: true, payloadFilter: null });
    expect(section.processes).toBe(1);
    expect(section.documents).toHaveLength(1);
    const [document] = section.documents;
    expect(document.error).toBeUndefined();
    expect(document.set).toBe('classic');
    for (const call of ['first', 'second']) {
      expect(document[call].native).toBeGreaterThan(0);
      expect(document[call].parseBinary).toBeGreaterThan(0);
      expect(document[call].ratios).toHaveLength(1);
    }
    expect(document.runs.native[0].import).toBeNull();
    expect(document.import).toBeGreaterThan(0);
    expect(section.sets.map(({ set }: { set: string }) => set)).toEqual(['classic']);
    // Survives the trip into the results file.
    expect(JSON.parse(JSON.stringify(section))).toEqual(section);
  }, 60_000);
});
