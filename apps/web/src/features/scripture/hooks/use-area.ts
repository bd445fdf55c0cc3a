import { useLocation } from 'react-router';
import { ROUTES, type ScriptureArea } from '@candeia/shared/routes';

/** Which area the screen belongs to, from its path: /sacred-books/… or /bible/…. */
export function useArea(): ScriptureArea {
  return useLocation().pathname.startsWith(ROUTES.scripture.books.root) ? 'books' : 'bible';
}
