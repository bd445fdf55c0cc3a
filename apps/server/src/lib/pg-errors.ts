/**
 * PostgreSQL's SQLSTATE of a failed query, whether node-postgres's error came as it is or
 * wrapped by Drizzle (in `cause`); undefined for anything else.
 */
export function pgCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null | undefined;
  const code = typeof e?.cause?.code === 'string' ? e.cause.code : e?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The constraint a failed query ran into (with its SQLSTATE from pgCode). */
export function pgConstraint(err: unknown): string | undefined {
  const e = err as { constraint?: unknown; cause?: { constraint?: unknown } } | null | undefined;
  const name = e?.cause?.constraint ?? e?.constraint;
  return typeof name === 'string' ? name : undefined;
}

export const PG = {
  uniqueViolation: '23505',
  exclusionViolation: '23P01',
  deadlock: '40P01',
  /** An invalid parameter value, e.g. a time zone PostgreSQL does not know. */
  invalidParameterValue: '22023',
} as const;
