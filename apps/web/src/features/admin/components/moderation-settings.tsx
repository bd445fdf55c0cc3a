import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  HOLD_FIRST_POSTS_MAX,
  MV,
  moderationSettingsSchema,
  WORD_LANGUAGES,
  type ModerationSettingsDto,
  type ModerationSettingsInput,
  type WordLanguage,
} from '@candeia/shared/schemas/moderation';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useFocusFirstInvalid, useMessages } from '../../../lib/forms.ts';
import { useModerationSettings } from '../api/get-moderation-settings.ts';
import { useSaveModerationSettings } from '../api/save-moderation-settings.ts';
import { formatDateTime } from '../lib/format.ts';
import { LoadFailed } from './paged-results.tsx';

/** A word list as typed: one word or phrase per line, blank lines left out. */
export const wordsOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((w) => w.trim())
    .filter(Boolean);

const wordList = moderationSettingsSchema.shape.words.shape.pt;
/** A textarea's list, checked by the shared schema; its first problem is the field's message. */
const wordsField = z.string().superRefine((text, ctx) => {
  const r = wordList.safeParse(wordsOf(text));
  if (!r.success) ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? MV.wordLength });
});

/** The form as typed: the number is text, each list is a textarea. */
const settingsFormSchema = z.object({
  holdFirstPosts: z
    .string()
    .trim()
    .refine(
      (v) => /^\d+$/.test(v) && moderationSettingsSchema.shape.holdFirstPosts.safeParse(Number(v)).success,
      MV.holdFirstPosts,
    ),
  words: z.object({ pt: wordsField, en: wordsField, es: wordsField }),
  memberMessages: z.boolean(),
});
type FormIn = z.input<typeof settingsFormSchema>;
type FormOut = z.output<typeof settingsFormSchema>;

const fromSettings = (s: ModerationSettingsDto): FormIn => ({
  holdFirstPosts: String(s.holdFirstPosts),
  words: { pt: s.words.pt.join('\n'), en: s.words.en.join('\n'), es: s.words.es.join('\n') },
  memberMessages: s.memberMessages,
});
const toInput = (v: FormOut): ModerationSettingsInput => ({
  holdFirstPosts: Number(v.holdFirstPosts),
  words: { pt: wordsOf(v.words.pt), en: wordsOf(v.words.en), es: wordsOf(v.words.es) },
  memberMessages: v.memberMessages,
});

/** The held-posts settings: how many first posts of a new member wait, and the word lists per language. */
export function ModerationSettings() {
  const settings = useModerationSettings();
  if (settings.isPending) return <Spinner />;
  if (settings.error) return <LoadFailed error={settings.error} />;
  return <SettingsForm key={settings.data.updatedAt} settings={settings.data} />;
}

function SettingsForm({ settings }: { settings: ModerationSettingsDto }) {
  const { t, i18n } = useTranslation(['admin', 'validation', 'errors', 'messages']);
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const { message, apiMessage } = useMessages();
  const toast = useToast();
  const save = useSaveModerationSettings();
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [formError, setFormError] = useState<string | null>(null);
  useEffect(() => {
    if (formError) alertRef.current?.focus();
  }, [formError]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(settingsFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: fromSettings(settings),
    shouldFocusError: false,
  });
  useFocusFirstInvalid(formRef, submitCount);

  const onSubmit = async (values: FormOut) => {
    setFormError(null);
    try {
      await save.mutateAsync(toInput(values));
      toast({ variant: 'success', title: t('moderation.settings.saved') });
    } catch (e) {
      let onField = false;
      if (e instanceof ApiError) {
        for (const [name, msg] of Object.entries(e.fields)) {
          const lang = /^words\.(pt|en|es)\b/.exec(name)?.[1] as WordLanguage | undefined;
          if (name === 'holdFirstPosts') setError('holdFirstPosts', { type: 'server', message: msg });
          else if (lang) setError(`words.${lang}`, { type: 'server', message: msg });
          else continue;
          onField = true;
        }
      }
      if (!onField) setFormError(apiMessage(e));
    }
  };

  return (
    <Card className="p-5 sm:p-6">
      <form ref={formRef} noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-5">
        <p className="max-w-2xl text-sm text-stone-600">{t('moderation.settings.lead')}</p>
        <Field
          className="max-w-md"
          label={t('moderation.settings.holdFirstPosts')}
          hint={t('moderation.settings.holdFirstPostsHint')}
          error={message(errors.holdFirstPosts?.message)}
        >
          {(a) => (
            <Input
              {...a}
              type="number"
              min={0}
              max={HOLD_FIRST_POSTS_MAX}
              step={1}
              inputMode="numeric"
              className="tabular-nums"
              {...register('holdFirstPosts')}
            />
          )}
        </Field>
        <fieldset aria-describedby="moderation-words-hint">
          <legend className="text-sm font-semibold text-stone-800">{t('moderation.settings.words')}</legend>
          <p id="moderation-words-hint" className="mt-1 text-sm text-stone-500">
            {t('moderation.settings.wordsHint')}
          </p>
          <div className="mt-4 grid gap-4 md:grid-cols-3">
            {WORD_LANGUAGES.map((lang) => (
              <Field
                key={lang}
                label={t(`moderation.settings.languages.${lang}`)}
                error={message(errors.words?.[lang]?.message)}
              >
                {(a) => (
                  <Textarea
                    {...a}
                    rows={8}
                    spellCheck={false}
                    autoCapitalize="none"
                    className="font-mono text-sm"
                    {...register(`words.${lang}`)}
                  />
                )}
              </Field>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-1">
          <Checkbox
            label={t('messages:admin.setting.label')}
            aria-describedby="member-messages-hint"
            {...register('memberMessages')}
          />
          <p id="member-messages-hint" className="ml-8 max-w-2xl text-sm text-stone-500">
            {t('messages:admin.setting.hint')}
          </p>
        </div>
        {formError ? (
          <Alert ref={alertRef} tabIndex={-1} variant="error" title={t('moderation.settings.saveFailed')}>
            {formError}
          </Alert>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-stone-500">
            {t('moderation.settings.updatedAt', { date: formatDateTime(settings.updatedAt, locale) })}
          </p>
          <Button type="submit" busy={isSubmitting} busyLabel={t('moderation.settings.saving')}>
            {t('moderation.settings.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
