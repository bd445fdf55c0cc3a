import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCALE_STORAGE_KEY } from '@candeia/shared/constants';
import { initI18n } from '../../../lib/i18n.ts';
import { Composer } from './composer.tsx';

beforeAll(async () => {
  localStorage.setItem(LOCALE_STORAGE_KEY, 'pt-BR');
  const i18n = await initI18n();
  await i18n.loadNamespaces('chat');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Composer', () => {
  it('a double click on Enviar sends once and does not stop the answer it started', () => {
    const onSend = vi.fn();
    const onStop = vi.fn();
    const props = {
      value: 'Olá',
      onChange: () => {},
      onSend,
      onStop,
      stopping: false,
      error: undefined,
      textareaRef: null,
    };
    const { rerender } = render(<Composer {...props} streaming={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }), { detail: 1 });
    expect(onSend).toHaveBeenCalledTimes(1);
    // The answer starts: the same button is now "Parar"; the double click's second click lands on it.
    act(() => rerender(<Composer {...props} streaming />));
    fireEvent.click(screen.getByRole('button', { name: /Parar/ }), { detail: 2 });
    expect(onStop).not.toHaveBeenCalled();
    // A click of its own stops it, at once.
    fireEvent.click(screen.getByRole('button', { name: /Parar/ }), { detail: 1 });
    expect(onStop).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledTimes(1);
  });
});
