import { SESSION_COOKIE } from '@candeia/shared/constants';
import type { FastifyReply } from 'fastify';

/** The session cookie: HttpOnly, SameSite=Lax, the whole site. Set at sign-in, cleared at sign-out. */
export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}

/** The session's last activity and end, as the auth plugin found them for this request. */
export function sessionTimes(req: unknown): { lastSeen: Date; expiresAt: Date } | undefined {
  return (req as { sessionTimes?: { lastSeen: Date; expiresAt: Date } }).sessionTimes;
}
