import { z } from 'zod';
import { NAME_MAX } from '../constants.ts';
import { V, emailSchema, requiredText } from './common.ts';

export const contactSchema = z.strictObject({
  name: requiredText(NAME_MAX, V.nameRequired),
  email: emailSchema,
  message: z.string({ error: V.messageRequired }).trim().min(1, V.messageRequired).max(5000, V.tooLong),
});
export type ContactInput = z.input<typeof contactSchema>;
