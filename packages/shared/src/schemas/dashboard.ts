import { z } from 'zod';
import { timeZoneSchema } from './consultation.ts';

/** The ranges the administration's dashboard offers, in days (today included). */
export const DASHBOARD_RANGES = [7, 30, 90] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

export const dashboardQuerySchema = z.strictObject({
  days: z.coerce
    .number()
    .int()
    .refine((n) => (DASHBOARD_RANGES as readonly number[]).includes(n), 'errors:VALIDATION_INVALID_FORMAT')
    .default(30),
  /** The reader's zone: a day is midnight to midnight there. */
  tz: timeZoneSchema.default('UTC'),
});
export type DashboardQuery = z.input<typeof dashboardQuerySchema>;

/** A count per day, in the order of `DashboardDto.days`. */
export type DailySeries = number[];

/**
 * GET /api/admin/dashboard: what happened each day of the range, read from the database (decision
 * 028). Flows (new members, payments…) are per day; active subscriptions are the number active at
 * the end of each day.
 */
export interface DashboardDto {
  /** The first and last day (yyyy-mm-dd, in `timeZone`) and every day between, in order. */
  from: string;
  to: string;
  timeZone: string;
  days: string[];
  newMembers: DailySeries;
  trialsStarted: DailySeries;
  /** Members whose first payment came that day (every member starts on the trial). */
  trialsConverted: DailySeries;
  /** Paid subscriptions active at the end of each day, per plan. */
  activeByPlan: { planId: string; name: string; counts: DailySeries }[];
  /** Money received, in minor units, per currency: plan checkouts paid and donations paid. */
  revenue: { currency: string; subscriptions: DailySeries; donations: DailySeries }[];
  /** Credits spent (answers, avatar, consultations), net of refunds. */
  creditsSpent: DailySeries;
  /** The guide's answers written (not counting those of conversations since deleted). */
  chatAnswers: DailySeries;
  /** Community posts published. */
  posts: DailySeries;
}
