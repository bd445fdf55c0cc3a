import { describe, expect, it } from 'vitest';
import { loadEmbeddedPostgres } from '../src/db/embedded.ts';

describe('embedded PostgreSQL module', () => {
  it('leaves no exit hook that would turn a failing exit code into 0', async () => {
    const beforeExit = process.listenerCount('beforeExit');
    const exit = process.listenerCount('exit');
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    expect(typeof EmbeddedPostgres).toBe('function');
    expect(process.listenerCount('beforeExit')).toBe(beforeExit);
    expect(process.listenerCount('exit')).toBe(exit);
  });
});
