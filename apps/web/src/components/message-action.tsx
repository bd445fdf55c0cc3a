import { createContext, useContext, type ReactNode } from 'react';

/** Whom a "Mensagem" button writes to: a member's id (a counsellor, a client) or handle, and their name. */
export interface MessageTarget {
  userId?: string | undefined;
  handle?: string | undefined;
  name: string;
  className?: string | undefined;
  /** Changes when the screen knows the answer may have changed (a follow): asked again. */
  version?: string | number | undefined;
}

/**
 * The "Mensagem" button of another screen (a consultation, a member's page). The app puts the
 * messages feature's button here (features never import each other); without it, nothing shows.
 */
export const MessageActionContext = createContext<((target: MessageTarget) => ReactNode) | null>(null);

/** Where a screen offers to write to someone: shown only when the reader may. */
export function MessageAction(target: MessageTarget) {
  const render = useContext(MessageActionContext);
  return render ? render(target) : null;
}
