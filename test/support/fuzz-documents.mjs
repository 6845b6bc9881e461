// The documents of the cross-parse fuzz campaign (test/parse/cross-parse-fuzz.smoke.mjs), as
// bytes. The parser keeps state from one parse to the next: a shape tree of key sequences, a key
// cache, tables of recurring short values, map-like object detection, integer-like keys, a kept
// copy of short inputs. So the documents are not independent: keys, key sequences, short values
// and whole maps come from pools that grow and change as the campaign goes, and later documents
// repeat, extend and slightly alter what earlier ones taught the parser. Every choice comes from
// one `next()`, so a seed replays the whole campaign.

// A string is written from tokens: a code point (lone surrogates included) when >= 0, and when
// < 0 the raw byte -1 - token, which is how ill-formed UTF-8 gets into keys and values.
const tokensOf = (text) => Array.from(text, (character) => character.codePointAt(0));
const rawBytes = (bytes) => bytes.map((byte) => -1 - byte);
const utf8Length = (token) => (token < 0x80 ? 1 : token < 0x800 ? 2 : token < 0x10000 ? 3 : 4);

const LETTERS = tokensOf('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_');
const PRINTABLE = tokensOf(' !#$%&\'()*+,-./:;<=>?@[]^`{|}~"\\abcXYZ019');
const TWO_BYTES = [0x80, 0xa0, 0xa9, 0xe9, 0xff, 0x100, 0x3b1, 0x430, 0x5d0, 0x7ff];
const THREE_BYTES = [0x800, 0x2028, 0x2029, 0x20ac, 0x3042, 0x65e5, 0xfeff, 0xfffd, 0xffff, 0xe000];
const FOUR_BYTES = [0x10000, 0x1f600, 0x1f4a9, 0x10ffff, 0x20000];
const LONE_SURROGATES = [0xd800, 0xdbff, 0xdc00, 0xdfff, 0xd83d, 0xde00];
const ILL_FORMED = [
  [0x80], [0xbf], [0xc0, 0x80], [0xc1, 0xbf], [0xc2], [0xe0, 0x80, 0x80], [0xe0, 0xa0], [0xed, 0xa0, 0x80],
  [0xf0, 0x80, 0x80, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xf5], [0xff], [0xf0, 0x9f, 0x98], [0xe2, 0x82], [0xc3],
];
// Letters of classes: a ASCII letters, p printable ASCII and escapes, c control characters,
// 2/3/4 characters of that many bytes, s lone surrogates, x ill-formed UTF-8. The first class of
// a profile is the usual one.
const PROFILES = ['a', 'a', 'a', 'ap', 'a2', 'a3', 'a4', '234', 'apc', 'as', 'ax', 'a2x', 'a234spcx'];
const SHORT_ESCAPES = { 0x08: 'b', 0x09: 't', 0x0a: 'n', 0x0c: 'f', 0x0d: 'r', 0x22: '"', 0x5c: '\\' };

// Keys with meaning to an engine or to the parser: prototype names, integer-like spellings
// (array indexes stop at 4294967294), near misses of them, empty and odd keys.
const SPECIAL_KEYS = [
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'length', 'then',
  '0', '1', '7', '01', '00', '-0', '-1', '1e3', '1.5', '10', '99', '123456789', '999999999', '1000000000',
  '4294967294', '4294967295', '4294967296', '9007199254740992', ' 1', '+1', '0x10', '', ' ', '\u0000', 'a\u0000b',
  'é', '日本', '😀', '\ud800', 'a\nb', 'a', 'id', 'name', 'type', 'value',
].map(tokensOf);
const COMMON_KEYS = [
  'id', 'name', 'type', 'value', 'createdAt', 'updated_at', 'user', 'userId', 'email', 'tags', 'a', 'b', 'ab', 'abc',
  'abcdefg', 'abcdefgh', 'abcdefghi', 'status', 'statusCode', 'x', 'y', 'lat', 'lng', 'children', 'parent', 'price',
];
// Lengths around the key cache's and the parser's boundaries: 8 bytes, 32, 256.
const KEY_LENGTHS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 16, 17, 23, 24, 25, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257];
const COMMON_VALUES = [
  'ok', 'error', 'active', 'pending', 'USD', 'en-US', 'é', 'ab', 'abc', 'abcd', 'abcdefghijkl', 'abcdefghijklm',
  'naïve', '日本語', '😀😀', 'a\nb', '\u0000\u0001', 'x"y', 'back\\slash',
];
const HARD_NUMBERS = [
  '0', '-0', '0.0', '-0.0', '0e0', '0E+5', '-0e-5', '9', '10', '999999999', '1000000000', '-1000000000', '2147483647',
  '2147483648', '-2147483649', '4294967295', '4294967296', '9007199254740991', '9007199254740992', '9007199254740993',
  '18446744073709551616', '1e308', '1.7976931348623157e308', '1.7976931348623159e308', '1e309', '-1e309', '5e-324',
  '2.4703282292062327e-324', '2.4703282292062328e-324', '2.2250738585072011e-308', '1e-400', '0.1', '0.3',
  '1.00000000000000011102230246251565404236316680908203125', '1.00000000000000011102230246251565404236316680908203126',
  '9007199254740992.5', '123456789012345678901234567890e-10', '7.038531e-26', '8.533e+68', '1e23', '8.98846567431158e307',
  '1000000000000000000000000e-24', '3.14159265358979323846264338327950288419716939937510', '1E1', '1e+1', '1.5E-0',
  '123.456e00000000000000000000001',
];
const BAD_TOKENS = [
  '01', '-', '1.', '.5', '1e', '+1', '0x1', '-01', 'NaN', '-Infinity', '1e1.5', 'tru', 'nul', 'True', 'nulll',
  '"\\x"', '"\\u12G4"', '"\\U0041"', '"\\ud800', '[1,]', '{"a":1,}', '{"a"}', '{,}', '{"a" 1}', '{1:2}', "'a'", '"a\tb"',
];
const WHITESPACE = [0x20, 0x09, 0x0a, 0x0d];
// Inputs under 1 KB (V8) and 16 KB (Bun) are copied into a kept buffer: pad across both.
const PADDED_LENGTHS = [1023, 1024, 1025, 16383, 16384, 16385];

/** Documents whose keys, shapes, values and maps evolve across the campaign; see the file comment. */
export class FuzzDocuments {
  #next;
  #bytes = [];
  #keys = COMMON_KEYS.map(tokensOf);
  #values = COMMON_VALUES.map(tokensOf);
  #shapes = [];
  #maps = [];
  // Per document: how often whitespace appears, how often a key is escaped, how many containers.
  #whitespaceChance = 0;
  #keyEscapeChance = 0;
  #budget = 0;

  /** @param {() => number} next the campaign's random source, in [0, 1) */
  constructor(next) {
    this.#next = next;
    for (let i = 0; i < 20; i++) this.#shapes.push(this.#newShape());
  }

  /** The next valid document (well, valid but for its ill-formed UTF-8), as bytes. */
  document() {
    this.#bytes = [];
    this.#whitespaceChance = this.#pick([0, 0, 0, 0.05, 0.3, 0.9]);
    this.#keyEscapeChance = this.#pick([0, 0, 0.02, 0.1, 0.5]);
    this.#budget = this.#pick([5, 20, 60, 200]);
    if (this.#chance(0.02)) this.#bytes.push(0xef, 0xbb, 0xbf);
    this.#whitespace();
    const root = this.#int(20);
    if (root < 6) this.#objectOfShape(0);
    else if (root < 9) this.#arrayOfOneShape();
    else if (root < 11) this.#mapObject(0);
    else if (root < 13) this.#integerKeyObject(0);
    else if (root < 14) this.#deepNesting();
    else if (root < 15) this.#array(0);
    else if (root < 17) this.#value(3);
    else this.#randomObject(0);
    this.#whitespace();
    if (this.#chance(0.03)) {
      const target = this.#pick(PADDED_LENGTHS);
      while (this.#bytes.length < target) this.#bytes.push(0x20);
    }
    return Uint8Array.from(this.#bytes);
  }

  /** `bytes` broken, usually: a flipped bit, a byte put in, taken out or replaced, a bad token. */
  corrupted(bytes) {
    const copy = Array.from(bytes);
    const at = this.#int(copy.length + 1);
    const last = Math.min(at, copy.length - 1);
    const structural = [0x7b, 0x7d, 0x5b, 0x5d, 0x2c, 0x3a, 0x22, 0x5c, 0x30, 0x2d, 0x2e, 0x65, 0x00, 0x0c, 0x1f, 0x7f, 0x80, 0xff, 0xc3, 0x20, 0x75];
    const how = copy.length === 0 ? 4 : this.#int(8);
    if (how === 0) copy[last] ^= 1 << this.#int(8);
    else if (how === 1) copy[last] = this.#pick(structural);
    else if (how === 2) copy.splice(at, 0, this.#pick(structural));
    else if (how === 3) copy.splice(last, 1);
    else if (how === 4) copy.splice(at, 0, ...new TextEncoder().encode(this.#pick(BAD_TOKENS)));
    else if (how === 5) copy.splice(last, 0, copy[last]);
    else if (how === 6) copy.unshift(...this.#pick([[0xef, 0xbb], [0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf], [0xfe, 0xff], [0x0c], [0xc2, 0xa0]]));
    else copy.push(...new TextEncoder().encode(this.#pick([',', ' x', '}', ']', ' 1', '\u0000', '{}', '"'])));
    return Uint8Array.from(copy);
  }

  #int(count) {
    return Math.floor(this.#next() * count);
  }

  #between(low, high) {
    return low + this.#int(high - low + 1);
  }

  #pick(list) {
    return list[this.#int(list.length)];
  }

  #chance(probability) {
    return this.#next() < probability;
  }

  /** Puts `item` in `pool`, replacing a random entry once the pool has `limit` entries. */
  #remember(pool, item, limit) {
    if (pool.length < limit) pool.push(item);
    else pool[this.#int(pool.length)] = item;
  }

  // ---- text ----

  #tokenOf(characterClass) {
    switch (characterClass) {
      case 'a': return [this.#pick(LETTERS)];
      case 'p': return [this.#pick(PRINTABLE)];
      case 'c': return [this.#int(0x20)];
      case '2': return [this.#chance(0.5) ? this.#pick(TWO_BYTES) : this.#between(0x80, 0x7ff)];
      case '3': {
        const code = this.#chance(0.5) ? this.#pick(THREE_BYTES) : this.#between(0x800, 0xffff);
        return [code >= 0xd800 && code <= 0xdfff ? 0xe000 : code];
      }
      case '4': return [this.#chance(0.5) ? this.#pick(FOUR_BYTES) : this.#between(0x10000, 0x10ffff)];
      case 's': return [this.#pick(LONE_SURROGATES)];
      default: return rawBytes(this.#pick(ILL_FORMED));
    }
  }

  /** Tokens of about `byteLength` UTF-8 bytes, mostly of the profile's first class. */
  #text(byteLength, profile = this.#pick(PROFILES)) {
    const tokens = [];
    let length = 0;
    while (length < byteLength) {
      const characterClass = this.#chance(0.7) ? profile[0] : this.#pick(profile);
      for (const token of this.#tokenOf(characterClass)) {
        tokens.push(token);
        length += token < 0 ? 1 : utf8Length(token);
      }
    }
    return tokens;
  }

  /**
   * A near miss of `tokens`: one character changed at the end, the middle, the start or anywhere
   * (a hash reads only some of a key's bytes), one more or less, a new tail.
   */
  #variantOf(tokens) {
    const variant = tokens.slice();
    const replacement = () => (this.#chance(0.8) ? this.#pick(LETTERS) : this.#tokenOf(this.#pick('234psx'))[0]);
    if (variant.length === 0) return [replacement()];
    switch (this.#int(9)) {
      case 0: case 1: variant[variant.length - 1] = replacement(); break;
      case 7: variant[this.#int(variant.length)] = replacement(); break;
      case 2: case 3: variant[variant.length >> 1] = replacement(); break;
      case 4: variant[0] = replacement(); break;
      case 5: variant.push(replacement()); break;
      case 6: variant.pop(); break;
      default: variant.length = this.#int(variant.length + 1); variant.push(...this.#text(this.#between(1, 12), 'a'));
    }
    return variant;
  }

  // ---- bytes ----

  #ascii(text) {
    for (let i = 0; i < text.length; i++) this.#bytes.push(text.charCodeAt(i));
  }

  #utf8(code) {
    if (code < 0x80) this.#bytes.push(code);
    else if (code < 0x800) this.#bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) this.#bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else this.#bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
  }

  #unicodeEscape(code, upperCase) {
    const hex = code.toString(16).padStart(4, '0');
    this.#ascii(`\\u${upperCase ? hex.toUpperCase() : hex}`);
  }

  /** A JSON string of `tokens`, each character escaped with probability `escapeChance`. */
  #string(tokens, escapeChance = 0) {
    this.#bytes.push(0x22);
    for (const token of tokens) {
      if (token < 0) {
        this.#bytes.push(-1 - token);
        continue;
      }
      const escaped = escapeChance > 0 && this.#chance(escapeChance);
      const upperCase = escaped && this.#chance(0.5);
      if (token === 0x22 || token === 0x5c || token < 0x20) {
        if (SHORT_ESCAPES[token] && !(escaped && this.#chance(0.5))) this.#ascii(`\\${SHORT_ESCAPES[token]}`);
        else this.#unicodeEscape(token, upperCase);
      } else if (token >= 0xd800 && token <= 0xdfff) {
        this.#unicodeEscape(token, upperCase);
      } else if (!escaped) {
        this.#utf8(token);
      } else if (token === 0x2f && this.#chance(0.5)) {
        this.#ascii('\\/');
      } else if (token > 0xffff) {
        const offset = token - 0x10000;
        this.#unicodeEscape(0xd800 + (offset >> 10), upperCase);
        this.#unicodeEscape(0xdc00 + (offset & 1023), upperCase);
      } else {
        this.#unicodeEscape(token, upperCase);
      }
    }
    this.#bytes.push(0x22);
  }

  #whitespace() {
    if (this.#whitespaceChance === 0 || !this.#chance(this.#whitespaceChance)) return;
    const count = this.#chance(0.05) ? this.#between(4, 70) : this.#between(1, 3);
    for (let i = 0; i < count; i++) this.#bytes.push(this.#pick(WHITESPACE));
  }

  // ---- keys and shapes ----

  #freshKey(byteLength = this.#pick(KEY_LENGTHS)) {
    if (this.#chance(0.6)) return this.#text(byteLength, 'a');
    if (this.#chance(0.5)) return this.#text(byteLength, this.#pick(['a', 'ap', 'a2', 'a3', 'a4', 'ax', 'as', 'apc']));
    // The same first and last four bytes with another middle, as a weak hash would collide.
    const key = this.#text(Math.max(byteLength, 9), 'a');
    key[4 + this.#int(key.length - 8)] = this.#pick(LETTERS);
    return key;
  }

  /** A key from the pool, a near miss of one, a special key or a fresh one; some join the pool. */
  #key() {
    const roll = this.#next();
    if (roll < 0.4) return this.#pick(this.#keys);
    let key;
    if (roll < 0.55) key = this.#variantOf(this.#pick(this.#keys));
    else if (roll < 0.65) return this.#pick(SPECIAL_KEYS);
    else key = roll < 0.8 ? this.#freshKey() : this.#freshKey(this.#between(1, 12));
    if (this.#chance(0.3)) this.#remember(this.#keys, key, 600);
    return key;
  }

  #integerLikeKey() {
    const roll = this.#int(10);
    if (roll < 4) return tokensOf(String(this.#int(this.#chance(0.5) ? 100 : 1e9)));
    if (roll < 5) return tokensOf(String(this.#between(1e9, 4294967296)));
    if (roll < 6) return tokensOf(this.#pick(['0', '01', '00', '-1', '-0', '1e3', '1.0', '4294967295', '4294967294', '0123']));
    if (roll < 7) return tokensOf(`-${this.#int(1000)}`);
    return tokensOf(String(this.#int(300)));
  }

  #newShape() {
    const size = this.#chance(0.8) ? this.#between(1, 10) : this.#chance(0.7) ? this.#between(11, 40) : this.#between(41, 200);
    return Array.from({ length: size }, () => (this.#chance(0.08) ? this.#integerLikeKey() : this.#key()));
  }

  /** A key sequence: mostly one seen before, sometimes a new one or a seen one with one change. */
  #shape() {
    if (this.#chance(0.03)) {
      const shape = this.#newShape();
      this.#remember(this.#shapes, shape, 300);
      return shape;
    }
    // The first few shapes recur most, as the common shapes of an API would.
    const base = this.#shapes[this.#chance(0.5) ? this.#int(8) : this.#int(this.#shapes.length)];
    if (this.#chance(0.55)) return base;
    const shape = base.slice();
    const anywhere = () => this.#int(shape.length + 1);
    // A shape cut down to no keys can only grow.
    switch (shape.length === 0 ? 3 : this.#int(8)) {
      case 0: { const at = this.#int(shape.length); shape[at] = this.#variantOf(shape[at]); break; }
      case 1: shape[shape.length - 1] = this.#variantOf(shape[shape.length - 1]); break;
      case 2: shape.length = this.#int(shape.length + 1); break;
      case 3: shape.push(this.#key()); break;
      case 4: { const i = this.#int(shape.length); const j = this.#int(shape.length); [shape[i], shape[j]] = [shape[j], shape[i]]; break; }
      case 5: shape.splice(anywhere(), 0, this.#pick(shape)); break;
      case 6: shape.splice(anywhere(), 0, this.#pick(SPECIAL_KEYS)); break;
      default: shape.splice(anywhere(), 0, this.#integerLikeKey());
    }
    if (this.#chance(0.3)) this.#remember(this.#shapes, shape, 300);
    return shape;
  }

  // ---- values ----

  #stringTokens() {
    const roll = this.#next();
    if (roll < 0.3) return this.#pick(this.#values);
    if (roll < 0.6) {
      const value = roll < 0.45 ? this.#variantOf(this.#pick(this.#values)) : this.#text(this.#between(2, 12));
      if (this.#chance(0.25)) this.#remember(this.#values, value, 400);
      return value;
    }
    if (roll < 0.9) return this.#text(this.#chance(0.5) ? this.#between(0, 30) : this.#between(0, 100));
    return this.#text(this.#pick([23, 24, 25, 31, 32, 33, 64, 95, 96, 97, 128, 200, 300]));
  }

  #digits(count, leadingZero = false) {
    let digits = String(leadingZero ? this.#int(10) : this.#between(1, 9));
    for (let i = 1; i < count; i++) digits += this.#int(10);
    return digits;
  }

  #sign() {
    return this.#chance(0.3) ? '-' : '';
  }

  /** A number text: small and large integers, hard cases, doubles written several ways, long digit runs. */
  #number() {
    const roll = this.#int(20);
    if (roll < 3) return String(this.#int(10));
    if (roll < 6) return this.#sign() + this.#int(this.#chance(0.5) ? 1000 : 1e9);
    if (roll < 7) return this.#sign() + this.#digits(this.#pick([9, 10, 11, 15, 16, 17, 18, 19, 20, 21, 25, 40, 100]));
    if (roll < 9) return this.#pick(HARD_NUMBERS);
    if (roll < 12) {
      const double = (this.#next() - 0.5) * 10 ** this.#between(-30, 30);
      const way = this.#int(3);
      if (way === 0) return String(double).replace('e+', this.#pick(['e+', 'e', 'E+', 'E']));
      if (way === 1) return double.toExponential(this.#between(0, 20));
      return double.toPrecision(this.#between(1, 21)).replace('e+', 'e');
    }
    if (roll < 15) {
      const zeros = this.#chance(0.3) ? '0'.repeat(this.#between(1, 20)) : '';
      return `${this.#sign()}${this.#chance(0.3) ? '0' : this.#digits(this.#between(1, 12))}.${zeros}${this.#digits(this.#between(1, 25), true)}`;
    }
    if (roll < 18) {
      const fraction = this.#chance(0.5) ? `.${this.#digits(this.#between(1, 20), true)}` : '';
      const exponent = `${this.#pick(['e', 'E'])}${this.#pick(['', '+', '-'])}${this.#chance(0.1) ? '0'.repeat(this.#between(1, 20)) : ''}${this.#int(this.#chance(0.8) ? 30 : 400)}`;
      return `${this.#sign()}${this.#chance(0.2) ? '0' : this.#digits(this.#between(1, 20))}${fraction}${exponent}`;
    }
    const fraction = this.#chance(0.5) ? `.${this.#digits(this.#between(1, 50), true)}` : '';
    return `${this.#digits(this.#between(30, 120))}${fraction}${this.#chance(0.5) ? `e${this.#pick(['-', '+', ''])}${this.#int(350)}` : ''}`;
  }

  #scalar() {
    const roll = this.#int(10);
    if (roll < 4) this.#string(this.#stringTokens(), this.#chance(0.1) ? this.#pick([0.1, 0.5, 1]) : 0);
    else if (roll < 8) this.#ascii(this.#number());
    else this.#ascii(this.#pick(['true', 'false', 'null']));
  }

  #value(depth) {
    this.#budget--;
    const containerChance = this.#budget <= 0 ? 0 : depth > 6 ? 0.15 : 0.45;
    if (!this.#chance(containerChance)) return this.#scalar();
    const kind = this.#int(10);
    if (kind < 4) this.#objectOfShape(depth);
    else if (kind < 5) this.#mapObject(depth);
    else if (kind < 6) this.#integerKeyObject(depth);
    else if (kind < 7) this.#randomObject(depth);
    else this.#array(depth);
  }

  /** A small integer or a short string: what the values of a map-like object often are. */
  #smallValue() {
    if (this.#chance(0.5)) this.#ascii(String(this.#int(1000)));
    else this.#string(this.#stringTokens());
  }

  // ---- containers ----

  #object(keys, depth, value = () => this.#value(depth + 1)) {
    this.#bytes.push(0x7b);
    this.#whitespace();
    keys.forEach((key, index) => {
      if (index > 0) {
        this.#bytes.push(0x2c);
        this.#whitespace();
      }
      this.#string(key, this.#chance(this.#keyEscapeChance) ? this.#pick([0.1, 0.5, 1]) : 0);
      this.#whitespace();
      this.#bytes.push(0x3a);
      this.#whitespace();
      value();
      this.#whitespace();
    });
    this.#bytes.push(0x7d);
  }

  #objectOfShape(depth) {
    this.#object(this.#shape(), depth);
  }

  #arrayOfOneShape() {
    const shape = this.#shape();
    const count = this.#between(1, 40);
    this.#bytes.push(0x5b);
    for (let i = 0; i < count; i++) {
      if (i > 0) this.#bytes.push(0x2c);
      this.#whitespace();
      this.#object(this.#chance(0.9) ? shape : this.#shape(), 1);
    }
    this.#bytes.push(0x5d);
  }

  #mapKey(style, prefix, keys) {
    if (keys.length > 0 && this.#chance(0.03)) return this.#pick(keys);
    if (this.#chance(0.02)) return this.#pick(SPECIAL_KEYS);
    switch (style) {
      case 0: return prefix.concat(tokensOf(String(this.#int(1e6))));
      case 1: return this.#integerLikeKey();
      case 2: return this.#chance(0.5) ? this.#integerLikeKey() : this.#freshKey(this.#between(1, 20));
      case 3: return tokensOf(Array.from({ length: 36 }, (_, i) => ([8, 13, 18, 23].includes(i) ? '-' : this.#int(16).toString(16))).join(''));
      case 4: return this.#freshKey();
      default: return this.#chance(0.7) ? this.#freshKey(this.#between(1, 12)) : this.#key();
    }
  }

  /** An object whose keys keep making new shapes (8 to 300 of them), or one such object seen before. */
  #mapObject(depth) {
    if (this.#maps.length > 0 && this.#chance(0.3)) {
      let keys = this.#pick(this.#maps);
      if (this.#chance(0.5)) {
        keys = keys.slice();
        const at = this.#int(keys.length);
        keys[at] = this.#variantOf(keys[at]);
        if (this.#chance(0.5)) keys.push(this.#integerLikeKey());
      }
      return this.#object(keys, depth, this.#chance(0.5) ? () => this.#ascii(String(this.#int(1000))) : undefined);
    }
    // Dictionaries are built from 32 keys: sizes on both sides of it come often.
    const size = this.#chance(0.2) ? this.#between(31, 33) : this.#chance(0.7) ? this.#between(8, 40) : this.#between(41, 300);
    const style = this.#int(6);
    const prefix = this.#text(this.#between(0, 8), 'a');
    const keys = [];
    for (let i = 0; i < size; i++) keys.push(this.#mapKey(style, prefix, keys));
    this.#remember(this.#maps, keys, 50);
    this.#object(keys, depth, this.#chance(0.6) ? () => this.#smallValue() : undefined);
  }

  #integerKeyObject(depth) {
    const size = this.#chance(0.6) ? this.#between(1, 20) : this.#between(21, 200);
    const keys = Array.from({ length: size }, () => {
      if (this.#chance(0.5)) return this.#integerLikeKey();
      return this.#chance(0.5) ? this.#key() : this.#pick(SPECIAL_KEYS);
    });
    this.#object(keys, depth, this.#chance(0.5) ? () => this.#ascii(String(this.#int(100))) : undefined);
  }

  #randomObject(depth) {
    this.#object(Array.from({ length: this.#between(0, 12) }, () => this.#key()), depth);
  }

  #array(depth) {
    const kind = this.#int(8);
    let length = this.#chance(0.7) ? this.#between(0, 10) : this.#chance(0.8) ? this.#between(11, 300) : this.#between(301, 1000);
    if (this.#chance(0.005)) length = this.#between(4090, 9000);
    this.#bytes.push(0x5b);
    this.#whitespace();
    for (let i = 0; i < length; i++) {
      if (i > 0) {
        this.#bytes.push(0x2c);
        this.#whitespace();
      }
      if (kind === 0) this.#ascii(String(this.#int(this.#chance(0.5) ? 100 : 2e9)));
      else if (kind === 1) this.#ascii(this.#number());
      else if (kind === 2) this.#string(this.#stringTokens());
      else if (kind === 3 && this.#budget-- > 0) this.#objectOfShape(depth + 1);
      else if (this.#budget <= 0 && length > 50) this.#ascii(String(this.#int(10)));
      else this.#value(depth + 1);
      this.#whitespace();
    }
    this.#bytes.push(0x5d);
  }

  /** 20 to 120 levels of arrays and objects mixed, some with an entry before the deeper one. */
  #deepNesting() {
    const closers = [];
    const levels = this.#between(20, 120);
    for (let i = 0; i < levels; i++) {
      if (this.#chance(0.5)) {
        this.#bytes.push(0x5b);
        closers.push(0x5d);
        if (this.#chance(0.3)) {
          this.#value(99);
          this.#bytes.push(0x2c);
        }
      } else {
        this.#bytes.push(0x7b);
        closers.push(0x7d);
        if (this.#chance(0.3)) {
          this.#string(this.#key());
          this.#bytes.push(0x3a);
          this.#value(99);
          this.#bytes.push(0x2c);
        }
        this.#string(this.#chance(0.5) ? [0x61] : this.#key());
        this.#bytes.push(0x3a);
      }
      this.#whitespace();
    }
    this.#value(99);
    while (closers.length > 0) this.#bytes.push(closers.pop());
  }
}
