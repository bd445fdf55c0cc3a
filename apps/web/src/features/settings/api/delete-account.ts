import { useMutation } from '@tanstack/react-query';
import type { AccountDeletionDto, DeleteAccountInput } from '@candeia/shared/schemas/account';
import { api } from '../../../lib/api.ts';

/** POST /api/account/delete: closes the account (password confirmed); every session ends. */
export function deleteAccount(input: DeleteAccountInput): Promise<AccountDeletionDto> {
  return api<AccountDeletionDto>('/account/delete', { method: 'POST', body: input });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
