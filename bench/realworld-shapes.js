// Deterministic look-alikes of the real-world documents of issue 13, request-sized bodies cut from
// documents, and the hostile shapes. A newcomer without ../shared/corpus/realworld still measures
// every shape that corpus holds: maps keyed by data, prose with escapes, Cyrillic and CJK text,
// non-ASCII names, deep rule trees. Each generator takes a seed and a target size and returns the
// same UTF-8 bytes for the same arguments on every runtime. All text comes from the small word
// lists below; nothing is copied from the real files.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRandom } from './payloads.js';

const encoder = new TextEncoder();

const englishWords = (
  'the a an of to in for on with by from as at is are be can will must may not this that which when ' +
  'request response bucket object policy role service account region endpoint resource action value ' +
  'name type list set get create delete update describe enable disable attach detach configure ' +
  'default optional required property parameter option flag command group version key access ' +
  'permission identity user token session network instance cluster table stream queue topic function'
).split(' ');

const nameWords = (
  'Access Account Admin Api Audit Backup Billing Bucket Build Cache Cloud Cluster Code Config Cost ' +
  'Data Deploy Device Directory Domain Events Fleet Full Gateway Glue Health Identity Image Insights ' +
  'Key Lambda Launch Log Machine Managed Media Monitor Network Notebook Object Ops Pipeline Policy ' +
  'Queue ReadOnly Registry Replication Resource Role Route Runtime Scaling Secret Security Service ' +
  'Session Storage Stream Support Sync System Table Task Trace Trust User Vault Volume Workspace'
).split(' ');

const cyrillicWords = (
  'параметр модуль файл тип значение объявление функция класс свойство аргумент импорт экспорт ' +
  'не может быть использован должен является ожидалось найдено невозможно указать этот эта это ' +
  'для при без или только один первый последний компилятор проект вывод ошибка элемент массив ' +
  'строка число объект интерфейс перечисление пространство имен выражение оператор вызов конструктор'
).split(' ');

const chineseWords = (
  '参数 模块 文件 类型 值 声明 函数 类 属性 实参 导入 导出 不能 必须 是 应为 找到 无法 指定 此 ' +
  '用于 或 仅 第一个 最后 编译器 项目 输出 错误 元素 数组 字符串 数字 对象 接口 枚举 命名空间 ' +
  '表达式 运算符 调用 构造函数 修饰符 选项 配置 路径 名称'
).split(' ');

const japaneseWords = (
  'パラメーター モジュール ファイル 型 値 宣言 関数 クラス プロパティ 引数 インポート エクスポート ' +
  'できません 必要があります です 予期しない 見つかりません 指定 この ために または のみ 最初の ' +
  'コンパイラ プロジェクト 出力 エラー 要素 配列 文字列 数値 オブジェクト インターフェイス 列挙型 ' +
  '名前空間 式 演算子 呼び出し コンストラクター 修飾子 オプション 設定 パス 名前 を が は に で'
).split(' ');

// Names with accents, apostrophes, non-Latin scripts and flags: each costs the non-ASCII path.
const nonAsciiNames = [
  'Åland', 'Bosnië', 'Côte d’Ivoire', 'Curaçao', 'España', 'Föroyar', 'Guiné', 'Ísland', 'México',
  'Nouvelle-Calédonie', 'Perú', 'Réunion', 'São Tomé', 'Türkiye', 'Việt Nam', 'Ελλάδα', 'България',
  'Україна', 'Қазақстан', 'Ὀλυμπία', 'საქართველო', 'Հայաստան', 'ישראל', 'مصر', 'ประเทศไทย', '日本',
  '中国', '대한민국', 'Ørsted', 'Łódź', 'Žilina', 'Šibenik', 'Ćuprija', 'Dağ', 'Øresund',
];

const pick = (random, words, count, separator = ' ') => {
  const parts = [];
  for (let i = 0; i < count; i++) parts.push(random.pick(words));
  return parts.join(separator);
};

const sentence = (random, words, minWords, maxWords, separator = ' ') => {
  const text = pick(random, words, random.int(minWords, maxWords), separator);
  return text[0].toUpperCase() + text.slice(1) + '.';
};

const camelName = (random, minWords, maxWords) => pick(random, nameWords, random.int(minWords, maxWords), '');

const lowerName = (random, minWords, maxWords) => camelName(random, minWords, maxWords).toLowerCase();

const snakeKey = (random) =>
  `${pick(random, englishWords, random.int(3, 9), '_').replace(/^./, (c) => c.toUpperCase())}_${random.int(1000, 9999)}`;

/**
 * Fills a map from generated entries until its pretty-printed size reaches about `targetBytes`.
 * Keys are data: a repeated key is made unique by a suffix, as real maps never repeat one.
 */
function growMap(targetBytes, indent, makeEntry) {
  const map = {};
  let bytes = 2;
  while (bytes < targetBytes) {
    let [key, value] = makeEntry();
    while (Object.hasOwn(map, key)) key += String(bytes % 10);
    map[key] = value;
    bytes += encoder.encode(JSON.stringify({ [key]: value }, null, indent)).length;
  }
  return map;
}

const toBytes = (value, indent) => encoder.encode(JSON.stringify(value, null, indent));

/** A flat map of about 1,000 names to ARN-like strings, nested under one partition key. */
export function flatArnMap({ seed = 11, targetBytes = 100_000 } = {}) {
  const random = createRandom(seed);
  const policies = growMap(targetBytes, 2, () => {
    const name = `${random.chance(0.6) ? 'AWS' : 'Amazon'}${camelName(random, 2, 5)}`;
    const path = random.chance(0.2) ? `service-role/${name}` : name;
    return [name, `arn:aws:iam::aws:policy/${path}`];
  });
  return toBytes({ aws: policies }, 2);
}

function serviceActions(random) {
  const actions = {};
  const actionCount = random.int(3, 60);
  for (let i = 0; i < actionCount; i++) {
    const verb = random.pick(['get', 'list', 'create', 'delete', 'update', 'describe', 'put', 'tag']);
    const action = verb + lowerName(random, 1, 4);
    // Most actions are empty objects in the real shape: an empty map costs a whole object.
    actions[action] = random.chance(0.6)
      ? {}
      : { Resources: Array.from({ length: random.int(1, 3) }, () => lowerName(random, 1, 2)) };
  }
  const resources = {};
  for (let i = random.int(0, 6); i > 0; i--) {
    resources[lowerName(random, 1, 2)] = random.chance(0.7) ? {} : { Arn: `arn:aws:${lowerName(random, 1, 1)}:*` };
  }
  return { Actions: actions, Resources: resources };
}

/** Nested maps keyed by data, with many empty objects: services, their actions, their resources. */
export function nestedActionMaps({ seed = 12, targetBytes = 400_000 } = {}) {
  const random = createRandom(seed);
  return toBytes(growMap(targetBytes, 1, () => [lowerName(random, 1, 2), serviceActions(random)]), 1);
}

function commandNode(random, depth) {
  const flags = {};
  for (let i = random.int(0, 4); i > 0; i--) {
    const flag = `--${pick(random, englishWords, random.int(1, 3), '-')}`;
    flags[flag] = {
      attr: {},
      category: random.chance(0.3) ? 'COMMONLY USED' : '',
      default: random.chance(0.2) ? String(random.int(0, 100)) : '',
      description: sentence(random, englishWords, 4, 14),
      name: flag,
      nargs: '0',
      type: random.pick(['bool', 'string', 'int', 'dict']),
      value: '',
    };
  }
  const commands = {};
  if (depth < 4) {
    for (let i = random.int(0, depth === 0 ? 12 : 6); i > 0; i--) {
      commands[pick(random, englishWords, random.int(1, 2), '-')] = commandNode(random, depth + 1);
    }
  }
  return { capsule: sentence(random, englishWords, 3, 9), commands, flags, groups: {}, is_group: depth < 4 };
}

/** A command tree: nested maps keyed by command names, with short help strings and flags. */
export function commandTree({ seed = 13, targetBytes = 300_000 } = {}) {
  const random = createRandom(seed);
  const commands = growMap(targetBytes, 2, () => [lowerName(random, 1, 2), commandNode(random, 1)]);
  return toBytes({ CLI_VERSION: '5.34', VERSION: '1', capsule: '', commands }, 2);
}

function markdownParagraph(random) {
  const parts = [];
  for (let i = random.int(3, 8); i > 0; i--) {
    const roll = random.next();
    if (roll < 0.2) parts.push(`\`${camelName(random, 1, 3)}\``);
    else if (roll < 0.3) parts.push(`"${pick(random, englishWords, 2)}"`);
    else if (roll < 0.38) parts.push(`[${pick(random, englishWords, 2)}](https://docs.example.com/${lowerName(random, 1, 3)}.html)`);
    else if (roll < 0.44) parts.push(`*${camelName(random, 1, 2)}*`);
    parts.push(sentence(random, englishWords, 5, 16));
  }
  return parts.join(' ');
}

function markdownProse(random) {
  const lines = [markdownParagraph(random)];
  if (random.chance(0.7)) lines.push(`*Type*: ${camelName(random, 1, 2)}  `);
  lines.push(`*Required*: ${random.pick(['Yes', 'No', 'Conditional'])}  `);
  if (random.chance(0.5)) lines.push(`*Default*: \`${random.pick(['True', 'False', '60', 'None'])}\`  `);
  if (random.chance(0.5)) lines.push(`*CloudFormation compatibility*: ${markdownParagraph(random)}`);
  return lines.join('  \n');
}

/** Maps of names to long Markdown prose: newlines, quotes, backticks and links to escape. */
export function markdownDocs({ seed = 14, targetBytes = 400_000 } = {}) {
  const random = createRandom(seed);
  const properties = growMap(targetBytes, 2, () => {
    const fields = {};
    for (let i = random.int(2, 9); i > 0; i--) fields[camelName(random, 1, 3)] = markdownProse(random);
    return [`sam-property-${lowerName(random, 1, 3)}`, fields];
  });
  return toBytes({ properties }, 2);
}

function messageMap(random, targetBytes, makeText) {
  return growMap(targetBytes, 2, () => {
    let text = makeText();
    if (random.chance(0.4)) text = text.replace(/\s|$/, ` "{${random.int(0, 2)}}" `);
    return [snakeKey(random), text];
  });
}

/** A map of message keys to Cyrillic sentences, some with quoted placeholders. */
export function cyrillicMessages({ seed = 15, targetBytes = 400_000 } = {}) {
  const random = createRandom(seed);
  return toBytes(messageMap(random, targetBytes, () => sentence(random, cyrillicWords, 4, 16)), 2);
}

/** A map of message keys to CJK sentences: `language` 'zh' (Chinese) or 'ja' (Japanese). */
export function cjkMessages({ seed = 16, targetBytes = 300_000, language = 'zh' } = {}) {
  const random = createRandom(seed);
  const words = language === 'ja' ? japaneseWords : chineseWords;
  return toBytes(messageMap(random, targetBytes, () => pick(random, words, random.int(4, 18), '') + '。'), 2);
}

/** Records with non-ASCII names and flag emoji, like a country list. */
export function nonAsciiRecords({ seed = 17, targetBytes = 60_000 } = {}) {
  const random = createRandom(seed);
  const records = [];
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  let bytes = 2;
  while (bytes < targetBytes) {
    const code = letters[random.int(0, 25)] + letters[random.int(0, 25)];
    const flag = String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
    const name = `${random.pick(nonAsciiNames)}${random.chance(0.3) ? ` ${random.pick(nonAsciiNames)}` : ''}`;
    const record = { alpha_2: code, alpha_3: code + letters[random.int(0, 25)], flag, name, numeric: String(random.int(4, 999)).padStart(3, '0') };
    if (random.chance(0.4)) record.official_name = `${random.pick(['République', 'Republic of', 'Königreich', 'Королевство'])} ${name}`;
    records.push(record);
    bytes += encoder.encode(JSON.stringify(record, null, 2)).length;
  }
  return toBytes({ '3166-1': records }, 2);
}

function ruleCondition(random) {
  const fn = random.pick(['isSet', 'booleanEquals', 'stringEquals', 'aws.partition', 'substring', 'not']);
  const argv = [{ ref: camelName(random, 1, 2) }];
  if (fn !== 'isSet') argv.push(random.chance(0.5) ? random.chance(0.5) : lowerName(random, 1, 2));
  const condition = { fn, argv };
  if (random.chance(0.2)) condition.assign = lowerName(random, 1, 2);
  return condition;
}

function rule(random, depth) {
  const conditions = Array.from({ length: random.int(0, 3) }, () => ruleCondition(random));
  const roll = random.next();
  if (depth < 9 && roll < 0.35) {
    return { conditions, rules: Array.from({ length: random.int(1, 4) }, () => rule(random, depth + 1)), type: 'tree' };
  }
  if (roll < 0.75) {
    return {
      conditions,
      endpoint: { url: `https://{Bucket}.${lowerName(random, 1, 2)}.{Region}.amazonaws.com`, properties: {}, headers: {} },
      type: 'endpoint',
    };
  }
  return { conditions, error: sentence(random, englishWords, 4, 12), type: 'error' };
}

/** A deeply nested tree of small rule records (conditions, endpoints, errors). */
export function ruleTree({ seed = 18, targetBytes = 500_000 } = {}) {
  const random = createRandom(seed);
  const parameters = {};
  for (let i = 0; i < 12; i++) {
    parameters[camelName(random, 1, 2)] = { required: random.chance(0.3), documentation: sentence(random, englishWords, 6, 20), type: random.pick(['String', 'Boolean']) };
  }
  const rules = [];
  let bytes = 0;
  while (bytes < targetBytes) {
    const next = rule(random, 0);
    rules.push(next);
    bytes += encoder.encode(JSON.stringify(next, null, 4)).length;
  }
  return toBytes({ version: '1.0', parameters, rules }, 4);
}

/** The look-alikes by name, each `({ seed?, targetBytes? }) => Uint8Array`. */
export const lookAlikes = {
  'flat-arn-map': flatArnMap,
  'nested-action-maps': nestedActionMaps,
  'command-tree': commandTree,
  'markdown-docs': markdownDocs,
  'messages-ru': cyrillicMessages,
  'messages-zh': (options) => cjkMessages({ ...options, language: 'zh' }),
  'messages-ja': (options) => cjkMessages({ seed: 19, ...options, language: 'ja' }),
  'non-ascii-records': nonAsciiRecords,
  'rule-tree': ruleTree,
};

const defaultRealworldDir = join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '../../shared/corpus/realworld');

/**
 * The files of the real-world corpus as `{ name, bytes }`, sorted by name; empty when the folder
 * is missing, so every caller also runs on generated data alone.
 * @param {string} [dir]
 */
export function readRealworldCorpus(dir = defaultRealworldDir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({ name: file.slice(0, -'.json'.length), bytes: new Uint8Array(readFileSync(join(dir, file))) }));
}

const decoder = new TextDecoder();

const utf8Length = (value) => encoder.encode(JSON.stringify(value)).length;

/**
 * Compact UTF-8 length of `JSON.stringify(value)`. Records every object and array whose length is
 * in range in `found.whole`, and every larger one in `found.oversized` with its members' lengths,
 * so a flat map too large to be a body can still give one as a run of its members.
 */
function measureValue(value, range, found) {
  if (value === null || typeof value !== 'object') return utf8Length(value);
  const isArray = Array.isArray(value);
  const keys = isArray ? null : Object.keys(value);
  const members = [];
  let bytes = 1;
  for (let i = 0, count = isArray ? value.length : keys.length; i < count; i++) {
    const member = isArray
      ? measureValue(value[i], range, found) + 1
      : utf8Length(keys[i]) + 2 + measureValue(value[keys[i]], range, found);
    members.push(member);
    bytes += member;
  }
  if (members.length === 0) bytes++;
  if (bytes >= range.minBytes && bytes <= range.maxBytes) found.whole.push({ value, bytes });
  else if (bytes > range.maxBytes) found.oversized.push({ value, keys, members });
  return bytes;
}

/** A run of consecutive members of `container`, starting at a seeded place, of about `targetBytes`. */
function memberRun(random, { value, keys, members }, targetBytes) {
  const start = random.int(0, members.length - 1);
  let end = start;
  let bytes = 2;
  while (end < members.length && bytes + members[end] <= targetBytes) bytes += members[end++];
  if (end === start) return null;
  if (keys === null) return { value: value.slice(start, end), bytes };
  const run = {};
  for (let i = start; i < end; i++) run[keys[i]] = value[keys[i]];
  return { value: run, bytes };
}

/**
 * Request-sized bodies cut from documents, `perDocument` from each: for each, a seeded size drawn
 * log-uniformly between `minBytes` and `maxBytes`, then the object or array of the document
 * nearest that size, or a run of members of a larger one when none is near (flat maps). The same
 * documents always give the same bodies.
 * @param {{ name: string, bytes: Uint8Array }[]} documents
 * @returns {{ name: string, bytes: Uint8Array }[]}
 */
export function cutRequestBodies(documents, { seed = 20, perDocument = 4, minBytes = 200, maxBytes = 16_384 } = {}) {
  const random = createRandom(seed);
  const range = { minBytes, maxBytes };
  const bodies = [];
  for (const { name, bytes } of documents) {
    const found = { whole: [], oversized: [] };
    measureValue(JSON.parse(decoder.decode(bytes)), range, found);
    const used = new Set();
    for (let i = 0; i < perDocument; i++) {
      const targetBytes = Math.round(minBytes * (maxBytes / minBytes) ** random.next());
      let best = null;
      for (const candidate of found.whole) {
        const distance = Math.abs(Math.log(candidate.bytes / targetBytes));
        if (!used.has(candidate) && (best === null || distance < best.distance)) best = { candidate, distance };
      }
      let chosen = best?.candidate;
      if ((best === null || best.distance > Math.log(1.5)) && found.oversized.length > 0) {
        const run = memberRun(random, random.pick(found.oversized), targetBytes);
        if (run !== null && run.bytes >= minBytes) chosen = run;
      }
      if (chosen === undefined) continue;
      used.add(chosen);
      const body = toBytes(chosen.value);
      bodies.push({ name: `${name}@${body.length}`, bytes: body });
    }
  }
  return bodies;
}

/**
 * The request-sized set: bodies cut from the real-world corpus when it is present and from every
 * look-alike always.
 * @param {{ realworld?: { name: string, bytes: Uint8Array }[], seed?: number, perDocument?: number }} [options]
 */
export function requestBodies({ realworld = readRealworldCorpus(), seed, perDocument } = {}) {
  const generated = Object.entries(lookAlikes).map(([name, make]) => ({ name, bytes: make() }));
  return cutRequestBodies([...realworld, ...generated], { seed, perDocument });
}

const ascii = (text) => encoder.encode(text);

function digits(random, count) {
  const chunk = new Uint8Array(count);
  for (let i = 0; i < count; i++) chunk[i] = 0x30 + random.int(0, 9);
  return chunk;
}

/** `0.` and a fraction of `count` digits, alone as the document. */
export function longFraction({ seed = 21, count = 1_000_000 } = {}) {
  const bytes = new Uint8Array(count + 2);
  bytes.set(ascii('0.'));
  bytes.set(digits(createRandom(seed), count), 2);
  return bytes;
}

/** An array of `count` integers of `length` digits each (none starts with 0). */
export function longNumbers({ seed = 22, count = 2_000, length = 1_000 } = {}) {
  const random = createRandom(seed);
  const numbers = [];
  for (let i = 0; i < count; i++) {
    const number = digits(random, length);
    number[0] = 0x31 + random.int(0, 8);
    numbers.push(decoder.decode(number));
  }
  return ascii(`[${numbers.join(',')}]`);
}

/** One object with `count` integer-like keys (`"7":1`), in ascending order. */
export function integerKeys({ count = 100_000 } = {}) {
  const members = [];
  for (let i = 0; i < count; i++) members.push(`"${i}":1`);
  return ascii(`{${members.join(',')}}`);
}

/** One array of `count` zeros. */
export function zeros({ count = 2_000_000 } = {}) {
  return ascii(`[${'0,'.repeat(count - 1)}0]`);
}

/** One array of `count` one-letter strings. */
export function oneLetterStrings({ seed = 23, count = 1_000_000 } = {}) {
  const random = createRandom(seed);
  const letters = [];
  for (let i = 0; i < count; i++) letters.push(`"${String.fromCharCode(0x61 + random.int(0, 25))}"`);
  return ascii(`[${letters.join(',')}]`);
}

/** One object of `count` members whose keys cycle over `names` names, so most keys repeat. */
export function duplicateKeys({ count = 100_000, names = 1_000 } = {}) {
  const members = [];
  for (let i = 0; i < count; i++) members.push(`"key${i % names}":${i}`);
  return ascii(`{${members.join(',')}}`);
}

/**
 * The hostile shapes of issue 13 by name, each `(scale = 1) => Uint8Array`; a scale below 1
 * shrinks the counts (for a quick run), keeping each shape.
 */
export const hostileShapes = {
  'fraction-1e6-digits': (scale = 1) => longFraction({ count: Math.round(1_000_000 * scale) }),
  'numbers-2000x1000-digits': (scale = 1) => longNumbers({ count: Math.max(1, Math.round(2_000 * scale)) }),
  'integer-keys-100k': (scale = 1) => integerKeys({ count: Math.max(1, Math.round(100_000 * scale)) }),
  'zeros-2e6': (scale = 1) => zeros({ count: Math.max(1, Math.round(2_000_000 * scale)) }),
  'one-letter-strings-1e6': (scale = 1) => oneLetterStrings({ count: Math.max(1, Math.round(1_000_000 * scale)) }),
  'duplicate-keys-1000-names': (scale = 1) => duplicateKeys({ count: Math.max(1_000, Math.round(100_000 * scale)) }),
};

/**
 * Documents past the whole-document route's 4 MiB, which the parser reads (issue 13: "any [hostile
 * shape] you find"): arrays mostly of strings of the kinds people export (messages with quotes,
 * source files, Python's `ensure_ascii` records, log records, and log records as an API page's last
 * member), two look-alike maps at 8 MB, and
 * shapes found slow there in round 56 (literals, numbers with large exponents, random doubles, one
 * string dense with escapes). Each about 6 to 10 MB; a quick run makes them 2 % of that.
 */
export function largeDocuments(scale = 1) {
  const count = (full) => Math.max(1, Math.round(full * scale));
  const bytes = (full) => Math.max(4096, Math.round(full * scale));
  const escapeNonAscii = (text) => text.replace(/[\u0080-\uffff]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const filled = (seed, targetBytes, make) => {
    const random = createRandom(seed);
    const items = [];
    for (let size = 2; size < targetBytes; ) {
      const item = make(random);
      items.push(item);
      size += JSON.stringify(item).length + 1;
    }
    return items;
  };
  const codeLine = (random) => `${'    '.repeat(random.int(0, 2))}${random.int(0, 4) === 0 ? `print("${sentence(random, englishWords, 3, 8)}")` : `${lowerName(random, 1, 3)} = ${lowerName(random, 1, 2)}(${pick(random, englishWords, random.int(1, 3), ', ')})`}`;
  return {
    'quoted-messages': () => toBytes(filled(31, bytes(6e6), (random) => `${sentence(random, englishWords, 4, 12)} "${camelName(random, 1, 2)}", ${sentence(random, englishWords, 2, 6)}`)),
    'source-files': () => toBytes(filled(32, bytes(6e6), (random) => ({ path: `${pick(random, englishWords, random.int(2, 4), '/')}.py`, content: Array.from({ length: random.int(20, 60) }, () => codeLine(random)).join('\n') }))),
    'ensure-ascii-records': () => encoder.encode(escapeNonAscii(JSON.stringify(filled(33, bytes(1.6e6), (random) => ({ id: random.int(1, 1e6), title: sentence(random, cyrillicWords, 2, 5), body: sentence(random, cyrillicWords, 10, 30) }))))),
    'log-records': () => toBytes(filled(34, bytes(6e6), (random) => ({ level: random.pick(['info', 'warn', 'error']), message: `${sentence(random, englishWords, 4, 10)}\n\tat ${camelName(random, 2, 3)} (${lowerName(random, 1, 2)}.js:${random.int(1, 900)})\n\tat ${camelName(random, 2, 3)}` })), 2),
    'wrapped-log-records': () => {
      const records = filled(36, bytes(6e6), (random) => ({ time: `2026-12-07T${String(random.int(0, 23)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}:00Z`, level: random.pick(['info', 'warn', 'error']), message: `${sentence(random, englishWords, 6, 14)}\n\tat ${camelName(random, 2, 3)} (${lowerName(random, 1, 2)}.js:${random.int(1, 900)})` }));
      return toBytes({ version: 3, count: records.length, next: null, data: records }, 2);
    },
    'markdown-docs-8mb': () => markdownDocs({ targetBytes: bytes(8e6) }),
    'messages-ru-8mb': () => cyrillicMessages({ targetBytes: bytes(8e6) }),
    'nulls-2e6': () => encoder.encode(`[${'null,'.repeat(count(2e6) - 1)}null]`),
    'exponents-1e6': () => encoder.encode(`[${'1e308,'.repeat(count(1e6) - 1)}1e308]`),
    'random-doubles-5e5': () => {
      const random = createRandom(35);
      return toBytes(Array.from({ length: count(5e5) }, () => random.fullPrecision() * 10 ** random.int(-20, 20)));
    },
    'newline-escapes-2e6': () => encoder.encode(`["${'a\\n'.repeat(count(2e6))}"]`),
  };
}
