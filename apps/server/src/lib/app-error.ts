import { ERROR_CODES, type ErrorCode } from '@candeia/shared/errors';

/** A failure with a code from the shared catalogue; the error handler translates it. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly fields?: Record<string, string>,
    /** Seconds to wait before trying again: sent as Retry-After. */
    readonly retryAfter?: number,
    /** Values for the message's placeholders (the handler translates them in; sent as `params`). */
    readonly params?: Record<string, string>,
  ) {
    super(code);
    this.name = 'AppError';
    this.status = ERROR_CODES[code].status;
  }

  /** The code, keeping the failure behind it for the log (ENGINEERING.md: errors keep their cause). */
  static caused(code: ErrorCode, cause: unknown): AppError {
    const err = new AppError(code);
    err.cause = cause;
    return err;
  }
}
