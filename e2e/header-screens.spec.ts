import type { Page } from '@playwright/test';
import { LOCALE_STORAGE_KEY } from '@candeia/shared/constants';
import { createUser, expect, loginAs, test } from './support/fixtures.ts';
import { settle } from './support/billing.ts';
import { expectAccessible } from './support/scripture.ts';

/**
 * The header carries every place of the app and fits: at 1024, 1280 and 1440 px wide (desktop
 * project) and on a phone (390 px, menu open), no text in it is cut or wrapped and nothing
 * leaves the screen, signed out and signed in as an administrator (the longest menu), in each
 * language. Photographed to be looked at.
 */

/** What in the header is cut, wrapped or off screen: one line each (none is the goal). */
function problems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const header = document.querySelector('header')!;
    const canvas = document.createElement('canvas').getContext('2d')!;
    for (const el of Array.from(header.querySelectorAll<HTMLElement>('a, button, select'))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || el.closest('[hidden]')) continue;
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
      if (box.left < -1 || box.right > window.innerWidth + 1) found.push(`${name}: off screen`);
      if (el.scrollWidth > el.clientWidth + 1) found.push(`${name}: cut (${el.scrollWidth} > ${el.clientWidth})`);
      if (el instanceof HTMLSelectElement) {
        const style = getComputedStyle(el);
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = el.selectedOptions[0]?.textContent ?? '';
        const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        if (canvas.measureText(text).width > room + 1) found.push(`${text}: cut in its box`);
        continue;
      }
      // One line of text: every text node's rectangles share one top.
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const tops = new Set<number>();
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        // Text for screen readers only (clipped to a pixel) is not on screen.
        if (!n.textContent?.trim() || (n.parentElement?.getBoundingClientRect().width ?? 0) <= 1) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        for (const r of Array.from(range.getClientRects())) if (r.width > 0) tops.add(Math.round(r.top));
      }
      if (tops.size > 1) found.push(`${name}: wraps onto ${tops.size} lines`);
    }
    return found;
  });
}

const LOCALES = ['pt-BR', 'en-US', 'es-ES'] as const;

/** The app in another language: on this device, and on the member's profile when signed in. */
async function inLocale(page: Page, locale: string, signedIn: boolean, origin: string) {
  await page.evaluate(([key, l]) => localStorage.setItem(key!, l!), [LOCALE_STORAGE_KEY, locale]);
  if (signedIn) {
    const res = await page.request.put('/api/profile/locale', { data: { locale }, headers: { origin } });
    expect(res.ok(), await res.text()).toBe(true);
  }
}

test('the header fits, signed out and signed in, in each language', async ({ page, isMobile, baseURL }) => {
  test.setTimeout(180_000);
  const widths = isMobile ? [390] : [1024, 1280, 1440];
  // A member shows the widest bar (the credit balance); an administrator the longest account menu.
  const member = await createUser({ firstName: 'Maximiliana', credits: 125_000 });
  const admin = await createUser({ role: 'admin', firstName: 'Bartolomeu' });

  for (const who of ['visitor', 'member', 'admin'] as const) {
    const signedIn = who !== 'visitor';
    if (signedIn) await loginAs(page, who === 'admin' ? admin : member);
    for (const locale of who === 'admin' ? (['pt-BR'] as const) : LOCALES) {
      for (const width of widths) {
        await page.setViewportSize({ width, height: isMobile ? 844 : 900 });
        await page.goto(signedIn ? '/start' : '/');
        await inLocale(page, locale, signedIn, baseURL!);
        await page.reload();
        await settle(page);
        if (signedIn)
          await expect(
            page
              .getByRole('banner')
              .getByRole('link', { name: /Notifica/ })
              .first(),
          ).toBeVisible();
        const name = `header-${who}-${locale}-${width}`;
        if (isMobile) {
          await page
            .getByRole('banner')
            .getByRole('button', { name: /menu|menú/i })
            .click();
          await expect(page.getByRole('navigation').first()).toBeVisible();
        }
        expect(await problems(page), `${name}`).toEqual([]);
        if (locale === 'pt-BR' || width === 1024 || isMobile)
          await page.screenshot({
            path: `e2e/screenshots/${isMobile ? 'phone' : 'desktop'}/${name}.png`,
            clip: isMobile ? undefined : { x: 0, y: 0, width, height: 72 },
          });
        if (who === 'admin' && !isMobile) {
          // The account menu: the member's own pages, the language and "Sair".
          const menuButton = page.getByRole('banner').getByRole('button', { name: /Menu da conta/ });
          await menuButton.click();
          const account = page.getByRole('banner').getByRole('navigation', { name: 'Sua conta' });
          for (const label of [
            'Notificações',
            'Perfil',
            'Configurações',
            'Assinatura',
            'Indicações',
            'Doações',
            'Admin',
          ])
            await expect(account.getByRole('link', { name: label })).toBeVisible();
          expect(await problems(page), `${name} account menu`).toEqual([]);
          await expectAccessible(page, `account menu ${width}`);
          await page.screenshot({
            path: `e2e/screenshots/desktop/${name}-account.png`,
            clip: { x: 0, y: 0, width, height: 480 },
          });
          await page.keyboard.press('Escape');
          await expect(account).toBeHidden();
          await expect(menuButton).toBeFocused();
        }
      }
    }
  }
});
