import type { FieldValues, Resolver } from 'react-hook-form';
import { V } from '@candeia/shared/schemas/common';

/**
 * The shared schemas check "passwords match" on the whole object, which zod runs only once
 * every other field is valid. This shows the mismatch as soon as both fields are filled.
 */
export function withPasswordMatch<TIn extends FieldValues, TOut>(
  base: Resolver<TIn, unknown, TOut>,
  password: keyof TIn & string,
  confirm: keyof TIn & string,
): Resolver<TIn, unknown, TOut> {
  return async (values, context, options) => {
    const result = await base(values, context, options);
    const a = values[password] as unknown;
    const b = values[confirm] as unknown;
    if (a && b && a !== b && !result.errors[confirm]) {
      return {
        values: {},
        errors: { ...result.errors, [confirm]: { type: 'custom', message: V.passwordMismatch } },
      } as Awaited<ReturnType<Resolver<TIn, unknown, TOut>>>;
    }
    return result;
  };
}
