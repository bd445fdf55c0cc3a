import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SECURITY_EVENT_TYPES } from '../src/security-events.ts';

const catalogue = (locale: string) =>
  JSON.parse(readFileSync(new URL(`../src/i18n/${locale}/admin.json`, import.meta.url), 'utf8')) as {
    eventTypes: Record<string, string>;
  };

describe('security event types', () => {
  it('include the admin and payment events the log filter used to miss', () => {
    expect(SECURITY_EVENT_TYPES).toEqual(
      expect.arrayContaining(['admin_plan_saved', 'admin_credits_granted', 'webhook_rejected']),
    );
  });

  it.each(['pt-BR', 'en-US', 'es-ES'])('each has a label in %s', (locale) => {
    const labels = catalogue(locale).eventTypes;
    for (const type of SECURITY_EVENT_TYPES) expect(labels[type], type).toBeTruthy();
    expect(Object.keys(labels).sort()).toEqual([...SECURITY_EVENT_TYPES].sort());
  });
});
