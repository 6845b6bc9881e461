// Deterministic JSON payloads for the benchmarks (and for tests that want realistic documents).
// Every generator takes a seed and returns the same bytes for the same seed on every runtime, so a
// figure measured today can be reproduced tomorrow. The three large generators imitate the shapes
// of the classic corpus files (twitter, citm_catalog, canada) for machines that do not have them.

const encoder = new TextEncoder();

/**
 * A small seeded pseudo-random generator (xorshift32). Not for cryptography: only for
 * reproducible data.
 * @param {number} seed any 32-bit integer; 0 is replaced by a fixed non-zero value
 */
export function createRandom(seed) {
  let state = seed >>> 0 || 0x9e3779b9;
  const nextUint32 = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
  const random = {
    /** A float in [0, 1). */
    next: () => nextUint32() / 4294967296,
    /** An integer in [min, max]. */
    int: (min, max) => min + Math.floor(random.next() * (max - min + 1)),
    /** One element of a non-empty array. */
    pick: (items) => items[Math.floor(random.next() * items.length)],
    /** True with the given probability. */
    chance: (probability) => random.next() < probability,
    /** A float in [0, 1) using all 53 bits of the significand, so it prints with 15-17 digits. */
    fullPrecision: () => ((nextUint32() >>> 11) * 4294967296 + nextUint32()) / 2 ** 53,
  };
  return random;
}

const latinWords = (
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore ' +
  'et dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ' +
  'ex ea commodo consequat duis aute irure in reprehenderit voluptate velit esse cillum fugiat nulla'
).split(' ');

function latinText(random, minWords, maxWords) {
  const count = random.int(minWords, maxWords);
  const words = [];
  for (let i = 0; i < count; i++) words.push(random.pick(latinWords));
  return words.join(' ');
}

// Code point ranges that make text look like the Japanese tweets of twitter.json: hiragana,
// katakana, common CJK ideographs, and now and then an emoji (4 bytes in UTF-8, a surrogate pair).
const cjkRanges = [
  [0x3041, 0x3093],
  [0x30a1, 0x30f6],
  [0x4e00, 0x4fff],
  [0x6000, 0x6fff],
];
const emoji = [0x1f60a, 0x1f60b, 0x1f618, 0x1f44d, 0x1f496, 0x2728, 0x2764, 0x1f389, 0x1f4a6, 0x270b];

function cjkText(random, minChars, maxChars) {
  const count = random.int(minChars, maxChars);
  let text = '';
  for (let i = 0; i < count; i++) {
    const roll = random.next();
    if (roll < 0.05) text += String.fromCodePoint(random.pick(emoji));
    else if (roll < 0.1) text += random.pick([' ', '\n', '!', ':', '#', '@', '、', '。']);
    else {
      const [low, high] = random.pick(cjkRanges);
      text += String.fromCharCode(random.int(low, high));
    }
  }
  return text;
}

function handle(random) {
  const letters = 'abcdefghijklmnopqrstuvwxyz0123456789_';
  let name = '';
  const length = random.int(5, 14);
  for (let i = 0; i < length; i++) name += letters[random.int(0, letters.length - 1)];
  return name;
}

function twitterDate(random) {
  const days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const two = (n) => String(n).padStart(2, '0');
  return `${random.pick(days)} ${random.pick(months)} ${two(random.int(1, 28))} ${two(random.int(0, 23))}:${two(
    random.int(0, 59),
  )}:${two(random.int(0, 59))} +0000 ${random.int(2008, 2014)}`;
}

function twitterUser(random) {
  const id = random.int(1e6, 2.9e9);
  return {
    id,
    id_str: String(id),
    name: cjkText(random, 2, 10),
    screen_name: handle(random),
    location: random.chance(0.5) ? cjkText(random, 2, 8) : '',
    description: cjkText(random, 0, 60),
    url: random.chance(0.3) ? `http://t.co/${handle(random)}` : null,
    entities: { description: { urls: [] } },
    protected: false,
    followers_count: random.int(0, 50000),
    friends_count: random.int(0, 5000),
    listed_count: random.int(0, 200),
    created_at: twitterDate(random),
    favourites_count: random.int(0, 20000),
    utc_offset: random.chance(0.5) ? null : random.pick([32400, -36000, 3600]),
    time_zone: random.chance(0.5) ? null : random.pick(['Tokyo', 'Osaka', 'Hawaii', 'Irkutsk']),
    geo_enabled: random.chance(0.3),
    verified: false,
    statuses_count: random.int(1, 90000),
    lang: 'ja',
    contributors_enabled: false,
    is_translator: false,
    is_translation_enabled: false,
    profile_background_color: 'C0DEED',
    profile_background_image_url: 'http://abs.twimg.com/images/themes/theme1/bg.png',
    profile_background_tile: false,
    profile_image_url: `http://pbs.twimg.com/profile_images/${random.int(1e8, 9e8)}/${handle(random)}_normal.jpeg`,
    profile_link_color: '0084B4',
    profile_sidebar_border_color: 'C0DEED',
    profile_sidebar_fill_color: 'DDEEF6',
    profile_text_color: '333333',
    profile_use_background_image: true,
    default_profile: random.chance(0.5),
    default_profile_image: false,
    following: false,
    follow_request_sent: false,
    notifications: false,
  };
}

function tweet(random, allowRetweet) {
  // Large ids are above 2^53 in the real data; keep that property (they print as rounded integers).
  const id = 505874924095815700 + random.int(0, 1e6) * 4096;
  const status = {
    metadata: { result_type: 'recent', iso_language_code: 'ja' },
    created_at: twitterDate(random),
    id,
    id_str: String(id),
    text: cjkText(random, 10, 110),
    source: '<a href="http://twitter.com/download/iphone" rel="nofollow">Twitter for iPhone</a>',
    truncated: false,
    in_reply_to_status_id: null,
    in_reply_to_status_id_str: null,
    in_reply_to_user_id: random.chance(0.3) ? random.int(1e6, 2e9) : null,
    in_reply_to_user_id_str: null,
    in_reply_to_screen_name: random.chance(0.3) ? handle(random) : null,
    user: twitterUser(random),
    geo: null,
    coordinates: null,
    place: null,
    contributors: null,
    retweet_count: random.int(0, 500),
    favorite_count: random.int(0, 500),
    entities: {
      hashtags: random.chance(0.3) ? [{ text: cjkText(random, 2, 6), indices: [random.int(0, 50), random.int(51, 90)] }] : [],
      symbols: [],
      urls: [],
      user_mentions: random.chance(0.5)
        ? [{ screen_name: handle(random), name: cjkText(random, 2, 8), id: random.int(1e6, 2e9), indices: [0, 10] }]
        : [],
    },
    favorited: false,
    retweeted: false,
    lang: 'ja',
  };
  if (allowRetweet && random.chance(0.25)) status.retweeted_status = tweet(random, false);
  return status;
}

/**
 * A document shaped like twitter.json: a search API response, pretty-printed with two spaces, with
 * CJK-heavy text and emoji, many repeated keys and nested user objects.
 * @param {{ seed?: number, targetBytes?: number }} [options]
 * @returns {Uint8Array}
 */
export function twitterLike({ seed = 1, targetBytes = 560_000 } = {}) {
  const random = createRandom(seed);
  const statuses = [];
  let estimate = 0;
  while (estimate < targetBytes) {
    const status = tweet(random, true);
    statuses.push(status);
    estimate += encoder.encode(JSON.stringify(status, null, 2)).length + 4;
  }
  const document = {
    statuses,
    search_metadata: {
      completed_in: 0.087,
      max_id: 505874924095815700,
      max_id_str: '505874924095815681',
      next_results: '?max_id=505874915338104831&q=%E4%B8%80&count=100&include_entities=1',
      query: '%E4%B8%80',
      refresh_url: '?since_id=505874924095815681&q=%E4%B8%80&include_entities=1',
      count: statuses.length,
      since_id: 0,
      since_id_str: '0',
    },
  };
  return encoder.encode(JSON.stringify(document, null, 2));
}

const frenchAreaNames = ['Arrière-scène', '1er balcon', '2ème balcon', 'Orchestre', 'Parterre', 'Corbeille', 'Loge'];
const areaSides = ['central', 'cour', 'jardin', 'bergerie cour', 'bergerie jardin'];

/**
 * A document shaped like citm_catalog.json: an event catalogue pretty-printed with four spaces,
 * mostly ASCII, with integer ids as keys and values and many repeated keys.
 * @param {{ seed?: number, targetBytes?: number }} [options]
 * @returns {Uint8Array}
 */
export function citmLike({ seed = 2, targetBytes = 1_720_000 } = {}) {
  const random = createRandom(seed);
  const names = (count, firstId, make) => {
    const table = {};
    for (let i = 0; i < count; i++) table[String(firstId + i)] = make(i);
    return table;
  };
  const areaNames = names(17, 205705993, () => `${random.pick(frenchAreaNames)} ${random.pick(areaSides)}`);
  const areaIds = Object.keys(areaNames).map(Number);
  const seatCategoryNames = names(60, 338937235, () => `Catégorie ${random.int(1, 9)}`);
  const seatCategoryIds = Object.keys(seatCategoryNames).map(Number);
  const audienceSubCategoryNames = { 337100890: 'Abonné' };
  const subTopicNames = names(20, 337184262, () => latinText(random, 1, 3));
  const topicNames = names(30, 107888604, () => latinText(random, 1, 2));
  const events = names(180, 138586341, (i) => ({
    description: null,
    id: 138586341 + i,
    logo: random.chance(0.5) ? `/images/UE0AAAAACEKo6QAAAAVDSVRN${random.int(10, 99)}` : null,
    name: latinText(random, 1, 5),
    subTopicIds: [random.int(337184262, 337184281), random.int(337184262, 337184281)],
    subjectCode: null,
    subtitle: null,
    topicIds: [random.int(107888604, 107888633)],
  }));
  const eventIds = Object.keys(events).map(Number);
  const document = {
    areaNames,
    audienceSubCategoryNames,
    blockNames: {},
    events,
    performances: [],
    seatCategoryNames,
    subTopicNames,
    subjectNames: {},
    topicNames,
    topicSubTopics: {},
    venueNames: { PLEYEL_PLEYEL: 'Salle Pleyel' },
  };
  let estimate = encoder.encode(JSON.stringify(document, null, 4)).length;
  let performanceId = 339887544;
  while (estimate < targetBytes) {
    const categories = random.int(1, 5);
    const prices = [];
    const seatCategories = [];
    for (let c = 0; c < categories; c++) {
      const seatCategoryId = random.pick(seatCategoryIds);
      prices.push({ amount: random.int(5, 180) * 500, audienceSubCategoryId: 337100890, seatCategoryId });
      const areas = [];
      const areaCount = random.int(1, 6);
      for (let a = 0; a < areaCount; a++) areas.push({ areaId: random.pick(areaIds), blockIds: [] });
      seatCategories.push({ areas, seatCategoryId });
    }
    const performance = {
      eventId: random.pick(eventIds),
      id: performanceId++,
      logo: null,
      name: null,
      prices,
      seatCategories,
      seatMapImage: null,
      start: 1372701600000 + random.int(0, 5000) * 3_600_000,
      venueCode: 'PLEYEL_PLEYEL',
    };
    document.performances.push(performance);
    // Nested three levels deep inside the document, so each line carries 12 more spaces.
    estimate += encoder.encode(JSON.stringify(performance, null, 4)).length * 1.32;
  }
  return encoder.encode(JSON.stringify(document, null, 4));
}

/**
 * A document shaped like canada.json: one GeoJSON polygon feature, compact, made of about 111,000
 * floating-point numbers that print with 15 to 17 significant digits.
 * @param {{ seed?: number, numbers?: number }} [options]
 * @returns {Uint8Array}
 */
export function canadaLike({ seed = 3, numbers = 111_000 } = {}) {
  const random = createRandom(seed);
  const rings = [];
  let remaining = numbers / 2;
  let longitude = -65.6 - random.fullPrecision();
  let latitude = 43.4 + random.fullPrecision();
  while (remaining > 0) {
    const ring = [];
    const points = Math.min(remaining, random.int(20, 450));
    for (let p = 0; p < points; p++) {
      // A random walk with full-precision steps keeps every coordinate at 15-17 significant digits.
      longitude += (random.fullPrecision() - 0.5) * 0.05;
      latitude += (random.fullPrecision() - 0.5) * 0.03;
      ring.push([longitude, latitude]);
    }
    rings.push(ring);
    remaining -= points;
    longitude = -141 + random.fullPrecision() * 88;
    latitude = 42 + random.fullPrecision() * 40;
  }
  const document = {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', properties: { name: 'Canada' }, geometry: { type: 'Polygon', coordinates: rings } }],
  };
  return encoder.encode(JSON.stringify(document));
}

function userRecord(random, id) {
  return {
    id,
    uuid: `${random.int(0x10000000, 0xffffffff).toString(16)}-${random.int(0x1000, 0xffff).toString(16)}-4${random
      .int(0x100, 0xfff)
      .toString(16)}`,
    name: `${random.pick(['Ada', 'Grace', 'Linus', 'Ken', 'Barbara', 'Edsger', 'Margaret'])} ${random.pick([
      'Lovelace',
      'Hopper',
      'Torvalds',
      'Thompson',
      'Liskov',
      'Dijkstra',
      'Hamilton',
    ])}`,
    email: `${handle(random)}@example.com`,
    active: random.chance(0.8),
    score: Math.round(random.next() * 100000) / 100,
    created_at: new Date(Date.UTC(2020, 0, 1) + random.int(0, 1e9) * 1000).toISOString(),
    tags: [random.pick(latinWords), random.pick(latinWords)],
    address: { street: `${random.int(1, 999)} ${random.pick(latinWords)} street`, city: random.pick(latinWords), zip: String(random.int(10000, 99999)) },
    manager: random.chance(0.2) ? null : random.int(1, 5000),
  };
}

/**
 * A REST API response of about `targetBytes` bytes: `{ data: [user records], page, ... }`, compact,
 * ASCII only. With the default size this is the "64 KB API response" payload.
 * @param {{ seed?: number, targetBytes?: number }} [options]
 * @returns {Uint8Array}
 */
export function apiResponse({ seed = 4, targetBytes = 64 * 1024 } = {}) {
  const random = createRandom(seed);
  const data = [];
  let estimate = 80;
  while (true) {
    const record = userRecord(random, data.length + 1);
    const size = JSON.stringify(record).length + 1;
    if (estimate + size > targetBytes && data.length > 0) break;
    data.push(record);
    estimate += size;
  }
  return encoder.encode(JSON.stringify({ data, page: 1, per_page: data.length, total: 52_340, has_more: true }));
}

/**
 * A small object of about 512 bytes, the typical body of a form or RPC request.
 * @param {{ seed?: number }} [options]
 * @returns {Uint8Array}
 */
export function smallObject({ seed = 5 } = {}) {
  const random = createRandom(seed);
  const record = userRecord(random, 42);
  record.bio = '';
  // Pad with a plain sentence so the payload is exactly 512 bytes whatever the seed picked.
  const bioLength = Math.max(0, 512 - JSON.stringify(record).length);
  record.bio = latinText(random, 90, 90).slice(0, bioLength).padEnd(bioLength, '.');
  return encoder.encode(JSON.stringify(record));
}

/**
 * A 64-byte array of small integers, the shortest realistic payload.
 * @param {{ seed?: number }} [options]
 * @returns {Uint8Array}
 */
export function smallArray({ seed = 6 } = {}) {
  const random = createRandom(seed);
  const values = [];
  while (JSON.stringify(values).length < 60) values.push(random.int(0, 999));
  const missing = 64 - JSON.stringify(values).length;
  // Land on exactly 64 bytes: one more element of the right width, or one more digit on the last.
  if (missing >= 2) values.push(random.int(10 ** (missing - 2), 10 ** (missing - 1) - 1));
  else values[values.length - 1] = values[values.length - 1] * 10 + 1;
  return encoder.encode(JSON.stringify(values));
}

/**
 * The seed proposal's memory scenario: about `targetBytes` of ASCII JSON (an array of string
 * records), optionally with one emoji near the end (in the last record). The emoji turns a decoded
 * string into a two-byte string in V8, doubling its size.
 * @param {{ emoji?: boolean, targetBytes?: number, seed?: number }} [options]
 * @returns {Uint8Array}
 */
export function asciiRecordsDocument({ emoji: withEmoji = true, targetBytes = 5 * 1024 * 1024, seed = 7 } = {}) {
  const random = createRandom(seed);
  const records = [];
  let estimate = 2;
  while (estimate < targetBytes) {
    const record = `${String(records.length).padStart(7, '0')} ${latinText(random, 8, 20)}`;
    records.push(record);
    estimate += record.length + 3;
  }
  if (withEmoji) records[records.length - 1] += ' \u{1F44E}\u{1F3FF}';
  return encoder.encode(JSON.stringify(records));
}

/**
 * Writes a JSON array of ASCII strings of at least `totalBytes` bytes straight into a Uint8Array,
 * never building the text as a JavaScript string (it may be larger than the engine's maximum
 * string length).
 * @param {number} totalBytes
 * @param {{ stringBytes?: number }} [options] length of each string's content
 * @returns {Uint8Array}
 */
export function hugeStringArray(totalBytes, { stringBytes = 240 } = {}) {
  const random = createRandom(8);
  // One element is `"NNNNNNNNNN <filler>",`: a 10-digit index makes every string distinct.
  const filler = encoder.encode(latinText(random, 80, 80).slice(0, stringBytes - 11).padEnd(stringBytes - 11, '.'));
  const elementBytes = stringBytes + 3;
  const count = Math.ceil((totalBytes - 2) / elementBytes);
  const bytes = new Uint8Array(2 + count * elementBytes - 1);
  bytes[0] = 0x5b; // [
  let offset = 1;
  for (let i = 0; i < count; i++) {
    bytes[offset] = 0x22; // "
    let index = i;
    for (let d = 10; d >= 1; d--) {
      bytes[offset + d] = 0x30 + (index % 10);
      index = Math.floor(index / 10);
    }
    bytes[offset + 11] = 0x20;
    bytes.set(filler, offset + 12);
    offset += 12 + filler.length;
    bytes[offset++] = 0x22;
    if (i < count - 1) bytes[offset++] = 0x2c; // ,
  }
  bytes[offset++] = 0x5d; // ]
  return bytes.subarray(0, offset);
}

/**
 * A copy of `bytes` with one byte replaced by `x`, which can start or end no JSON value:
 * `at: 'start'` breaks byte 0, `at: 'end'` breaks the last byte (the closing bracket), so a
 * parser must read everything before it can fail.
 * @param {Uint8Array} bytes
 * @param {'start' | 'end'} at
 * @returns {Uint8Array}
 */
export function breakPayload(bytes, at) {
  const broken = bytes.slice();
  broken[at === 'start' ? 0 : broken.length - 1] = 0x78;
  return broken;
}

/** The generated stand-ins for the three corpus documents, by corpus file name. */
export const generatedDocuments = {
  twitter: twitterLike,
  citm_catalog: citmLike,
  canada: canadaLike,
};
