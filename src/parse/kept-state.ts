import type { ParseState } from './state.js';

/**
 * The last parse's state, emptied of its input, kept for good. V8 reaches ParseState's hidden class
 * from the class's first one only through transitions, which it holds weakly: a forced full GC
 * (`gc()`) with no parse under way freed it, and every optimized function that takes a state was
 * thrown away with it (`--trace-deopt`: "embedded weak objects cleared"), so the next ten parses or
 * so ran unoptimized or half-optimized, 2 to 9 times slower, boxing every word the scans read, which
 * is what the memory figures measured (bench/NOTES.md, round 9, strings). A state made at load did
 * not keep the class that parses end up with; the last real one does.
 */
let keptState: ParseState | undefined;

const NO_BYTES = new Uint8Array(0);
// A DataView like the readers most parses get (input-view.ts), so that the field keeps its kind.
const NO_VIEW = new DataView(new ArrayBuffer(0));

/** The fields that could hold the caller's input or a parsed value alive. */
interface InputHolder {
  bytes: Uint8Array;
  words: Uint32Array | undefined | null;
  key: unknown;
  view: unknown;
}

/**
 * Keeps `state`, whose parse is over, with nothing of its input, so that its hidden class lives on.
 * Its reader of the input went too: until round 51 it kept the caller's buffer alive until the next
 * parse that reached the parser, 18 MB after an 18 MB document (bench/NOTES.md, round 51).
 */
export function keepStateClass(state: ParseState): void {
  const holder = state as unknown as InputHolder;
  holder.bytes = NO_BYTES;
  holder.words = null;
  holder.key = '';
  holder.view = NO_VIEW;
  keptState = state;
}

/** The state {@link keepStateClass} kept last (for tests). */
export function lastKeptState(): ParseState | undefined {
  return keptState;
}
