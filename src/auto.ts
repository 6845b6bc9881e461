/**
 * Importing `json-parse-binary/auto` installs `JSON.parseBinary` and
 * `ArrayBuffer.prototype.detach` on the global objects (built-ins already there are kept) and
 * brings their global TypeScript types.
 * @packageDocumentation
 */
import './shim/globals.js';
import { install, type InstallReport } from './shim/install.js';

export type { InstallOutcome, InstallReport } from './shim/install.js';

/** What importing this module did with each global; see {@link InstallReport}. */
export const installed: InstallReport = install();
