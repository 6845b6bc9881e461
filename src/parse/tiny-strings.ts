// Strings of two or three ASCII characters (country and currency codes, units, short flags) from a
// small table of those made before: their packed codes identify them exactly, so a hit costs one
// integer compare, where a new string costs an allocation (on Bun a native call, 30 to 40 ns).

/** Table slots; a power of two. Strings that collide replace each other. */
const SLOTS = 4096;
// Pure calls: the browser build, which never uses the table, drops them (its size is capped).
const packedCodes = /* @__PURE__ */ emptyCodes();
const strings = /* @__PURE__ */ emptyStrings();

function emptyCodes(): Int32Array {
  return new Int32Array(SLOTS).fill(-1);
}

function emptyStrings(): string[] {
  return new Array<string>(SLOTS).fill('');
}

/**
 * The string of the codes `c[i, i + length)`, `length` 2 or 3; from the table when they are all
 * ASCII. Each code is read once: the string is made from the same reads as its packed form, so
 * that shared memory changing meanwhile cannot leave a wrong string in the table.
 */
export function tinyString(c: Uint8Array | Uint16Array, i: number, length: number): string {
  const first = c[i];
  const second = c[i + 1];
  const third = length === 3 ? c[i + 2] : 0;
  if ((first | second | third) >= 0x80) {
    return length === 3 ? String.fromCharCode(first, second, third) : String.fromCharCode(first, second);
  }
  // Seven bits a character, and the length: distinct for every such string.
  const packed = first | (second << 7) | (third << 14) | (length << 21);
  const slot = Math.imul(packed, 0x9e3779b1) >>> 20;
  if (packedCodes[slot] === packed) return strings[slot];
  const text = length === 3 ? String.fromCharCode(first, second, third) : String.fromCharCode(first, second);
  packedCodes[slot] = packed;
  strings[slot] = text;
  return text;
}
