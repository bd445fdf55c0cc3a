/**
 * An error as it may be written to a log (SECURITY.md 1 and 26). Drizzle puts every bound
 * parameter of a failed query into the message and a `params` field: password hashes, e-mails,
 * tokens. Only the name, the code, the message without its parameters and the stack are kept.
 */
export function loggableError(err: unknown): {
  type: string;
  message: string;
  code?: string;
  stack?: string;
  cause?: string;
} {
  if (!(err instanceof Error)) return { type: typeof err, message: '[non-error thrown]' };
  const strip = (s: string) => s.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/g, '\nparams: [redacted]');
  const cause = err.cause as { message?: unknown; code?: unknown } | undefined;
  const code = (err as { code?: unknown }).code ?? cause?.code;
  return {
    type: err.name,
    message: strip(err.message),
    ...(typeof code === 'string' ? { code } : {}),
    ...(err.stack ? { stack: strip(err.stack) } : {}),
    ...(cause && typeof cause.message === 'string' ? { cause: cause.message } : {}),
  };
}
