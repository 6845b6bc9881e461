// Request bodies for `npm run bench:http`, by kind and size, the same bytes on every run:
//   records  an API-like list of records (bench/http-payload.js)
//   mixed    the real-world shapes of bench/realworld-shapes.js side by side in one document, each
//            a quarter of the size: a map keyed by data, Markdown prose, Cyrillic and Chinese messages
//   <name>   any single look-alike of bench/realworld-shapes.js (flat-arn-map, messages-ja, ...)
import { makePayload } from '../http-payload.js';
import { lookAlikes } from '../realworld-shapes.js';
import { summarizeBody } from './summarize-body.js';

const MIXED_PARTS = { map: 'flat-arn-map', prose: 'markdown-docs', 'messages-ru': 'messages-ru', 'messages-zh': 'messages-zh' };

export const bodyKinds = ['records', 'mixed', ...Object.keys(lookAlikes)];

function mixed(targetBytes) {
  const encoder = new TextEncoder();
  const parts = Object.entries(MIXED_PARTS).map(([key, shape], index) => [
    encoder.encode(`${index === 0 ? '{' : ','}${JSON.stringify(key)}:`),
    lookAlikes[shape]({ targetBytes: Math.max(64, Math.floor(targetBytes / 4) - 32) }),
  ]);
  return Buffer.concat([...parts.flat(), encoder.encode('}')]);
}

/** `{ body, expected }`: the UTF-8 bytes and the answer a correct server gives for them. */
export function makeBody(kind, targetBytes) {
  let body;
  if (kind === 'records') body = makePayload(targetBytes).body;
  else if (kind === 'mixed') body = mixed(targetBytes);
  else if (lookAlikes[kind]) body = Buffer.from(lookAlikes[kind]({ targetBytes }));
  else throw new Error(`unknown body kind ${kind}; known: ${bodyKinds.join(', ')}`);
  return { body, expected: summarizeBody(JSON.parse(body.toString())) };
}
