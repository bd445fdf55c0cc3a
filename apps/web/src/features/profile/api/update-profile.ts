import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicUser, SessionInfo } from '@candeia/shared/schemas/auth';
import type { z } from 'zod';
import type { profileUpdateSchema } from '@candeia/shared/schemas/auth';
import { api } from '../../../lib/api.ts';
import { profileKey } from './get-profile.ts';

export type ProfileUpdateData = z.output<typeof profileUpdateSchema>;

/** PUT /api/profile: names, phone, address and language. */
export function updateProfile(input: ProfileUpdateData): Promise<PublicUser> {
  return api<PublicUser>('/profile', { method: 'PUT', body: input });
}

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      qc.setQueryData(profileKey, user);
      // The session carries the same user (greeting, header): keep it in step.
      qc.setQueryData<SessionInfo | null>(['session'], (old) => (old ? { ...old, user } : old));
    },
  });
}
