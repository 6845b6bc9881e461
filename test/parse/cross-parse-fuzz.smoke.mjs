// A seeded differential fuzz campaign against what parseBinary keeps from one parse to the next:
// many parses in one process, of documents that reuse and vary earlier keys, key sequences,
// values and maps (test/support/fuzz-documents.mjs), as every kind of input, truncated, corrupted,
// changed in place and parsed again. Every parse is judged against the shared oracle.
// FUZZ_SECONDS (default 8) bounds it and FUZZ_SEED (default 1) chooses it; the campaign depends on
// nothing but the seed, so on one runtime the same seed runs the same parses in the same order.
// Longer campaigns: npm run fuzz -- --runtime node24 --seconds 600 --seed 7
import { parseBinary } from '../../dist/index.js';
import { random } from '../runtimes/oracle.mjs';
import { currentRuntime } from '../runtimes/skip.mjs';
import { FuzzDocuments } from '../support/fuzz-documents.mjs';
import { INPUT_KINDS, makeInput } from '../support/input-kinds.mjs';
import { parseVerdict } from '../support/parse-verdict.mjs';
import { check, report } from '../support/smoke.mjs';

const seed = environmentNumber('FUZZ_SEED', 1);
const seconds = environmentNumber('FUZZ_SECONDS', 8);
const next = random(seed);
const documents = new FuzzDocuments(next);
const counts = { documents: 0, parses: 0, nativeWrong: 0 };
const started = Date.now();

function environmentNumber(name, fallback) {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) throw new TypeError(`${name} must be a number from 0, got ${text}`);
  return value;
}

const chance = (probability) => next() < probability;
const int = (count) => Math.floor(next() * count);

/** The runtime's name in the test matrix (test/runtimes/locate.mjs), for the replay command. */
function matrixName() {
  const runtime = currentRuntime();
  return runtime === 'node' ? `node${process.versions.node.split('.')[0]}` : runtime;
}

// Inputs up to this size are shown whole in a failure; a larger one is replayed from the seed.
const SHOWN_BYTES = 16384;

function base64(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
  return btoa(binary);
}

/** The failure message: what differed, where in the campaign, the input, and how to replay it. */
function mismatchMessage(problem, bytes, how) {
  const elapsed = (Date.now() - started) / 1000;
  const shown = bytes.subarray(0, SHOWN_BYTES);
  const cut = shown.length < bytes.length ? ` (the first ${SHOWN_BYTES})` : '';
  return [
    `parse #${counts.parses} of the campaign with seed ${seed} (document #${counts.documents}, ${how}) disagrees with JSON.parse: ${problem}`,
    `input, ${bytes.length} bytes${cut}, base64: ${base64(shown)}`,
    `as text: ${JSON.stringify(new TextDecoder().decode(bytes.subarray(0, 300)))}${bytes.length > 300 ? '...' : ''}`,
    `replay: npm run fuzz -- --runtime ${matrixName()} --seed ${seed} --seconds ${Math.ceil(elapsed * 2) + 10}`,
    '  The campaign depends only on its seed, so on this runtime it makes the same parses in the same order and stops',
    `  at this one again, given the time to get this far (this one came after ${elapsed.toFixed(1)} s). The parses before it`,
    '  made the state it met, so the input alone may well parse right.',
  ].join('\n');
}

/** Parses `input` (which holds exactly `bytes`) and fails the campaign unless the oracle agrees. */
function parseAndJudge(bytes, input, how, options) {
  counts.parses++;
  let verdict;
  try {
    verdict = parseVerdict(parseBinary(input, options), bytes, options);
  } catch (error) {
    verdict = { problem: `parseBinary threw ${error?.stack ?? error}` };
  }
  if (verdict.problem !== undefined) throw new Error(mismatchMessage(verdict.problem, bytes, how));
  if (verdict.nativeWrong) counts.nativeWrong++;
}

function parseAs(bytes, kind, how = kind) {
  parseAndJudge(bytes, makeInput(bytes, kind, next), how);
}

function randomKind() {
  return INPUT_KINDS[int(INPUT_KINDS.length)];
}

/** Every prefix of a short document, forty of a long one: each ends the parse somewhere new. */
function parseTruncations(bytes) {
  if (bytes.length <= 300) {
    for (let length = 0; length < bytes.length; length++) parseAs(bytes.subarray(0, length), 'Uint8Array', `cut to ${length} bytes`);
  } else {
    for (let i = 0; i < 40; i++) {
      const length = int(bytes.length);
      parseAs(bytes.subarray(0, length), 'Uint8Array', `cut to ${length} bytes`);
    }
  }
}

const isDigit = (byte) => byte >= 0x30 && byte <= 0x39;
const isLetter = (byte) => (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x41 && byte <= 0x5a);

/**
 * Parses one buffer, changes a letter or digit of it in place, parses it again, and sometimes
 * changes it back: nothing the parser kept from the buffer may outlive its bytes. Padding past
 * 1 KB or 16 KB sometimes makes the parser read the caller's memory rather than its kept copy.
 */
function parseAfterChangesInPlace(document) {
  const length = chance(0.3) ? Math.max(document.length, chance(0.5) ? 1100 : 17000) : document.length;
  const offset = chance(0.5) ? 0 : 7;
  const backing = new Uint8Array(offset + length + (offset > 0 ? 9 : 0)).fill(0x20);
  const view = backing.subarray(offset, offset + length);
  view.set(document);
  const input = offset === 0 && chance(0.5) ? backing.buffer : view;
  const kind = input === view ? 'a view changed in place' : 'an ArrayBuffer changed in place';
  parseAndJudge(view.slice(), input, kind);
  const positions = [];
  for (let i = 0; i < view.length; i++) if (isDigit(view[i]) || isLetter(view[i])) positions.push(i);
  for (let round = 0; round < 3 && positions.length > 0; round++) {
    const at = positions[int(positions.length)];
    const old = view[at];
    view[at] = isDigit(old) ? 0x30 + int(10) : (old >= 0x61 ? 0x61 : 0x41) + int(26);
    parseAndJudge(view.slice(), input, `${kind}: byte ${at} ${old} -> ${view[at]}`);
    if (chance(0.5)) {
      view[at] = old;
      parseAndJudge(view.slice(), input, `${kind}: byte ${at} back to ${old}`);
    }
  }
}

/** One document and what the campaign derives from it. */
function campaignStep() {
  const document = documents.document();
  counts.documents++;
  parseAs(document, chance(0.8) ? 'Uint8Array' : randomKind());
  if (chance(0.2)) parseAs(document, randomKind());
  if (chance(0.1)) parseTruncations(document);
  if (chance(0.3)) {
    const count = 1 + int(6);
    for (let i = 0; i < count; i++) parseAs(documents.corrupted(document), chance(0.8) ? 'Uint8Array' : randomKind(), 'corrupted');
  }
  if (chance(0.04)) parseAfterChangesInPlace(document);
  if (chance(0.01)) parseAndJudge(document, document, 'fatal mode', { fatal: true });
  if (chance(0.02)) parseAs(document, 'Uint8Array', 'the same bytes again');
}

await check(`seeded campaign (FUZZ_SEED=${seed}, FUZZ_SECONDS=${seconds}): every parse agrees with JSON.parse`, () => {
  const deadline = started + seconds * 1000;
  // The clock only decides when to stop, never what comes next, so a seed replays exactly.
  do campaignStep();
  while (Date.now() < deadline);
});

const elapsed = ((Date.now() - started) / 1000).toFixed(1);
console.log(`note: seed ${seed}, ${elapsed} s: ${counts.documents} documents, ${counts.parses} parses, ${counts.nativeWrong} where native JSON.parse was wrong (a fresh realm agreed with parseBinary)`);
report('cross-parse-fuzz');
