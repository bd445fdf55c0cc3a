import { useLocation } from 'react-router';
import type { Area } from '../lib/paths.ts';

/** Which area the screen belongs to, from its path: /sacred-books/… or /bible/…. */
export function useArea(): Area {
  return useLocation().pathname.startsWith('/sacred-books') ? 'books' : 'bible';
}
