/**
 * json-parse-binary: `JSON.parseBinary` and `ArrayBuffer.prototype.detach` as a ponyfill.
 * This module never touches globals; `json-parse-binary/auto` or {@link install} does.
 * @packageDocumentation
 */
export { parseBinary } from './parse/parse-binary.js';
export type {
  BinaryInput,
  KeyAction,
  ParseBinaryFailure,
  ParseBinaryOptions,
  ParseBinaryResult,
  ParseBinarySuccess,
  ParseFailureCode,
} from './parse/types.js';
export {
  configureDetach,
  detach,
  detachStrategy,
  type DetachConfiguration,
  type DetachStrategy,
} from './detach/index.js';
export { install, type InstallOptions, type InstallOutcome, type InstallReport } from './shim/install.js';
