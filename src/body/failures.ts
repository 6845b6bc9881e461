import type { BodyFailure } from './types.js';

// Every refusal the body readers produce, in one place so statuses and wording stay consistent.

function fail(status: number, message: string): BodyFailure {
  return { ok: false, status, message };
}

export function declaredTooLarge(declared: number, limit: number): BodyFailure {
  return fail(413, `The body declares ${declared} bytes, more than the limit of ${limit} bytes`);
}

export function streamedTooLarge(limit: number): BodyFailure {
  return fail(413, `The body is larger than the limit of ${limit} bytes`);
}

export function outOfMemory(size: number): BodyFailure {
  return fail(413, `The body is too large to hold in memory (${size} bytes could not be allocated)`);
}

export function unsupportedEncoding(encoding: string): BodyFailure {
  return fail(415, `Content-Encoding "${encoding}" is not supported: send the body uncompressed`);
}

export function invalidContentLength(value: string): BodyFailure {
  return fail(400, `Invalid Content-Length "${value}"`);
}

export function longerThanDeclared(declared: number): BodyFailure {
  return fail(400, `The body is longer than its declared Content-Length of ${declared} bytes`);
}

export function shorterThanDeclared(received: number, declared: number): BodyFailure {
  return fail(400, `The body ended after ${received} of its declared ${declared} bytes`);
}

export function clientHungUp(received: number): BodyFailure {
  return fail(400, `The client closed the connection before the body was complete (${received} bytes received)`);
}

export function sourceFailed(error: unknown): BodyFailure {
  const reason = error instanceof Error ? error.message : String(error);
  return fail(400, `Reading the body failed: ${reason}`);
}

export function emptyBody(): BodyFailure {
  return fail(400, 'The body is empty');
}
