import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip' | 'identity';

const qValue = (name: string) => new RegExp(`(?:^|,)\\s*${name}\\s*(?:;\\s*q=([0-9.]+))?\\s*(?:,|$)`, 'i');
const BR = qValue('br');
const GZIP = qValue('gzip');

/** The best encoding the client accepts among brotli, gzip and none. */
export function pickEncoding(req: FastifyRequest): Encoding {
  const accept = req.headers['accept-encoding'];
  if (!accept) return 'identity';
  const q = (re: RegExp) => {
    const m = re.exec(accept);
    return m ? (m[1] === undefined ? 1 : Number(m[1])) : 0;
  };
  if (q(BR) > 0) return 'br';
  if (q(GZIP) > 0) return 'gzip';
  return 'identity';
}

/**
 * A JSON answer kept to be sent many times (a feed page's copy, decision 034): compressed once per
 * encoding, the first time a client asks for it that way, then sent as it is. Brotli at quality 1:
 * a page that is sent only once (its copy dropped by a write before anyone asks again) must not
 * cost more to compress than to read; a 10 kB page still shrinks to about a fifth.
 */
export class EncodedBody {
  private br: Buffer | null = null;
  private gzip: Buffer | null = null;

  constructor(readonly json: Buffer) {}

  /** Bytes held: the JSON and whatever was compressed from it so far. */
  get bytes(): number {
    return this.json.length + (this.br?.length ?? 0) + (this.gzip?.length ?? 0);
  }

  /** Sends it as `req` accepts it. */
  send(req: FastifyRequest, reply: FastifyReply): FastifyReply {
    const encoding = pickEncoding(req);
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (encoding === 'br') {
      this.br ??= brotliCompressSync(this.json, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: this.json.length },
      });
      return reply.header('content-encoding', 'br').send(this.br);
    }
    if (encoding === 'gzip') {
      this.gzip ??= gzipSync(this.json, { level: 6 });
      return reply.header('content-encoding', 'gzip').send(this.gzip);
    }
    return reply.send(this.json);
  }
}
