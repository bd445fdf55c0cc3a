import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { E2E_OIDC_NAME } from './oidc.ts';

export const PROVIDER = E2E_OIDC_NAME;

/** A new address on the provider: "ana.souza.<n>@example.com" is Ana Souza there. */
export function providerAddress(given: string, family: string): string {
  return `${given}.${family}.${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`.toLowerCase();
}

/**
 * On the provider's sign-in page (after a button sent the browser there): the account, then
 * straight back to the app.
 */
export async function signInAtProvider(page: Page, email: string) {
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/interaction\//);
  await page.getByLabel('Account').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}
