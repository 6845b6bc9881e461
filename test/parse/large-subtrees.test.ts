import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toInputBytes } from '../../src/parse/input.js';
import { PLANS_LARGE_SUBTREES, SUBTREE_PLAN_LIMITS, planLargeSubtrees, type SubtreePlanLimits } from '../../src/parse/large-subtrees.js';
import { PARSE_FAILED } from '../../src/parse/errors.js';
import { parseBinary, releaseScratch } from '../../src/parse/parse-binary.js';
import { parseDocument } from '../../src/parse/parser.js';
import { ParseState } from '../../src/parse/state.js';
import type { KeyAction } from '../../src/parse/types.js';
import { expectAgreement } from './agreement.js';
import { withEscapedKeysRight } from './escaped-key-answer.js';
import { utf8 } from './oracle.js';

/** Limits a few hundred bytes long, so that small documents show every decision. */
const SMALL: SubtreePlanLimits = { minInputBytes: 0, minSubtreeBytes: 200, maxSubtreeBytes: 1500, minStringShare: 0.85, minMeanStringBytes: 32, firstStretchBytes: 512, stretchBytes: 512, runBytes: Infinity, minRunMemberBytes: 0 };

/** The same, with arrays past maxSubtreeBytes read in runs of about 300 bytes. */
const SMALL_RUNS: SubtreePlanLimits = { ...SMALL, runBytes: 300 };

const prose = (index: number) => `Line ${index} of a message that is long enough to count as prose, with ${'words '.repeat(index % 5)}in it.`;

/** A map of `count` names to sentences: the shape the plan chooses. */
function proseMap(count: number, key: (index: number) => string = (index) => `name_${index}`): string {
  return `{${Array.from({ length: count }, (_, index) => `${JSON.stringify(key(index))}:${JSON.stringify(prose(index))}`).join(',')}}`;
}

/** Plans `text` with `limits`, then parses it; the chosen subtrees, as text, and the parse's value. */
function planAndParse(text: string, limits: SubtreePlanLimits = SMALL, protoAction: KeyAction = 'ignore', maxDepth = 512) {
  const state = new ParseState(toInputBytes(utf8(text), 'test'), false, maxDepth, protoAction, 'ignore');
  planLargeSubtrees(state, limits);
  const chosen: string[] = [];
  const pairs = state.subtrees ?? [];
  const bytes = utf8(text);
  const runs: number[][] = [];
  for (let i = 0; i < pairs.length; i += 2) {
    // An array read in runs: its pair holds -n, and its runs' ends are the n-th list, the array's end last.
    const runEnds = pairs[i + 1] < 0 ? state.subtreeRuns![-pairs[i + 1] - 1] : undefined;
    if (runEnds !== undefined) runs.push(runEnds);
    chosen.push(new TextDecoder().decode(bytes.subarray(pairs[i], runEnds === undefined ? pairs[i + 1] : runEnds[runEnds.length - 1])));
  }
  const value = parseState(state);
  return { chosen, runs, value, used: state.subtreeIndex, planned: pairs.length, state };
}

/** parseDocument's value, or PARSE_FAILED, with the reused buffers released as parseBinary does. */
function parseState(state: ParseState): unknown {
  let value: unknown;
  try {
    value = parseDocument(state);
  } catch (error) {
    if (error !== PARSE_FAILED) throw error;
    value = PARSE_FAILED;
  }
  releaseScratch(value === PARSE_FAILED);
  return value;
}

describe('large string-heavy subtrees go to the engine JSON.parse, with the same values', () => {
  it('is on in this engine (V8, JSON.parse built in)', () => {
    expect(PLANS_LARGE_SUBTREES).toBe(true);
  });

  it('chooses the outermost maps of prose within the limits, and the parse uses each of them', () => {
    const small = proseMap(1);
    const text = `{"a":${small},"b":[1,2,3],"c":${proseMap(12)},"d":{"e":${proseMap(8)}}}`;
    expect(text.length).toBeGreaterThan(SMALL.maxSubtreeBytes);
    const { chosen, value, used, planned } = planAndParse(text);
    expect(chosen).toEqual([proseMap(12), `{"e":${proseMap(8)}}`]);
    expect(used).toBe(planned);
    expect(value).toEqual(JSON.parse(text));
  });

  it('leaves subtrees past maxSubtreeBytes to the parser, and takes the largest inside them', () => {
    const inner = proseMap(12);
    const text = `[${inner},${inner},${inner}]`;
    expect(text.length).toBeGreaterThan(SMALL.maxSubtreeBytes);
    const { chosen, value } = planAndParse(text);
    expect(chosen).toEqual([inner, inner, inner]);
    expect(value).toEqual(JSON.parse(text));
  });

  it('refuses numbers, short strings and records: shapes the parser builds faster', () => {
    const numbers = `[${Array.from({ length: 300 }, (_, index) => index * 1.5).join(',')}]`;
    const shortStrings = JSON.stringify(Array.from({ length: 100 }, (_, index) => `s${index}`));
    const records = JSON.stringify(Array.from({ length: 20 }, (_, index) => ({ id: index, name: `n${index}`, ok: true })));
    for (const text of [numbers, shortStrings, records]) expect(planAndParse(text).planned).toBe(0);
  });

  it('stops for good after a stretch of another shape, keeping what it chose before', () => {
    const text = `[${proseMap(12)},[${Array.from({ length: 400 }, (_, index) => index).join(',')}],${proseMap(12)}]`;
    const { chosen, value } = planAndParse(text);
    expect(chosen).toEqual([proseMap(12)]);
    expect(value).toEqual(JSON.parse(text));
  });

  it('stops after the first stretch of a long flat map of short members, which it would not cut', () => {
    // Members of about 120 bytes, then a map of prose the plan would take whole.
    const members = proseMap(30).slice(1, -1);
    const text = `{${members},"nested":${proseMap(3)}}`;
    const limits = { ...SMALL, minRunMemberBytes: 200 };
    expect(planAndParse(text, { ...SMALL, minRunMemberBytes: 0 }).chosen).toEqual([proseMap(3)]);
    const { planned, value } = planAndParse(text, limits);
    expect(planned).toBe(0);
    expect(value).toEqual(JSON.parse(text));
    // Not when a container opened in the first stretch, when the map is short enough to be one
    // subtree, or when its members are long enough to go in runs.
    expect(planAndParse(`{"first":${proseMap(3)},${members}}`, limits).chosen).toEqual([proseMap(3)]);
    const short = `{${proseMap(10).slice(1, -1)},"nested":${proseMap(3)}}`;
    expect(planAndParse(short, limits).chosen).toEqual([short]);
    expect(planAndParse(text, { ...limits, minRunMemberBytes: 50 }).chosen).toEqual([proseMap(3)]);
  });

  it('plans nothing for bad input at its start, and stops at the first byte JSON has nowhere outside strings', () => {
    for (const start of ['x', '}', '"', '1', 'tru']) expect(planAndParse(`${start}[${proseMap(12)}]`).planned).toBe(0);
    expect(planAndParse(` \n [${proseMap(12)}]`).planned).toBe(2);
    for (const garbage of ['x', '<html>', '@', 'NaN']) {
      const text = `[${proseMap(12)},${garbage},${proseMap(12)}]`;
      const inner = `${proseMap(12)}`;
      const { chosen, value } = planAndParse(text, { ...SMALL, maxSubtreeBytes: 1200 });
      expect(chosen).toEqual([inner]);
      expect(value).toBe(PARSE_FAILED);
    }
  });

  it('refuses a subtree holding an escaped key where the engine gives some wrong, but not escaped values', () => {
    const escapedKey = proseMap(12, (index) => (index === 7 ? 'line\\nbreak' : `name_${index}`));
    const escapedKeyText = `{"k":${escapedKey}}`;
    withEscapedKeysRight(false, () => {
      const { planned, value } = planAndParse(escapedKeyText);
      expect(planned).toBe(0);
      expect(value).toEqual(JSON.parse(escapedKeyText));
      const escapedValue = proseMap(12).replace('Line 3', 'Line \\"3\\" \\u00e9\\n');
      expect(planAndParse(`[${escapedValue}]`).chosen).toEqual([`[${escapedValue}]`]);
    });
    // Where the engine gives them right (V8 12.4, Chromium 156), the escaped key is no obstacle.
    withEscapedKeysRight(true, () => {
      const { chosen, value } = planAndParse(escapedKeyText);
      expect(chosen).toEqual([escapedKeyText]);
      expect(Object.keys((value as { k: object }).k)[7]).toBe('line\\nbreak');
    });
  });

  it('refuses __proto__ and constructor keys when protoAction or constructorAction guard them', () => {
    const guarded = proseMap(12, (index) => (index === 4 ? '__proto__' : index === 5 ? 'constructor' : `name_${index}`));
    const text = `[${guarded}]`;
    expect(planAndParse(text, SMALL, 'ignore').chosen).toEqual([text]);
    expect(planAndParse(text, SMALL, 'error').planned).toBe(0);
    const ignored = planAndParse(text, SMALL, 'ignore').value as Record<string, unknown>[];
    expect(Object.getOwnPropertyNames(ignored[0])).toContain('__proto__');
    // As a value, not a key, __proto__ guards nothing.
    expect(planAndParse(`[${proseMap(12).replace('Line 2', '__proto__')}]`, SMALL, 'error').planned).toBe(2);
  });

  it('refuses keys with escapes when keys are guarded, even where the engine reads them right', () => {
    withEscapedKeysRight(true, () => {
      const text = `[${proseMap(12, (index) => (index === 4 ? 'key-4' : `name_${index}`)).replace('"key-4"', '"\\u005f_proto__"')}]`;
      expect(planAndParse(text, SMALL, 'ignore').chosen).toEqual([text]);
      expect(planAndParse(text, SMALL, 'error').planned).toBe(0);
      expect(planAndParse(text, SMALL, 'error').value).toBe(PARSE_FAILED);
    });
  });

  it('a chosen subtree that JSON.parse refuses is read by the parser, which fails at its byte', () => {
    for (const damage of [':', ',,', '"', '\u0001', 'tru', ']']) {
      const broken = proseMap(12).replace('"name_6":', `"name_6"${damage}:`);
      const text = `[${broken}]`;
      const { planned, value, state } = planAndParse(text);
      // A stray quote turns strings inside out, and a control byte outside strings stops the plan:
      // either may leave nothing chosen.
      if (damage !== '"' && damage !== '\u0001') expect(planned).toBe(2);
      expect(value).toBe(PARSE_FAILED);
      const unplanned = new ParseState(toInputBytes(utf8(text), 'test'), false, 512, 'ignore', 'ignore');
      expect(parseState(unplanned)).toBe(PARSE_FAILED);
      expect(state.failure).toEqual(unplanned.failure);
    }
  });

  it('follows no deeper than maxDepth: deeper input is left to the parser, which fails there', () => {
    const deep = `[${proseMap(12).replace('"name_3":', '"name_3":[[[[1]]]],"x":')}]`;
    expect(planAndParse(deep, SMALL, 'ignore', 5).planned).toBe(0);
    expect(planAndParse(deep, SMALL, 'ignore', 6).planned).toBe(2);
    const result = parseBinary(utf8(deep), { maxDepth: 5 });
    expect(!result.ok && result.code).toBe('MAX_DEPTH');
  });

  it('non-ASCII text and invalid UTF-8 come out as TextDecoder gives them', () => {
    const cyrillic = proseMap(12, (index) => `ключ_${index}`).replace(/Line/g, 'Строка 行');
    const { chosen, value } = planAndParse(`[${cyrillic}]`);
    expect(chosen).toEqual([`[${cyrillic}]`]);
    expect(value).toEqual(JSON.parse(`[${cyrillic}]`));
    const bytes = utf8(`[${proseMap(12)}]`);
    const at = bytes.indexOf(0x4c, 100);
    bytes[at] = 0xff;
    const state = new ParseState(toInputBytes(bytes, 'test'), false, 512, 'ignore', 'ignore');
    planLargeSubtrees(state, SMALL);
    expect(state.subtrees?.length).toBe(2);
    expect(parseState(state)).toEqual(JSON.parse(new TextDecoder().decode(bytes)));
  });

  it('is off for fatal, shared memory, and inputs under minInputBytes', () => {
    const bytes = utf8(`[${proseMap(12)}]`);
    const fatal = new ParseState(toInputBytes(bytes, 'test'), true, 512, 'ignore', 'ignore');
    planLargeSubtrees(fatal, SMALL);
    expect(fatal.subtrees).toBeUndefined();
    const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
    shared.set(bytes);
    const sharedState = new ParseState(toInputBytes(shared, 'test'), false, 512, 'ignore', 'ignore');
    planLargeSubtrees(sharedState, SMALL);
    expect(sharedState.subtrees).toBeUndefined();
    const short = new ParseState(toInputBytes(bytes, 'test'), false, 512, 'ignore', 'ignore');
    planLargeSubtrees(short, { ...SMALL, minInputBytes: bytes.length + 1 });
    expect(short.subtrees).toBeUndefined();
  });
});

describe('large subtrees through parseBinary, at the real limits', () => {
  /** A map of about `bytes` bytes of names to prose. */
  const bigMap = (bytes: number, key?: (index: number) => string) => proseMap(Math.ceil(bytes / 110), key);

  it('a document of maps past minInputBytes agrees with JSON.parse, in every option', () => {
    const text = `{"a":${bigMap(300_000)},"b":[${bigMap(200_000)},1,"x"],"c":${bigMap(700_000)}}`;
    expect(text.length).toBeGreaterThan(SUBTREE_PLAN_LIMITS.minInputBytes);
    const bytes = utf8(text);
    expectAgreement(bytes);
    expectAgreement(bytes, { protoAction: 'error' });
    expectAgreement(bytes, { fatal: true });
    // The value holds no slices: every string is its own.
    const result = parseBinary(bytes);
    expect(result.ok && (result.value as { c: Record<string, string> }).c.name_5).toBe(prose(5));
  });

  it('bad input deep inside a chosen subtree fails where it fails without the plan', () => {
    const text = `[${bigMap(400_000)},${bigMap(800_000)}]`;
    const cut = text.indexOf('"name_900":', text.length >> 1);
    const broken = utf8(`${text.slice(0, cut)}"name_900" "x",${text.slice(cut)}`);
    const result = parseBinary(broken);
    expect(result.ok).toBe(false);
    const unplanned = parseBinary(broken, { fatal: true });
    expect(!result.ok && !unplanned.ok && result.position).toBe(!unplanned.ok && unplanned.position);
    expectAgreement(broken);
  });

  it('a guarded key inside a large map still fails with FORBIDDEN_KEY', () => {
    const text = `{"m":${bigMap(1_200_000, (index) => (index === 5000 ? '__proto__' : `name_${index}`))}}`;
    const result = parseBinary(utf8(text), { protoAction: 'error' });
    expect(!result.ok && result.code).toBe('FORBIDDEN_KEY');
  });
});

describe('arrays and objects past maxSubtreeBytes, read in runs of their elements or members', () => {
  const element = (index: number) => ({ text: `${prose(index)}, with, commas`, tags: [prose(index + 1), 'commas, x,y, and brackets ],[ inside'] });
  const array = JSON.stringify(Array.from({ length: 30 }, (_, index) => element(index)));

  it("cuts a long array of prose at its own commas, not at those of its strings or nested arrays", () => {
    const text = `{"a":1,"data":${array},"z":[${proseMap(2)}]}`;
    const { chosen, runs, value, used, planned } = planAndParse(text, SMALL_RUNS);
    expect(chosen).toEqual([array]);
    const ends = runs[0];
    expect(ends.length).toBeGreaterThan(5);
    let from = text.indexOf(array) + 1;
    for (const end of ends) {
      const last = end === ends[ends.length - 1];
      // Each run is a list of whole elements, so the byte after it is the array's comma or its end.
      const run = text.slice(from, last ? end - 1 : end);
      expect(() => JSON.parse(`[${run}]`)).not.toThrow();
      expect(end - from).toBeLessThanOrEqual(SMALL_RUNS.maxSubtreeBytes);
      from = end + 1;
    }
    expect(used).toBe(planned);
    expect(value).toEqual(JSON.parse(text));
  });

  it('leaves a container to the parser when a run would pass maxSubtreeBytes, and takes the containers inside it', () => {
    const small = proseMap(3);
    const tooLarge = proseMap(20);
    expect(tooLarge.length).toBeGreaterThan(SMALL.maxSubtreeBytes);
    const inRuns = planAndParse(`[${Array(6).fill(small).join(',')}]`, SMALL_RUNS);
    expect(inRuns.runs).toHaveLength(1);
    const around = planAndParse(`[${small},${tooLarge},${small}]`, SMALL_RUNS);
    expect(around.chosen).toEqual([small, tooLarge, small]);
    expect(around.runs).toHaveLength(1);
    const inner = `[${proseMap(14)},${proseMap(14)}]`;
    const text = `[${small},${inner},${small}]`;
    const { chosen, runs, value } = planAndParse(text, SMALL_RUNS);
    expect(chosen).toEqual([small, inner, small]);
    expect(runs).toHaveLength(1);
    expect(value).toEqual(JSON.parse(text));
  });

  it('fails at the same byte as without a plan when a run is wrong', () => {
    for (const broken of [array.replace('"tags":', '"tags"'), array.replace(',"commas', ',,"commas'), `${array.slice(0, -1)},]`, array.replace('],[ inside"', '],[ inside')]) {
      const text = `{"data":${broken}}`;
      const { value, state } = planAndParse(text, SMALL_RUNS);
      expect(text, broken.slice(0, 80)).not.toBe(`{"data":${array}}`);
      const unplanned = new ParseState(toInputBytes(utf8(text), 'test'), false, 512, 'ignore', 'ignore');
      expect(value, broken.slice(-200)).toBe(PARSE_FAILED);
      expect(parseState(unplanned)).toBe(PARSE_FAILED);
      expect(state.failure).toEqual(unplanned.failure);
    }
  });

  it('reads a long map in runs of its members, with the key order and values of JSON.parse', () => {
    const members = Array.from({ length: 40 }, (_, index) => `${JSON.stringify(index % 9 === 0 ? 'again' : index % 4 === 0 ? String(50 - index) : `name_${index}`)}:${JSON.stringify(prose(index))}`);
    const map = `{${members.join(',')}}`;
    const text = `{"meta":{"v":1},"map":${map}}`;
    const { chosen, runs, value } = planAndParse(text, SMALL_RUNS);
    expect(chosen).toEqual([map]);
    expect(runs[0].length).toBeGreaterThan(5);
    expect(value).toEqual(JSON.parse(text));
    expect(Object.keys((value as { map: object }).map)).toEqual(Object.keys(JSON.parse(map)));
    // Members shorter than minRunMemberBytes on average: joined member by member, they cost more.
    expect(planAndParse(text, { ...SMALL_RUNS, minRunMemberBytes: 200 }).runs).toHaveLength(0);
  });

  it('refuses containers that hold a guarded or, where the engine is wrong, an escaped key', () => {
    const withKey = (key: string) => `[${array.slice(1, -1)},{${JSON.stringify(key)}:1},${array.slice(1)}`;
    expect(planAndParse(withKey('__proto__'), SMALL_RUNS, 'error').runs).toHaveLength(0);
    withEscapedKeysRight(false, () => expect(planAndParse(withKey('a\nb'), SMALL_RUNS).runs).toHaveLength(0));
    withEscapedKeysRight(true, () => expect(planAndParse(withKey('a\nb'), SMALL_RUNS).runs).toHaveLength(1));
  });
});

describe('large subtrees: property', () => {
  it('any document of prose maps, records and numbers agrees with JSON.parse under small limits', () => {
    const key = fc.oneof(fc.string({ minLength: 1, maxLength: 40 }), fc.constantFrom('__proto__', 'constructor', 'a\nb', 'é'));
    const longText = fc.oneof(fc.string({ minLength: 30, maxLength: 120 }), fc.string({ unit: 'binary', minLength: 30, maxLength: 120 }));
    const leaf = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(true, null, 'x'));
    const tree = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        { arbitrary: longText, weight: 6 },
        { arbitrary: leaf, weight: 1 },
        { arbitrary: fc.array(tie('node'), { maxLength: 10 }), weight: 2 },
        { arbitrary: fc.dictionary(key, tie('node'), { maxKeys: 12 }), weight: 3 },
      ),
    })).node;
    const document = fc.dictionary(key, tree, { minKeys: 1, maxKeys: 12 });
    let routed = 0;
    let inRunsCount = 0;
    fc.assert(
      fc.property(document, fc.constantFrom<KeyAction>('ignore', 'error', 'remove'), (value, protoAction) => {
        const text = JSON.stringify(value);
        const expected = parseBinaryUnplanned(text, protoAction);
        const { value: actual, used } = planAndParse(text, SMALL, protoAction);
        expect(actual).toEqual(expected);
        if (used > 0) routed++;
        const { value: inRuns, runs } = planAndParse(text, SMALL_RUNS, protoAction);
        expect(inRuns).toEqual(expected);
        if (runs.length > 0) inRunsCount++;
      }),
      { numRuns: 200 },
    );
    // The documents are such that the route is taken often, not only in principle.
    expect(routed).toBeGreaterThan(20);
    expect(inRunsCount).toBeGreaterThan(5);
  });
});

/** The parse of `text` with no plan, for comparison. */
function parseBinaryUnplanned(text: string, protoAction: KeyAction): unknown {
  return parseState(new ParseState(toInputBytes(utf8(text), 'test'), false, 512, protoAction, 'ignore'));
}
