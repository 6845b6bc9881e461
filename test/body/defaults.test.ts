import { describe, expect, it } from 'vitest';
import { BODY_PARSE_DEFAULTS, DEFAULT_BODY_MAX_DEPTH, parseBody } from '../../src/body.js';
import { parseBinary } from '../../src/index.js';

const responseOf = (text: string) => new Response(text);
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('parseBody defaults for bodies from strangers', () => {
  it('are exported for the adapters: proto and constructor keys fail, depth 1000', () => {
    expect(BODY_PARSE_DEFAULTS).toEqual({ fatal: false, maxDepth: 1000, protoAction: 'error', constructorAction: 'error' });
    expect(DEFAULT_BODY_MAX_DEPTH).toBe(1000);
    expect(Object.isFrozen(BODY_PARSE_DEFAULTS)).toBe(true);
  });

  it('refuse a __proto__ key with 400, where parseBinary keeps JSON.parse semantics', async () => {
    const text = '{"a": {"__proto__": {"isAdmin": true}}}';
    const outcome = await parseBody(responseOf(text));
    expect(outcome).toMatchObject({ ok: false, status: 400, position: 7, code: 'FORBIDDEN_KEY' });
    if (!outcome.ok) expect(outcome.message).toContain('__proto__');
    const plain = parseBinary(new TextEncoder().encode(text));
    expect(plain.ok && Object.hasOwn((plain.value as { a: object }).a, '__proto__')).toBe(true);
  });

  it('refuse a constructor.prototype key with 400', async () => {
    expect(await parseBody(responseOf('{"constructor": {"prototype": {"x": 1}}}'))).toMatchObject({ ok: false, status: 400 });
    expect(await parseBody(responseOf('{"constructor": 1}'))).toEqual({ ok: true, value: { constructor: 1 } });
  });

  it('accept nesting up to 1000 and refuse deeper', async () => {
    expect((await parseBody(responseOf(nested(1000)))).ok).toBe(true);
    expect(await parseBody(responseOf(nested(1001)))).toMatchObject({ ok: false, status: 400, position: 1000, code: 'MAX_DEPTH' });
    // A megabyte of '[' stops at the limit instead of being read to its end.
    expect(await parseBody(responseOf('['.repeat(1024 * 1024 - 1)))).toMatchObject({ ok: false, status: 400, position: 1000 });
  });

  it('are each overridable, and an option given as undefined keeps its default', async () => {
    const proto = '{"__proto__": 1}';
    expect(await parseBody(responseOf(proto), { protoAction: 'ignore' })).toMatchObject({ ok: true });
    expect(await parseBody(responseOf(proto), { protoAction: 'remove' })).toEqual({ ok: true, value: {} });
    expect(await parseBody(responseOf(proto), { protoAction: undefined })).toMatchObject({ ok: false, status: 400 });
    const constructor = '{"constructor": {"prototype": 1}}';
    expect(await parseBody(responseOf(constructor), { constructorAction: 'ignore' })).toMatchObject({ ok: true });
    expect((await parseBody(responseOf(nested(1001)), { maxDepth: Infinity })).ok).toBe(true);
    expect(await parseBody(responseOf(nested(3)), { maxDepth: 2 })).toMatchObject({ ok: false, status: 400 });
    expect(await parseBody(responseOf('[1, 2]'), { limit: 100 })).toEqual({ ok: true, value: [1, 2] });
  });
});
