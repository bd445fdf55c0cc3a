import type { PlanFeatures } from '../constants.ts';

export interface PlanDto {
  id: string;
  slug: string | null;
  name: string;
  description: string | null;
  credits: number;
  /** Monthly price in minor units (centavos of BRL). */
  monthlyPriceCents: number;
  currency: string;
  features: PlanFeatures;
  isActive: boolean;
  isPublic: boolean;
}

/** What the access gate of SPEC.md §4 needs, computed by the server. */
export interface SubscriptionStateDto {
  status: string | null;
  isTrial: boolean;
  expiresAt: string | null;
  trialEndDate: string | null;
  planId: string | null;
  planName: string | null;
  planSlug: string | null;
  creditsRemaining: number;
  totalCredits: number;
  features: PlanFeatures;
  /** True when the gate lets the user into the subscription routes. */
  allowed: boolean;
  isAdmin: boolean;
  /** Whole days of trial left (ceil), when trialing. */
  trialDaysLeft: number | null;
}
