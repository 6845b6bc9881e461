import { describe, expect, it } from 'vitest';
import { fixesMmapThreshold } from '../../src/platform/malloc-threshold.js';

describe('fixesMmapThreshold', () => {
  it('is true for a numeric MALLOC_MMAP_THRESHOLD_ or a glibc.malloc.mmap_threshold tunable', () => {
    expect(fixesMmapThreshold({ MALLOC_MMAP_THRESHOLD_: '33554432' })).toBe(true);
    expect(fixesMmapThreshold({ MALLOC_MMAP_THRESHOLD_: '0' })).toBe(true);
    expect(fixesMmapThreshold({ GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=131072' })).toBe(true);
    expect(fixesMmapThreshold({ GLIBC_TUNABLES: 'glibc.malloc.trim_threshold=1:glibc.malloc.mmap_threshold=131072' })).toBe(true);
  });

  it('is false where nothing fixes it, or the value is not one glibc reads', () => {
    expect(fixesMmapThreshold({})).toBe(false);
    expect(fixesMmapThreshold({ MALLOC_MMAP_THRESHOLD_: '' })).toBe(false);
    expect(fixesMmapThreshold({ MALLOC_MMAP_THRESHOLD_: '32M' })).toBe(false);
    expect(fixesMmapThreshold({ MALLOC_TRIM_THRESHOLD_: '134217728' })).toBe(false);
    expect(fixesMmapThreshold({ GLIBC_TUNABLES: 'glibc.malloc.trim_threshold=131072' })).toBe(false);
    expect(fixesMmapThreshold({ GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold_max=131072' })).toBe(false);
  });
});
