// The bench's documents past 4 MiB. bench/ is plain JavaScript without declarations, so its modules
// are loaded by URL.
import { describe, expect, it } from 'vitest';

type Makers = Record<string, () => Uint8Array>;
const { largeDocuments } = (await import(new URL('../../bench/realworld-shapes.js', import.meta.url).href)) as { largeDocuments: (scale?: number) => Makers };

describe("the bench's documents past 4 MiB (realworld-shapes.js, set `large`)", () => {
  it('are valid JSON between 4 MiB and 12 MB, past the whole-document route the parser reads', () => {
    for (const [name, make] of Object.entries(largeDocuments())) {
      const bytes = make();
      expect(bytes.length, name).toBeGreaterThan(4 * 1024 * 1024);
      expect(bytes.length, name).toBeLessThan(12_000_000);
      expect(() => JSON.parse(new TextDecoder().decode(bytes)), name).not.toThrow();
    }
  });

  it('are the same bytes every time, and a quick run makes small ones of the same shapes', () => {
    const again = (largeDocuments())['quoted-messages']();
    expect(Buffer.compare(again, (largeDocuments())['quoted-messages']())).toBe(0);
    for (const [name, make] of Object.entries(largeDocuments(0.02))) {
      const bytes = make();
      expect(bytes.length, name).toBeLessThan(400_000);
      expect(() => JSON.parse(new TextDecoder().decode(bytes)), name).not.toThrow();
    }
  });
});
