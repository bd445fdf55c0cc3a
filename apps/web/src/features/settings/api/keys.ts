/** Query keys of the settings feature. */
export const settingsKeys = {
  sessions: ['settings', 'sessions'] as const,
  export: ['settings', 'export'] as const,
};
