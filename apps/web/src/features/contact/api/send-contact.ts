import { useMutation } from '@tanstack/react-query';
import type { ContactInput } from '@candeia/shared/schemas/contact';
import { api } from '../../../lib/api.ts';

/** Sends the footer's contact message to the support address. */
export function sendContact(input: ContactInput): Promise<{ ok: true }> {
  return api<{ ok: true }>('/contact', { method: 'POST', body: input });
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
