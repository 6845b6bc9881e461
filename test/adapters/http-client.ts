// A small node:http client for the adapter tests: sends exact bytes and headers (or a chunked
// body), and reads the whole answer.
import { request } from 'node:http';

export interface Sent {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: Uint8Array | string;
  /** Send without Content-Length, in chunks (Transfer-Encoding: chunked). */
  chunked?: boolean;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json(): any;
}

export function send(port: number, sent: Sent): Promise<Answer> {
  const body = typeof sent.body === 'string' ? Buffer.from(sent.body) : sent.body;
  const headers: Record<string, string> = { ...sent.headers };
  if (body !== undefined && !sent.chunked && headers['content-length'] === undefined) headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const outgoing = request({ port, host: '127.0.0.1', method: sent.method ?? 'POST', path: sent.path ?? '/', headers }, (incoming) => {
      const parts: Buffer[] = [];
      incoming.on('data', (part: Buffer) => parts.push(part));
      incoming.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8');
        resolve({ status: incoming.statusCode!, headers: incoming.headers, text, json: () => JSON.parse(text) });
      });
    });
    outgoing.on('error', reject);
    if (body !== undefined && sent.chunked) {
      const half = Math.floor(body.length / 2);
      outgoing.write(body.subarray(0, half));
      outgoing.end(body.subarray(half));
    } else {
      outgoing.end(body);
    }
  });
}
