import { useEffect, type RefObject } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import { V } from '@candeia/shared/schemas/common';

// Kept here for the forms; the module of its own carries no schema (and no zod) with it.
export { useMessages } from './messages.ts';

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

/**
 * After a submit that leaves errors, focuses the first invalid control in reading order.
 * react-hook-form's own choice follows the order fields were registered, which is not the
 * order on screen when a parent registers some of them; forms using this pass
 * `shouldFocusError: false` to useForm.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, submitCount: number) {
  useEffect(() => {
    if (submitCount > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, submitCount]);
}
