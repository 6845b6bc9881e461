import { rejectUnknownOptions } from '../options/known-names.js';
import type { KeyAction, ParseBinaryOptions } from './types.js';

/** Options with every default filled in and every value checked. */
export interface ResolvedOptions {
  fatal: boolean;
  maxDepth: number;
  protoAction: KeyAction;
  constructorAction: KeyAction;
}

const DEFAULTS: ResolvedOptions = Object.freeze({
  fatal: false,
  maxDepth: Infinity,
  protoAction: 'ignore',
  constructorAction: 'ignore',
});

const KEY_ACTIONS: readonly unknown[] = ['ignore', 'error', 'remove'];

/** Every option name {@link resolveOptions} accepts; the body entry points accept these too. */
export const PARSE_OPTION_NAMES: readonly string[] = Object.freeze(['fatal', 'maxDepth', 'protoAction', 'constructorAction']);

/** Checks the options object; a wrong type or value is a programmer error and a TypeError. */
export function resolveOptions(options: ParseBinaryOptions | undefined, caller: string): ResolvedOptions {
  if (options === undefined) return DEFAULTS;
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`${caller}: options must be an object, got ${options === null ? 'null' : typeof options}`);
  }
  rejectUnknownOptions(options, PARSE_OPTION_NAMES, caller);
  const { fatal = false, maxDepth = Infinity, protoAction = 'ignore', constructorAction = 'ignore' } = options;
  if (typeof fatal !== 'boolean') throw new TypeError(`${caller}: options.fatal must be a boolean`);
  if (typeof maxDepth !== 'number' || !(maxDepth >= 0) || (maxDepth !== Infinity && !Number.isInteger(maxDepth))) {
    throw new TypeError(`${caller}: options.maxDepth must be a non-negative integer or Infinity`);
  }
  checkKeyAction(protoAction, 'protoAction', caller);
  checkKeyAction(constructorAction, 'constructorAction', caller);
  return { fatal, maxDepth, protoAction, constructorAction };
}

function checkKeyAction(action: unknown, name: string, caller: string): void {
  if (!KEY_ACTIONS.includes(action)) throw new TypeError(`${caller}: options.${name} must be 'ignore', 'error' or 'remove'`);
}
