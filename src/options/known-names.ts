/**
 * Refuses an options object that carries a name the caller does not know.
 *
 * A misspelt option (`protoaction` for `protoAction`) would otherwise be ignored, and the
 * protection it was meant to switch on would silently stay off. Only own enumerable string keys
 * are checked, the ones an object literal or a spread produces; inherited names are not options.
 *
 * @param options - the caller's options object, already known to be a non-null object.
 * @param known - every option name the caller accepts.
 * @param caller - the public function's name, for the message (`parseBinary`, `parseBody`, ...).
 * @throws TypeError naming the unknown option and listing the known ones.
 */
export function rejectUnknownOptions(options: object, known: readonly string[], caller: string): void {
  for (const name of Object.keys(options)) {
    if (!known.includes(name)) {
      const near = known.find((candidate) => candidate.toLowerCase() === name.toLowerCase());
      const hint = near === undefined ? '' : ` (did you mean '${near}'?)`;
      throw new TypeError(
        `${caller}: unknown option '${name}'${hint}; known options: ${known.map((n) => `'${n}'`).join(', ')}`,
      );
    }
  }
}
