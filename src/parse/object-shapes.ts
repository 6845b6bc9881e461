/**
 * Object shapes: the sequences of keys that objects in documents have, kept in a tree across parses
 * (every object starts at the root and each key moves it one edge down).
 *
 * Setting properties one at a time costs a hidden-class transition and a reallocation of the
 * property storage per property; an object literal with the same keys is created in one step with
 * its final layout. So a shape met often enough gets a factory, compiled from its keys, that builds
 * the whole object from the parsed values at once: about 30 ns for 40 properties where one at a time
 * took over 1,000 ns on V8.
 *
 * Keys enter the factory's source only through JSON.stringify, which yields a valid, inert string
 * literal for any string. A shape holding "__proto__" never gets one: in a literal that key would
 * set the prototype. Where the environment forbids `new Function` (a strict Content Security Policy,
 * some edge runtimes), objects are always built one property at a time. The browser build never
 * generates code at all: under `script-src 'self'` even the probe below would fire a CSP violation
 * report, and no page can learn beforehand whether it would.
 */

import { BROWSER_BUILD } from '../platform/browser-build.js';
import type { WordReader } from './input-view.js';

/** Builds an object from `values[start]`, `values[start + 1]`, ... in the shape's key order. */
type Factory = (values: unknown[], start: number) => Record<string, unknown>;

/**
 * Key bytes held in a shape's own fields, in two 32-bit words. Not in the browser build (its
 * bundle has no room under the 10 KB cap), where the key store holds every plain key whole.
 */
export const KEY_HEAD_LENGTH = BROWSER_BUILD ? 0 : 8;

export class Shape {
  /**
   * The key's length in bytes when they are all plain ASCII (no quote, backslash or control byte),
   * so that input bytes equal to them and followed by a quote can only spell this key; else 0 (the
   * empty key is not plain either).
   * This and the head fields below are what a guess reads: the shapes of a document are scattered
   * over the heap, and each further object read there (a byte array of the key, its bytes, the key
   * string) was a cache miss (perf annotate of readPropertyName, bench/NOTES.md round 8).
   */
  readonly keyLength: number;
  /**
   * The key's first KEY_HEAD_LENGTH bytes, four a word, the first byte lowest, and masks of the
   * bytes they hold (a shorter key holds fewer). Not in the browser build (declared, so that it
   * leaves them out: its bundle has no room under the 10 KB cap).
   */
  declare readonly head0: number;
  declare readonly head1: number;
  declare readonly mask0: number;
  declare readonly mask1: number;
  /**
   * The rest of a plain key longer than KEY_HEAD_LENGTH, compared a word at a time: `tailWord` is
   * its last four bytes (which may overlap the head), and `keyWords[keyWordOffset...]` hold its bytes
   * from KEY_HEAD_LENGTH on, four a word, as far as the last four do not reach (none for keys of up
   * to 12 bytes). A store shared with the shapes made before and after this one: a byte array per key
   * was two more cache misses per guess (the array, then its bytes), and in a shared store the keys
   * of a map's shapes, made one after another, lie one after another too. Word compares against
   * byte compares: bench/NOTES.md round 18. The browser build holds the key's bytes alone in
   * `keyStore` (its bundle has no room for the words).
   */
  declare readonly tailWord: number;
  declare readonly keyWords: Uint32Array | undefined;
  declare readonly keyWordOffset: number;
  readonly keyStore: Uint8Array | undefined;
  /** The key whose edge leads here from the parent. */
  readonly key: string;
  /** The child reached last, checked first: consecutive objects tend to share their shape. */
  lastChild: Shape | undefined = undefined;
  lastKey: string | undefined = undefined;
  readonly parent: Shape | undefined;
  /** How many keys lead here from the root. */
  readonly size: number;
  /**
   * Every child by its key, once there are two: a shape with one child finds it as `lastChild`.
   * Most shapes have one child (the chains of records and of maps' first keys), and a Map for it
   * took 182 of a shape's 311 bytes (16,384 shapes in chains, Node 24; bench/NOTES.md round 11).
   * The browser build makes the Map with the first child.
   */
  children: Map<string, Shape> | undefined = undefined;
  /** Objects built with this shape since it was created. */
  uses = 0;
  factory: Factory | undefined = undefined;

  constructor(key: string, parent: Shape | undefined) {
    const length = plainKeyLength(key);
    this.keyLength = length;
    if (!BROWSER_BUILD) {
      // From the key's codes, no byte array: map-like objects make shapes in every parse
      // (aws-iam-actions), and three arrays per shape made it 5 to 20 % slower on Node 26.
      let head0 = 0;
      let head1 = 0;
      let mask0 = 0;
      let mask1 = 0;
      for (let index = 0; index < Math.min(length, KEY_HEAD_LENGTH); index++) {
        const shift = (index & 3) * 8;
        if (index < 4) {
          head0 |= key.charCodeAt(index) << shift;
          mask0 |= 0xff << shift;
        } else {
          head1 |= key.charCodeAt(index) << shift;
          mask1 |= 0xff << shift;
        }
      }
      this.head0 = head0;
      this.head1 = head1;
      this.mask0 = mask0;
      this.mask1 = mask1;
    }
    // The browser build keeps a plain key's bytes alone: compared as the key string's codes, its
    // guess was 6 % slower on twitter and citm_catalog in Chromium.
    if (BROWSER_BUILD) this.keyStore = length > 0 ? plainKeyBytes(key, length) : undefined;
    else {
      // Set for every shape, so that all shapes share one hidden class.
      const long = length > KEY_HEAD_LENGTH;
      this.tailWord = long ? codesWord(key, length - 4) : 0;
      this.keyWords = long ? storeKeyWords(key, length) : undefined;
      this.keyWordOffset = long ? keyWordsUsed - tailWordCount(length) : 0;
    }
    this.key = key;
    this.parent = parent;
    this.size = parent === undefined ? 0 : parent.size + 1;
  }
}

/**
 * Whether the 8 bytes of `view` at `from` start with `shape`'s key head (its first KEY_HEAD_LENGTH
 * bytes; the masks leave out what lies past a shorter key). Not in the browser build (no heads).
 */
export function spellsHead(view: WordReader, from: number, shape: Shape): boolean {
  return (view.getInt32(from, true) & shape.mask0) === shape.head0 && (view.getInt32(from + 4, true) & shape.mask1) === shape.head1;
}

/**
 * The bytes of the plain ASCII key `key`, in an array of its own (browser build). Copied from its
 * codes: Chromium's TextEncoder.encode costs about 850 ns a call against 55 for this loop, and
 * aws-iam-actions makes 3,170 shapes a parse (bench/NOTES.md, round 11, chromium).
 */
function plainKeyBytes(key: string, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let index = 0; index < length; index++) bytes[index] = key.charCodeAt(index);
  return bytes;
}

/** The four codes of `key` from `at` as one int32, the first lowest, as readPropertyName reads the input (little-endian `getInt32`). */
function codesWord(key: string, at: number): number {
  return key.charCodeAt(at) | (key.charCodeAt(at + 1) << 8) | (key.charCodeAt(at + 2) << 16) | (key.charCodeAt(at + 3) << 24);
}

/** Words a key of `length` bytes (more than KEY_HEAD_LENGTH) keeps in the store: see Shape.keyWords. */
function tailWordCount(length: number): number {
  return length > KEY_HEAD_LENGTH + 4 ? (length - KEY_HEAD_LENGTH - 1) >> 2 : 0;
}

/** Words of the key store that a new one gets; a key fits in any (MAX_SHAPE_KEY_LENGTH). */
const KEY_STORE_WORDS = 4 * 1024;
let keyWordStore = new Uint32Array(BROWSER_BUILD ? 0 : KEY_STORE_WORDS);
let keyWordsUsed = 0;

/**
 * Copies the words of the plain key `key` (see Shape.keyWords) into the current store, starting a
 * new one when it is full (the old one lives on while its shapes do), and returns the store; the
 * words end at `keyWordsUsed`.
 */
function storeKeyWords(key: string, length: number): Uint32Array {
  const count = tailWordCount(length);
  if (keyWordsUsed + count > KEY_STORE_WORDS) {
    keyWordStore = new Uint32Array(KEY_STORE_WORDS);
    keyWordsUsed = 0;
  }
  for (let index = 0; index < count; index++) keyWordStore[keyWordsUsed + index] = codesWord(key, KEY_HEAD_LENGTH + 4 * index);
  keyWordsUsed += count;
  return keyWordStore;
}

/** The length of a key made only of printable ASCII other than quote and backslash, else 0. */
function plainKeyLength(key: string): number {
  if (key.length > MAX_SHAPE_KEY_LENGTH) return 0;
  for (let index = 0; index < key.length; index++) {
    const code = key.charCodeAt(index);
    if (code < 0x20 || code > 0x7e || code === 0x22 || code === 0x5c) return 0;
  }
  return key.length;
}

/**
 * Objects wider than this get no shape: they are rare, and would make the tree deep. 128 outside the
 * browser build: JSON.parse gives objects of up to 127 keys fast properties (a dictionary from 128,
 * Node 24 and 26), and an object built by a factory has them too, where past MAX_SHAPE_SIZE it is a
 * dictionary (map-objects.ts). aws-managed-policies@7680 (77 keys) 0.77 / 0.75 of the time against 64
 * in fresh processes (bench/NOTES.md round 11). The browser build, with no factories, stays at 64.
 */
const MAX_SHAPE_SIZE = BROWSER_BUILD ? 64 : 128;
/**
 * Objects with a longer key get no shape: the tree keeps its keys alive across parses, and must
 * not be a way to pin memory (16,384 shapes of 1 MB keys would be 16 GB).
 */
const MAX_SHAPE_KEY_LENGTH = 256;
/** A shape is compiled on its fifth use: one-off shapes never pay for compilation. */
const USES_BEFORE_FACTORY = 4;
/**
 * Loop turns, per key, of the factory's warm-up call. V8 gives a function its feedback vector only
 * once it has run bytecode worth about eight times its length, and until then each object literal
 * it makes is built by the runtime, about ten times slower than storing properties one at a time.
 * A factory met once a parse (a map's shape) stayed that slow for 8 parses; the warm-up loop spends
 * that budget at once, for a few microseconds, and the factory is fast from its third object. 12
 * turns a key was the least that did it for shapes of 5, 50 and 120 keys on Node 22, 24 and 26
 * (bench/NOTES.md round 19). Other engines only run the loop.
 */
const FEEDBACK_BUDGET_PER_KEY = 12;
const NO_VALUES: unknown[] = [];
/** How far a {@link ShapeTree} may grow. Tests build small trees to reach each limit. */
export interface ShapeTreeLimits {
  /** Past this many shapes or factories the tree starts afresh, so odd documents cannot grow it. */
  maxShapes: number;
  maxFactories: number;
  /**
   * Children a shape other than the root may have: the keys that follow one key in records are few
   * (optional fields branch), so a shape reached by many different keys is where the keys of maps
   * begin. The root holds the first key of every kind of object in every document, so it has no
   * such limit: a full root would refuse the records of the next document (twitter and
   * citm_catalog 1.5 times slower after the realworld files had filled 256 root children;
   * bench/NOTES.md, round 5).
   */
  maxChildren: number;
  /**
   * An object whose keys made this many new shapes in a row is taken for a map (its keys are data)
   * and its further keys make none. A new kind of record pays too: it enters the tree this many
   * keys per object met, so its factory comes a few objects later.
   */
  freshKeysBeforeMap: number;
}

export const DEFAULT_SHAPE_TREE_LIMITS: Readonly<ShapeTreeLimits> = {
  // aws-iam-actions' maps settle at 16,951 shapes: under 16,384 the tree started afresh every 7
  // parses or so; 32,768 (at 129 bytes a shape, 4 MB at most, what 16,384 took before lone
  // children went without a Map) holds them: 0.79 / 0.76 of the time in fresh processes
  // (bench/NOTES.md round 11, `ab.sh 24|26 base new aws-iam-actions.json 3 4`). The browser build,
  // whose shapes keep their Maps, stays at 16,384.
  maxShapes: BROWSER_BUILD ? 16_384 : 32_768,
  maxFactories: 1_024,
  maxChildren: 32,
  freshKeysBeforeMap: 8,
};

/** Depths below this remember how their last object started. */
const GUESSED_DEPTHS = 64;

/** Stands for every object wider than MAX_SHAPE_SIZE: it has no children and never a factory. */
export const WIDE = new Shape('', undefined);

const canCompile = !BROWSER_BUILD && probeCompilation();

/** Whether this environment lets `new Function` compile a factory (a CSP or edge runtime may not). */
function probeCompilation(): boolean {
  try {
    return (new Function('v', 's', 'return {"k":v[s]}') as Factory)([1], 0).k === 1;
  } catch {
    return false;
  }
}

/** The shapes met across parses, with their factories, within limits. */
export class ShapeTree {
  readonly maxShapes: number;
  readonly maxFactories: number;
  readonly maxChildren: number;
  readonly freshKeysBeforeMap: number;
  /** Where every object starts. */
  root = new Shape('', undefined);
  shapeCount = 0;
  factoryCount = 0;
  /** Whether the last nextShape call made a new shape; read and reset by the caller. */
  grown = false;
  /**
   * The shape after the first key of the last object opened at each depth. Objects at one depth
   * mostly start alike (the records of a list, the addresses in them), while the root's last child
   * alternates between them.
   */
  // Made by Array.from, which defines every slot: no read of it meets a hole (own-slots.ts).
  private readonly firstShapes: Array<Shape | undefined> = Array.from({ length: GUESSED_DEPTHS }, () => undefined);

  constructor(limits: Partial<ShapeTreeLimits> = {}) {
    const chosen = { ...DEFAULT_SHAPE_TREE_LIMITS, ...limits };
    this.maxShapes = chosen.maxShapes;
    this.maxFactories = chosen.maxFactories;
    this.maxChildren = chosen.maxChildren;
    this.freshKeysBeforeMap = chosen.freshKeysBeforeMap;
  }

  /** The likeliest shape after the first key of an object opened at `depth` (0 for the outermost). */
  firstShapeGuess(depth: number): Shape | undefined {
    return (depth < GUESSED_DEPTHS ? this.firstShapes[depth] : undefined) ?? this.root.lastChild;
  }

  /**
   * Records `shape` as how the object just opened at `depth` started. Only a child of the current
   * root is kept: reading that first key may have started the tree afresh, and a shape of the old
   * tree kept here would keep the whole old tree alive.
   */
  rememberFirstShape(depth: number, shape: Shape): void {
    if (depth < GUESSED_DEPTHS && shape.parent === this.root) this.firstShapes[depth] = shape;
  }

  /**
   * The shape after `key` is added to an object of shape `shape`. A key the tree has not seen there
   * makes a new shape only when `mayGrow` and `shape` has room for another child; else the object
   * goes on as WIDE. Map-like objects, whose keys are data, would otherwise add a shape per key and
   * key position, and start the tree afresh (dropping every factory) in each parse.
   */
  nextShape(shape: Shape, key: string, mayGrow: boolean): Shape {
    if (shape.lastKey === key) return shape.lastChild!;
    if (shape === WIDE || shape.size >= MAX_SHAPE_SIZE || key.length > MAX_SHAPE_KEY_LENGTH) return WIDE;
    let child = shape.children?.get(key);
    if (child === undefined) {
      const childCount = shape.children?.size ?? (BROWSER_BUILD || shape.lastChild === undefined ? 0 : 1);
      if (!mayGrow || (shape !== this.root && childCount >= this.maxChildren)) return WIDE;
      if (++this.shapeCount > this.maxShapes) this.forget();
      child = new Shape(key, shape);
      // The only child so far is `lastChild`; the Map begins with the second. The browser build
      // makes it with the first (its bundle has no room for this).
      if (BROWSER_BUILD || shape.children !== undefined) (shape.children ??= new Map()).set(key, child);
      else if (shape.lastChild !== undefined) shape.children = new Map([[shape.lastKey!, shape.lastChild], [key, child]]);
      this.grown = true;
    }
    shape.lastKey = key;
    shape.lastChild = child;
    return child;
  }

  /**
   * The compiled factory for `shape` once it has been used often enough, else undefined (and the
   * caller builds the object one property at a time).
   */
  factoryFor(shape: Shape): Factory | undefined {
    if (shape.factory !== undefined) return shape.factory;
    if (BROWSER_BUILD || shape === WIDE || !canCompile || ++shape.uses <= USES_BEFORE_FACTORY) return undefined;
    // The source is built as a string, last key first: no array, so no store a prototype could catch.
    let properties = '';
    for (let step: Shape = shape; step.parent !== undefined; step = step.parent) {
      if (step.key === '__proto__') {
        shape.uses = -Infinity;
        return undefined;
      }
      const property = `${JSON.stringify(step.key)}:v[s+${step.size - 1}]`;
      properties = properties === '' ? property : `${property},${properties}`;
    }
    if (++this.factoryCount > this.maxFactories) this.forget();
    // Called once with a negative `s`, the factory only loops (see FEEDBACK_BUDGET_PER_KEY).
    const factory = new Function('v', 's', `if(s<0){while(++s<0);return}return {${properties}}`) as Factory;
    factory(NO_VALUES, -FEEDBACK_BUDGET_PER_KEY * shape.size);
    shape.factory = factory;
    return factory;
  }

  /** Drops the whole tree; shapes still held by a parse in progress keep working on their own. */
  private forget(): void {
    this.root = new Shape('', undefined);
    this.firstShapes.fill(undefined);
    this.shapeCount = 0;
    this.factoryCount = 0;
  }
}

/** The tree every parse uses unless it is given another (tests give small ones). */
export const sharedShapeTree = new ShapeTree();
