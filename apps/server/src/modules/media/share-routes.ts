import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HOUR_MS } from '@candeia/shared/constants';
import { SHARE_FILES_MAX, VIDEO_MAX_BYTES } from '@candeia/shared/schemas/media';
import { malformedMultipart } from './multipart.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Deps } from '../../types.ts';
import { logSecurityEvent } from '../security/index.ts';
import { claimShare, dropShare, IncomingShare, SHARE_COOKIE, STASH_TTL_MS } from './share.ts';

/** Where the page goes once the share is kept: the web app's /share (`?kept=1`: a stash waits). */
const AFTER_SHARE = '/share?kept=1';

/**
 * A post the browser itself says came from another site is refused (decision 021). The share
 * sheet's post is the browser's own navigation (`Sec-Fetch-Site: none`, no Origin or `null`), a
 * form of our own pages is `same-origin`; another site's form is `cross-site` (or `same-site`),
 * and an Origin that names another site is refused whatever else is sent.
 */
async function refuseCrossSite(deps: Deps, req: FastifyRequest, appOrigin: string): Promise<void> {
  const site = req.headers['sec-fetch-site'];
  const origin = req.headers.origin;
  let ok = site === undefined || site === 'none' || site === 'same-origin';
  if (typeof origin === 'string' && origin !== 'null') {
    try {
      ok &&= new URL(origin).origin === appOrigin;
    } catch {
      ok = false;
    }
  }
  if (ok) return;
  await logSecurityEvent(deps, req.actor(), {
    type: 'csrf_rejected',
    success: false,
    details: `POST /share origin=${String(origin ?? '-').slice(0, 100)} site=${String(site ?? '-')}`,
  });
  throw new AppError('CSRF_REJECTED');
}

/**
 * `POST /share`: the PWA's share target (decision 021), a page route (no session needed: the
 * sheet may open Candeia signed out). Multipart in this scope only: title, text and url, and up to
 * four files under `media`, each cut at a video's largest size. What arrives is kept for an hour
 * under server-made keys; the browser gets an HttpOnly cookie naming it and is sent to the page.
 */
export const shareRoutes: FastifyPluginAsyncZod<{ secureCookies: boolean }> = async (app, opts) => {
  const { deps } = app;
  const appOrigin = new URL(deps.config.APP_URL).origin;
  await app.register(multipart, {
    limits: {
      fileSize: VIDEO_MAX_BYTES,
      files: SHARE_FILES_MAX,
      fields: 3,
      parts: SHARE_FILES_MAX + 3,
      fieldSize: 24 * 1024,
      headerPairs: 50,
    },
    throwFileSizeLimit: true,
  });
  app.post(
    '/share',
    { config: { access: 'public', rateLimit: { max: 30, windowMs: HOUR_MS } } },
    async (req, reply) => {
      await refuseCrossSite(deps, req, appOrigin);
      if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const share = new IncomingShare(deps);
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (part.fieldname === 'media') await share.addFile(part.file);
            else for await (const _chunk of part.file); // another field's file: read and dropped
          } else {
            if (part.valueTruncated) throw new AppError('PAYLOAD_TOO_LARGE');
            share.setField(part.fieldname, typeof part.value === 'string' ? part.value : '');
          }
        }
        await share.cleanTemp();
        if (share.empty) return await reply.redirect('/share', 303);
        await dropShare(deps, req.cookies[SHARE_COOKIE]);
        const cookie = await share.save();
        reply.setCookie(SHARE_COOKIE, cookie, {
          httpOnly: true,
          sameSite: 'lax',
          secure: opts.secureCookies,
          path: '/',
          maxAge: STASH_TTL_MS / 1000,
        });
        return await reply.redirect(AFTER_SHARE, 303);
      } catch (err) {
        await share.discard();
        throw malformedMultipart(err) ? new AppError('BAD_REQUEST') : err;
      }
    },
  );
};

/** `POST /api/share/claim`: the signed-in member takes what this browser was given to share. */
export const shareApiRoutes: FastifyPluginAsyncZod<{ secureCookies: boolean }> = async (app, opts) => {
  app.post('/claim', async (req, reply) => {
    const result = await claimShare(app.deps, req.actor(), req.cookies[SHARE_COOKIE]);
    reply.clearCookie(SHARE_COOKIE, { httpOnly: true, sameSite: 'lax', secure: opts.secureCookies, path: '/' });
    return result;
  });
};
