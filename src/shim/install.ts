import { detach, detachStrategy } from '../detach/index.js';
import { arrayBufferByteLength } from '../buffers/intrinsics.js';
import { rejectUnknownOptions } from '../options/known-names.js';
import { parseBinary } from '../parse/parse-binary.js';
import type { BinaryInput, ParseBinaryOptions, ParseBinaryResult } from '../parse/types.js';

/**
 * What {@link install} did with one global:
 * - `'installed'`: it was absent and is now this package's function.
 * - `'present'`: something was already there (a built-in, or an earlier install) and was left alone.
 * - `'replaced'`: something was already there and `force` overwrote it.
 * - `'unsupported'`: this runtime offers no way to provide it, so nothing was installed
 *   (only `detach`, on a runtime that cannot detach buffers at all).
 * - `'locked'`: the object it belongs on is frozen or the property cannot be redefined
 *   (for example after a hardening `lockdown()`), so nothing was changed.
 */
export type InstallOutcome = 'installed' | 'present' | 'replaced' | 'unsupported' | 'locked';

/** What {@link install} did with each of the two globals. */
export interface InstallReport {
  /** `JSON.parseBinary`. Never `'unsupported'`: parsing works everywhere. */
  parseBinary: InstallOutcome;
  /** `ArrayBuffer.prototype.detach`. */
  detach: InstallOutcome;
}

/** Options for {@link install}. */
export interface InstallOptions {
  /**
   * Overwrite a `JSON.parseBinary` or `ArrayBuffer.prototype.detach` that is already there,
   * built-in or not. Default `false`: an existing one always wins.
   */
  force?: boolean;
}

/**
 * Installs `JSON.parseBinary` and `ArrayBuffer.prototype.detach` with the shapes the proposals
 * give them: writable, configurable, not enumerable, not constructors. What is already there is
 * kept unless `options.force` is true. `detach` is left out where the runtime cannot detach.
 *
 * Importing `json-parse-binary/auto` calls this once; call it yourself for control or a report.
 * The global TypeScript types then come from one type-only line, which installs nothing:
 * `import type {} from 'json-parse-binary/auto';`
 * @returns what happened to each global.
 * @throws TypeError when `options` is given and is not an object, or names an unknown option.
 */
export function install(options?: InstallOptions): InstallReport {
  if (options !== undefined && (typeof options !== 'object' || options === null)) {
    throw new TypeError('install(options): options must be an object when given');
  }
  if (options !== undefined) rejectUnknownOptions(options, ['force'], 'install');
  const force = options?.force === true;
  const globals = builtInShapes();
  return {
    parseBinary: define(JSON, 'parseBinary', globals.parseBinary, force),
    detach:
      detachStrategy === 'none'
        ? 'unsupported'
        : define(ArrayBuffer.prototype, 'detach', globals.detach, force),
  };
}

/**
 * The two functions in the form the proposals would give them. Method shorthand is used because
 * such functions have the right `name` and are not constructors (`new JSON.parseBinary()` throws).
 */
function builtInShapes() {
  return {
    // The optional second argument as a rest parameter keeps `length` at 1, as for a built-in whose
    // second argument is optional, whatever a minifier does with unused defaults (round 56).
    parseBinary<T = unknown>(input: BinaryInput, ...options: [ParseBinaryOptions?]): ParseBinaryResult<T> {
      // Read only when given: an absent index would be looked up on a polluted Array.prototype.
      return parseBinary(input, options.length > 0 ? options[0] : undefined) as ParseBinaryResult<T>;
    },
    detach(this: ArrayBuffer): void {
      // The byteLength getter, captured before any user code could patch it, throws for anything
      // without [[ArrayBufferData]] or that is shared: SharedArrayBuffers, views, proxies and
      // look-alikes all fail here, while ArrayBuffers from other realms pass (instanceof would not).
      try {
        arrayBufferByteLength(this);
      } catch {
        throw new TypeError('ArrayBuffer.prototype.detach called on something that is not an ArrayBuffer');
      }
      detach(this);
    },
  };
}

function define(target: object, key: string, value: Function, force: boolean): InstallOutcome {
  const existing = Object.getOwnPropertyDescriptor(target, key);
  if (existing && !force) return 'present';
  if ((existing && !existing.configurable) || (!existing && !Object.isExtensible(target))) {
    return 'locked';
  }
  Object.defineProperty(target, key, { value, writable: true, enumerable: false, configurable: true });
  return existing ? 'replaced' : 'installed';
}
