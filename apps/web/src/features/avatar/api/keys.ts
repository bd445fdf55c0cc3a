/** Query keys of the avatar screens; everything under 'avatar' is cleared at sign-out. */
export const avatarKeys = {
  all: ['avatar'] as const,
  gallery: ['avatar', 'gallery'] as const,
  sessions: ['avatar', 'sessions'] as const,
  sessionList: (page: number) => ['avatar', 'sessions', 'list', page] as const,
  session: (id: string) => ['avatar', 'sessions', 'one', id] as const,
};
