import type { IncomingMessage } from 'node:http';

/** Admission requests hold at most two objects of 3 MB each plus the envelope, as controller-runtime reckons. */
export const MAX_REQUEST_BYTES = 7 * 1024 * 1024;

export class BodyTooLargeError extends Error {
  constructor(limit: number) {
    super(`request entity is too large; limit is ${limit} bytes`);
  }
}

/** Reads the whole body, refusing more than `limit` bytes. */
export async function readBody(req: IncomingMessage, limit = MAX_REQUEST_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) {
      req.resume();
      throw new BodyTooLargeError(limit);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
