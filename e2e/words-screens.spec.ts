import type { Page } from '@playwright/test';
import { settle, shot } from './support/billing.ts';
import { expect, grantCredits, test } from './support/fixtures.ts';

/**
 * The screens whose words changed most, in the three languages: each says what its language
 * should say, nothing on it leaves the screen sideways, and each is photographed to be looked at
 * (e2e/screenshots/<project>/words-*.png).
 */
const LANGS = [
  {
    lng: 'pt-BR',
    currency: 'Valores em reais (R$).',
    truth: 'Quando uma referência não pode ser conferida',
    blocked: 'Acesso Bloqueado',
    donate: 'Doe só o que puder',
    urgent: 'sem custo, com contatos de ajuda',
  },
  {
    lng: 'en-US',
    currency: 'Prices are in Brazilian reais (R$, BRL).',
    truth: 'When a reference can’t be checked',
    blocked: 'Access Blocked',
    donate: 'Give only what you can',
    urgent: 'free of charge, with places to get help',
  },
  {
    lng: 'es-ES',
    currency: 'Precios en reales brasileños (R$, BRL).',
    truth: 'Cuando una referencia no se puede comprobar',
    blocked: 'Acceso bloqueado',
    donate: 'Dona solo lo que puedas',
    urgent: 'sin coste, con contactos de ayuda',
  },
] as const;

/** Nothing wider than the window: no sideways scrolling. */
async function expectNoOverflow(page: Page, screen: string) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wide, `${screen} is ${wide}px wider than the window`).toBeLessThanOrEqual(1);
}

for (const l of LANGS) {
  test(`words in ${l.lng}: landing, plans, donations, blocked access, chat without credits`, async ({
    page,
    login,
  }) => {
    const project = test.info().project.name;
    await page.goto(`/?lng=${l.lng}`);
    await expect(page.getByText(l.truth)).toBeVisible();
    await expect(page.locator('#pricing').getByText(l.currency)).toBeVisible();
    await settle(page);
    await expectNoOverflow(page, `/ (${l.lng})`);
    await shot(page, project, `words-landing-${l.lng}`);

    await page.goto(`/subscription?lng=${l.lng}`);
    await expect(page.locator('#plans').getByText(l.currency)).toBeVisible();
    await settle(page);
    await expectNoOverflow(page, `/subscription (${l.lng})`);
    await shot(page, project, `words-subscription-${l.lng}`);

    await page.goto(`/donations?lng=${l.lng}`);
    await expect(page.getByText(l.donate)).toBeVisible();
    await settle(page);
    await expectNoOverflow(page, `/donations (${l.lng})`);
    await shot(page, project, `words-donations-${l.lng}`);

    const blocked = await login({ status: 'past_due', firstName: 'Clara' });
    await page.goto(`/subscription?expired=true&lng=${l.lng}`);
    await expect(page.getByRole('heading', { name: l.blocked })).toBeVisible();
    await settle(page);
    await expectNoOverflow(page, `/subscription?expired=true (${l.lng})`);
    await shot(page, project, `words-blocked-${l.lng}`);

    // A member with a few credits left: the notice says an urgent message is still answered.
    await page.context().clearCookies();
    const member = await login({ firstName: 'Clara' });
    expect(member.id).not.toBe(blocked.id);
    await grantCredits(member.id, 40);
    await page.goto(`/chat?lng=${l.lng}`);
    const composer = page.locator('textarea').first();
    await composer.fill('Preciso de paz no trabalho, ajude-me a ter calma e esperança');
    await composer.press('Enter');
    await expect(page.getByText(l.urgent)).toBeVisible();
    await expectNoOverflow(page, `/chat, no credits (${l.lng})`);
    await shot(page, project, `words-chat-no-credits-${l.lng}`);
  });
}
