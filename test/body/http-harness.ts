// A real node:http server around parseBody, plus raw-socket clients that can lie about
// Content-Length or hang up midway. The server records every outcome, so a test can check
// what the server decided even when the client never sees the response.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { parseBody, type ParseBodyOptions, type ParseBodyResult } from '../../src/body.js';

export interface BodyServer {
  port: number;
  /** Resolves with the server's outcome for the request sent with header `x-id: <id>`. */
  outcomeOf(id: string): Promise<ParseBodyResult>;
  close(): Promise<void>;
}

export async function startBodyServer(options: ParseBodyOptions = {}): Promise<BodyServer> {
  const outcomes = new Map<string, Promise<ParseBodyResult>>();
  const settlers = new Map<string, (outcome: ParseBodyResult) => void>();
  const expect = (id: string) => {
    if (!outcomes.has(id)) outcomes.set(id, new Promise((resolve) => settlers.set(id, resolve)));
    return outcomes.get(id)!;
  };
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    const limitHeader = req.headers['x-limit'];
    const limit = typeof limitHeader === 'string' ? Number(limitHeader) : options.limit;
    const id = String(req.headers['x-id']);
    expect(id);
    const outcome = await parseBody(req, { ...options, limit });
    settlers.get(id)!(outcome);
    if (outcome.ok) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(outcome.value));
    } else {
      res.writeHead(outcome.status, { connection: 'close', 'content-type': 'text/plain' }).end(outcome.message);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    outcomeOf: expect,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface RawResponse {
  status: number | undefined;
  text: string;
  /** How the connection ended for the client: closed cleanly, or reset while it was still sending. */
  error: string | undefined;
}

/**
 * Sends `head` (request line and headers, without the blank line) and then `body`, over a raw
 * socket; `ending` says how the client finishes: 'end' half-closes, 'destroy' hangs up at once,
 * 'wait' keeps the socket open until the server answers or closes.
 */
export function sendRaw(
  port: number,
  head: string,
  body: Uint8Array | string,
  ending: 'end' | 'destroy' | 'wait' = 'wait',
): Promise<RawResponse> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let error: string | undefined;
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', (cause) => {
      error = (cause as NodeJS.ErrnoException).code ?? cause.message;
    });
    socket.on('close', () => {
      const text = Buffer.concat(received).toString('latin1');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve({ status: match ? Number(match[1]) : undefined, text, error });
    });
    socket.on('connect', () => {
      socket.write(`${head}\r\n\r\n`);
      socket.write(body, () => {
        if (ending === 'end') socket.end();
        if (ending === 'destroy') setTimeout(() => socket.destroy(), 20);
      });
    });
  });
}

/** A POST head with the request id, the Content-Length (or chunked when undefined) and extra header lines. */
export function postHead(id: string, contentLength: number | undefined, ...extra: string[]): string {
  const length = contentLength === undefined ? 'Transfer-Encoding: chunked' : `Content-Length: ${contentLength}`;
  return ['POST / HTTP/1.1', 'Host: 127.0.0.1', `x-id: ${id}`, 'Content-Type: application/json', length, ...extra].join('\r\n');
}

/** Encodes `parts` as an HTTP/1.1 chunked body, with the final zero chunk unless `unfinished`. */
export function chunked(parts: (string | Uint8Array)[], unfinished = false): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const bytes = typeof part === 'string' ? Buffer.from(part) : Buffer.from(part);
    pieces.push(Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n'));
  }
  if (!unfinished) pieces.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(pieces);
}
