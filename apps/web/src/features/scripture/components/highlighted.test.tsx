import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Highlighted } from './highlighted.tsx';

afterEach(cleanup);

describe('<Highlighted>', () => {
  it('renders the marked words as <mark> and the rest as text', () => {
    const { container } = render(
      <p>
        <Highlighted snippet={'Amarás o teu \u0001próximo\u0002 como a ti \u0001mesmo\u0002.'} />
      </p>,
    );
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['próximo', 'mesmo']);
    expect(container.textContent).toBe('Amarás o teu próximo como a ti mesmo.');
  });

  it('never turns the snippet into HTML', () => {
    const { container } = render(<Highlighted snippet={'<img src=x onerror=alert(1)> \u0001<b>amor</b>\u0002'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('mark')?.textContent).toBe('<b>amor</b>');
  });
});
