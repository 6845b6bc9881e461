// The ways to turn UTF-8 JSON bytes into a value that the benchmarks compare. Each contender
// prepares whatever a real program would already hold (a Buffer view of the body, say) outside
// the timed function, so only the parse itself is measured.
import { JSONParser } from '@streamparser/json';
import secureJson from 'secure-json-parse';
import uint8arrayJsonParser from 'uint8array-json-parser';

const hasBuffer = typeof globalThis.Buffer === 'function';
// One decoder for the whole program, as servers do: the strongest form of the baseline.
const decoder = new TextDecoder();

/** Node Buffer over the same memory as `bytes` (no copy), where Buffer exists. */
function asBuffer(bytes) {
  return globalThis.Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function streamParse(bytes) {
  let root;
  const parser = new JSONParser({ paths: ['$'], keepStack: false });
  parser.onValue = ({ value }) => {
    root = value;
  };
  parser.write(bytes);
  // A complete object or array ends the parser by itself; only a bare number still waits for end().
  if (root === undefined) parser.end();
  return root;
}

/**
 * Contenders for valid input. `prepare(bytes)` returns the timed zero-argument function, which
 * returns the parsed value (or a promise of it).
 * @param {{ parseBinary: Function }} library
 */
export function parseContenders(library) {
  const { parseBinary } = library;
  const all = [
    {
      id: 'native',
      label: 'JSON.parse(decoder.decode(bytes))',
      prepare: (bytes) => () => JSON.parse(decoder.decode(bytes)),
    },
    {
      id: 'parseBinary',
      label: 'parseBinary(bytes)',
      prepare: (bytes) => () => {
        const result = parseBinary(bytes);
        if (!result.ok) throw new Error(`parseBinary failed: ${result.message}`);
        return result.value;
      },
    },
    {
      id: 'buffer',
      label: 'JSON.parse(buffer.toString())',
      available: hasBuffer,
      prepare: (bytes) => {
        const buffer = asBuffer(bytes);
        return () => JSON.parse(buffer.toString());
      },
    },
    {
      id: 'response',
      label: 'await new Response(bytes).json()',
      available: typeof globalThis.Response === 'function',
      prepare: (bytes) => () => new Response(bytes).json(),
    },
    {
      id: 'secure-json-parse',
      label: 'sjson.parse(buffer)',
      // Its default settings: reject __proto__ and constructor.prototype (a regex pass over the text).
      prepare: (bytes) => {
        const input = hasBuffer ? asBuffer(bytes) : null;
        return input ? () => secureJson.parse(input) : () => secureJson.parse(decoder.decode(bytes));
      },
    },
    {
      id: 'uint8array-json-parser',
      label: 'JSON_parse(bytes)',
      prepare: (bytes) => () => uint8arrayJsonParser.JSON_parse(bytes),
    },
    {
      id: '@streamparser/json',
      label: 'JSONParser.write(bytes)',
      prepare: (bytes) => () => streamParse(bytes),
    },
  ];
  return all.filter((contender) => contender.available !== false);
}

/**
 * Contenders for invalid input: each returns a truthy "failed" marker for bad bytes, so the
 * benchmark can check that it really noticed the error.
 * @param {{ parseBinary: Function }} library
 */
export function failureContenders(library) {
  const { parseBinary } = library;
  return [
    {
      id: 'native',
      label: 'try { JSON.parse(decoder.decode(bytes)) } catch',
      prepare: (bytes) => () => {
        try {
          JSON.parse(decoder.decode(bytes));
          return false;
        } catch (error) {
          return error.message;
        }
      },
    },
    {
      id: 'parseBinary',
      label: 'parseBinary(bytes).ok === false',
      prepare: (bytes) => () => {
        const result = parseBinary(bytes);
        return result.ok ? false : result.message;
      },
    },
    {
      id: 'secure-json-parse',
      label: 'sjson.safeParse(buffer) === undefined',
      prepare: (bytes) => {
        const input = hasBuffer ? asBuffer(bytes) : null;
        const safeParse = input ? () => secureJson.safeParse(input) : () => secureJson.safeParse(decoder.decode(bytes));
        return () => safeParse() === undefined && 'returned undefined';
      },
    },
  ];
}
