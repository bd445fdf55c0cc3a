import { AppError } from './app-error.ts';

/**
 * The open streams each member may hold in this process (a few tabs, not a flood of sockets).
 * `take(who)` counts one at once, before anything is awaited, so streams opened together cannot
 * all slip in (RATE_LIMITED past `max`), and returns the function that gives it back (once).
 */
export function streamSlots(max: number) {
  const held = new Map<string, number>();
  return {
    take(who: string): () => void {
      const n = held.get(who) ?? 0;
      if (n >= max) throw new AppError('RATE_LIMITED');
      held.set(who, n + 1);
      let given = false;
      return () => {
        if (given) return;
        given = true;
        const left = (held.get(who) ?? 1) - 1;
        if (left > 0) held.set(who, left);
        else held.delete(who);
      };
    },
  };
}
