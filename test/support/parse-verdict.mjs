// How the smoke suites judge one parseBinary result against the shared oracle
// (test/runtimes/oracle.mjs): the value honestly (a fresh realm settles what V8's own JSON.parse
// gets wrong), and a failure only by its shape, since the oracle's failure has no position to
// compare with. Shared by the parse smoke suite and the cross-parse fuzz campaign.
import { honestDifference, oracle } from '../runtimes/oracle.mjs';
import { assert } from './smoke.mjs';

const fatalDecoder = new TextDecoder('utf-8', { fatal: true });

/**
 * What is wrong with a failure result for `bytes`, or undefined: it needs a message, a position
 * inside the input, and a line and a column from 1.
 */
export function failureShapeProblem(result, bytes) {
  if (result.ok !== false) return 'expected a failure';
  if (typeof result.message !== 'string' || result.message.length === 0) return 'empty message';
  if (!Number.isInteger(result.position) || result.position < 0 || result.position > bytes.byteLength) {
    return `position ${result.position} outside 0..${bytes.byteLength}`;
  }
  if (!Number.isInteger(result.line) || result.line < 1) return `line ${result.line}`;
  if (!Number.isInteger(result.column) || result.column < 1) return `column ${result.column}`;
  return undefined;
}

/** Throws unless `result` is a well-formed failure for `bytes`. */
export function assertFailureShape(name, result, bytes) {
  const problem = failureShapeProblem(result, bytes);
  assert(problem === undefined, `${name}: ${problem}`);
}

/** Whether `bytes` is well-formed UTF-8, which fatal mode requires on top of the oracle. */
function decodesStrictly(bytes) {
  try {
    fatalDecoder.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Judges `result`, what parseBinary returned for `bytes` (parsed with `options`, of which only
 * `fatal` changes the expectation), against JSON.parse of the TextDecoder'd bytes.
 * @returns {{ problem?: string, nativeWrong?: string }} `problem` when parseBinary is wrong;
 *   `nativeWrong` when this engine's JSON.parse was the wrong one (see honestDifference).
 */
export function parseVerdict(result, bytes, options) {
  const expected = oracle(bytes);
  const expectedOk = expected.ok && (!options?.fatal || decodesStrictly(bytes));
  if (result.ok !== expectedOk) {
    const because = result.ok ? '' : ` (${result.message})`;
    return { problem: `ok is ${result.ok}, JSON.parse says ${expectedOk}${because}` };
  }
  if (!expectedOk) {
    const problem = failureShapeProblem(result, bytes);
    return problem === undefined ? {} : { problem };
  }
  const verdict = honestDifference(result.value, expected.value, bytes);
  return verdict.difference === undefined ? { nativeWrong: verdict.nativeWrong } : { problem: verdict.difference };
}
