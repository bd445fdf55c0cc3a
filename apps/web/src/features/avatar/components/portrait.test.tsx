import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AVATAR_IDS, type AvatarId } from '@candeia/shared/schemas/avatar';
import { Portrait } from './portrait.tsx';

/**
 * The still portraits in apps/web/public/avatars/<id>.svg (the gallery's images, the API's
 * `imageUrl`) are this component's output, byte for byte, so the two cannot drift apart. After a
 * change to the drawing, write them anew with
 *
 *   UPDATE_AVATARS=1 npx vitest run --project web apps/web/src/features/avatar
 *
 * and look at them; without the variable this test only compares.
 */

// A path, not a URL: under jsdom `URL` is jsdom's, which node:fs does not take.
const PUBLIC_AVATARS = join(dirname(fileURLToPath(import.meta.url)), '../../../../public/avatars');

/** The names the files are labelled with (people's names: the same in every language). */
const NAMES: Record<AvatarId, string> = {
  helena: 'Helena Prado',
  tiago: 'Tiago Moreira',
  benedita: 'Benedita Sousa',
  samuel: 'Samuel Ferraz',
  ines: 'Inês Cardoso',
  jonas: 'Jonas Almeida',
};

const TIMERS = ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'setInterval'] as const;

function part(container: HTMLElement, name: string, attribute: string): string | null {
  return container.querySelector(`[data-part="${name}"]`)?.getAttribute(attribute) ?? null;
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Portrait', () => {
  it.each(AVATAR_IDS)('the still portrait of %s is its public file', (id) => {
    const markup = `${renderToStaticMarkup(<Portrait id={id} still label={NAMES[id]} />)}\n`;
    const file = join(PUBLIC_AVATARS, `${id}.svg`);
    if (process.env.UPDATE_AVATARS === '1') {
      mkdirSync(PUBLIC_AVATARS, { recursive: true });
      writeFileSync(file, markup);
    }
    expect(readFileSync(file, 'utf8')).toBe(markup);
  });

  it('draws every counsellor as an image named by its label', () => {
    for (const id of AVATAR_IDS) {
      render(<Portrait id={id} still label={NAMES[id]} />);
      const img = screen.getByRole('img', { name: NAMES[id] });
      expect(img.tagName.toLowerCase()).toBe('svg');
      // A drawing, not an empty box: head, eyes, mouth.
      expect(img.querySelectorAll('[data-part="head"]').length).toBeGreaterThan(0);
      expect(img.querySelector('[data-part="lid-l"]')).not.toBeNull();
      expect(img.querySelector('[data-part="mouth-lips"]')).not.toBeNull();
    }
  });

  it('opens the mouth with `mouth`', () => {
    const closed = render(<Portrait id="helena" still mouth={0} label="Helena" />);
    const open = render(<Portrait id="helena" still mouth={1} label="Helena" />);
    const closedD = part(closed.container, 'mouth-opening', 'd');
    const openD = part(open.container, 'mouth-opening', 'd');
    expect(closedD).toBeTruthy();
    expect(openD).toBeTruthy();
    expect(openD).not.toBe(closedD);
    expect(part(open.container, 'mouth-lips', 'd')).not.toBe(part(closed.container, 'mouth-lips', 'd'));
  });

  it('keeps clip-path ids apart when several portraits share a page', () => {
    const { container } = render(
      <>
        <Portrait id="helena" still label="Helena" />
        <Portrait id="tiago" still label="Tiago" />
      </>,
    );
    const ids = Array.from(container.querySelectorAll('[id]')).map((el) => el.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('runs no timers when still, and stops its loop when unmounted', () => {
    vi.useFakeTimers({ toFake: [...TIMERS] });
    const still = render(<Portrait id="jonas" still label="Jonas" />);
    expect(vi.getTimerCount()).toBe(0);
    still.unmount();

    const live = render(<Portrait id="jonas" label="Jonas" />);
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    live.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('behaves as still when the reader prefers reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    vi.useFakeTimers({ toFake: [...TIMERS] });
    render(<Portrait id="ines" label="Inês" />);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('animated, eases the mouth towards `mouth` (or `mouthLevel`) and blinks, writing in place', () => {
    vi.useFakeTimers({ toFake: [...TIMERS] });
    const openD = part(render(<Portrait id="samuel" still mouth={1} label="x" />).container, 'mouth-opening', 'd');
    const closedD = part(render(<Portrait id="samuel" still mouth={0} label="x" />).container, 'mouth-opening', 'd');
    cleanup();

    const { container, rerender } = render(<Portrait id="samuel" label="Samuel" />);
    const restingLid = part(container, 'lid-l', 'd');
    const lips = container.querySelector('[data-part="mouth-lips"]');
    act(() => vi.advanceTimersByTime(200));
    expect(part(container, 'mouth-opening', 'd')).toBe(closedD);

    rerender(<Portrait id="samuel" mouth={1} label="Samuel" />);
    act(() => vi.advanceTimersByTime(16));
    // One frame later it is on its way, not there: smoothed.
    const halfway = part(container, 'mouth-opening', 'd');
    expect(halfway).not.toBe(closedD);
    expect(halfway).not.toBe(openD);
    act(() => vi.advanceTimersByTime(1500));
    expect(part(container, 'mouth-opening', 'd')).toBe(openD);
    // The same element, its attribute rewritten: the drawing was not rebuilt.
    expect(container.querySelector('[data-part="mouth-lips"]')).toBe(lips);

    // A level read on every frame takes over from `mouth`.
    let level = 0;
    rerender(<Portrait id="samuel" mouth={1} mouthLevel={() => level} label="Samuel" />);
    act(() => vi.advanceTimersByTime(1500));
    expect(part(container, 'mouth-opening', 'd')).toBe(closedD);
    level = 1;
    act(() => vi.advanceTimersByTime(1500));
    expect(part(container, 'mouth-opening', 'd')).toBe(openD);

    // Within about 6 s the lids close at least once.
    const lids = new Set<string | null>();
    for (let t = 0; t < 7000; t += 16) {
      act(() => vi.advanceTimersByTime(16));
      lids.add(part(container, 'lid-l', 'd'));
    }
    expect(lids.size).toBeGreaterThan(1);
    expect(lids.has(restingLid)).toBe(true);
  });
});
