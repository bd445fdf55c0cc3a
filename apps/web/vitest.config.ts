import { defineProject } from 'vitest/config';

export default defineProject({
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
