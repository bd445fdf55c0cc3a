import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PLAN_FEATURES, type PlanFeature } from '@candeia/shared/constants';
import { BV, type PlanInput } from '@candeia/shared/schemas/billing';
import { V } from '@candeia/shared/schemas/common';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useFocusFirstInvalid, useMessages } from '../../../lib/forms.ts';
import { useCreatePlan } from '../api/create-plan.ts';
import { useAdminPlans, type AdminPlan } from '../api/get-admin-plans.ts';
import { useUpdatePlan } from '../api/update-plan.ts';
import { centsToInput, formatCount, formatMoney, parseCredits, priceToCents } from '../lib/money.ts';
import { DataTable } from './data-table.tsx';
import { EmptyList, LoadFailed } from './paged-results.tsx';

const MAX_AMOUNT = 100_000_000;
const SLUG_MESSAGE = 'admin:billing.plans.slugFormat';

/** The editor as typed: money and credits are text in the admin's locale. */
const planFormSchema = z.object({
  name: z.string().trim().min(1, BV.planName).max(100, BV.planName),
  slug: z
    .string()
    .trim()
    .max(50, SLUG_MESSAGE)
    .regex(/^[a-z0-9-]*$/, SLUG_MESSAGE),
  description: z.string().trim().max(1000, V.tooLong),
  price: z.string().refine((v) => {
    const c = priceToCents(v);
    return c !== null && c <= MAX_AMOUNT;
  }, BV.planPrice),
  credits: z.string().refine((v) => {
    const n = parseCredits(v);
    return n !== null && n <= MAX_AMOUNT;
  }, BV.planCredits),
  features: z.object(
    Object.fromEntries(PLAN_FEATURES.map((f) => [f, z.boolean()])) as Record<PlanFeature, z.ZodBoolean>,
  ),
  stripePriceId: z.string().trim().max(200, V.tooLong),
  isActive: z.boolean(),
  isPublic: z.boolean(),
});
type PlanFormIn = z.input<typeof planFormSchema>;
type PlanFormOut = z.output<typeof planFormSchema>;
type PlanField = keyof PlanFormIn;

/** Server field names → the editor's fields. */
const SERVER_FIELDS: Record<string, PlanField> = {
  name: 'name',
  slug: 'slug',
  description: 'description',
  monthlyPriceCents: 'price',
  credits: 'credits',
  stripePriceId: 'stripePriceId',
};

function toInput(v: PlanFormOut): PlanInput {
  return {
    name: v.name,
    slug: v.slug || null,
    description: v.description || null,
    monthlyPriceCents: priceToCents(v.price) ?? 0,
    credits: parseCredits(v.credits) ?? 0,
    features: v.features,
    stripePriceId: v.stripePriceId || null,
    isActive: v.isActive,
    isPublic: v.isPublic,
  };
}

function emptyForm(): PlanFormIn {
  return {
    name: '',
    slug: '',
    description: '',
    price: '',
    credits: '',
    features: { community: false, chat: false, bible: true, live: false, referral_program: false },
    stripePriceId: '',
    isActive: true,
    isPublic: true,
  };
}

function fromPlan(p: AdminPlan, locale: string): PlanFormIn {
  return {
    name: p.name,
    slug: p.slug ?? '',
    description: p.description ?? '',
    price: centsToInput(p.monthlyPriceCents, locale),
    credits: String(p.credits),
    features: { ...p.features },
    stripePriceId: p.stripePriceId ?? '',
    isActive: p.isActive,
    isPublic: p.isPublic,
  };
}

/** Plans editor: create, and edit prices in BRL, credits, feature flags, Stripe price id, active and public. */
export function PlansTab() {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const plans = useAdminPlans();
  // null: no editor open; 'new': creating; otherwise the plan being edited.
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);
  const editorKey = editing === null ? 'none' : editing === 'new' ? 'new' : editing.id;
  const opener = useRef<HTMLElement | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);

  const open = (target: AdminPlan | 'new') => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setEditing(target);
  };
  // Closing the editor gives focus back to what opened it (or to "New plan"), once it is back on screen.
  const [closed, setClosed] = useState(0);
  const close = () => {
    setEditing(null);
    setClosed((n) => n + 1);
  };
  useEffect(() => {
    if (closed) (opener.current?.isConnected ? opener.current : newButton.current)?.focus();
  }, [closed]);

  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-sm text-stone-600">{t('billing.plans.lead')}</p>
        {editing === null ? (
          <Button ref={newButton} onClick={() => open('new')}>
            {t('billing.plans.new')}
          </Button>
        ) : null}
      </div>

      {editing !== null ? (
        <PlanEditor key={editorKey} plan={editing === 'new' ? null : editing} locale={locale} onDone={close} />
      ) : null}

      {plans.isPending ? (
        <Spinner />
      ) : plans.error ? (
        <LoadFailed error={plans.error} />
      ) : plans.data.length === 0 ? (
        <EmptyList>{t('billing.plans.empty')}</EmptyList>
      ) : (
        <>
          <DataTable
            caption={t('billing.plans.caption')}
            columns={[
              t('billing.plans.name'),
              t('billing.plans.price'),
              t('billing.plans.credits'),
              t('billing.plans.features'),
              t('billing.plans.state'),
              t('billing.plans.actions'),
            ]}
          >
            {plans.data.map((p) => (
              <tr key={p.id} className="align-top hover:bg-stone-50">
                <td className="px-3 py-3">
                  <span className="block font-semibold text-stone-900">{p.name}</span>
                  {p.slug ? <span className="block font-mono text-xs text-stone-600">{p.slug}</span> : null}
                  {p.stripePriceId ? (
                    <span className="block break-all font-mono text-xs text-stone-600">{p.stripePriceId}</span>
                  ) : null}
                </td>
                <td className="whitespace-nowrap px-3 py-3 tabular-nums text-stone-800">
                  {formatMoney(p.monthlyPriceCents, p.currency, locale)}
                </td>
                <td className="whitespace-nowrap px-3 py-3 tabular-nums text-stone-800">
                  {formatCount(p.credits, locale)}
                </td>
                <td className="px-3 py-3">
                  <FeatureBadges plan={p} />
                </td>
                <td className="px-3 py-3">
                  <StateBadges plan={p} />
                </td>
                <td className="px-3 py-3">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => open(p)}
                    aria-label={t('billing.plans.editLabel', { name: p.name })}
                  >
                    {t('billing.plans.edit')}
                  </Button>
                </td>
              </tr>
            ))}
          </DataTable>
          <ul className="grid gap-3 md:hidden" aria-label={t('billing.plans.caption')}>
            {plans.data.map((p) => (
              <li key={p.id} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold text-stone-900">{p.name}</p>
                    {p.slug ? <p className="font-mono text-xs text-stone-600">{p.slug}</p> : null}
                  </div>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => open(p)}
                    aria-label={t('billing.plans.editLabel', { name: p.name })}
                  >
                    {t('billing.plans.edit')}
                  </Button>
                </div>
                <p className="mt-2 text-sm tabular-nums text-stone-800">
                  {formatMoney(p.monthlyPriceCents, p.currency, locale)} {t('billing.plans.perMonth')} ·{' '}
                  {t('billing.plans.creditsCount', { formatted: formatCount(p.credits, locale) })}
                </p>
                <div className="mt-3 grid gap-2">
                  <FeatureBadges plan={p} />
                  <StateBadges plan={p} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function FeatureBadges({ plan }: { plan: AdminPlan }) {
  const { t } = useTranslation('admin');
  const on = PLAN_FEATURES.filter((f) => plan.features[f]);
  if (on.length === 0) return <span className="text-sm text-stone-500">—</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {on.map((f) => (
        <Badge key={f} tone="brand">
          {t(`billing.featureNames.${f}`)}
        </Badge>
      ))}
    </span>
  );
}

function StateBadges({ plan }: { plan: AdminPlan }) {
  const { t } = useTranslation('admin');
  return (
    <span className="flex flex-wrap gap-1">
      <Badge tone={plan.isActive ? 'success' : 'neutral'}>
        {plan.isActive ? t('billing.plans.active') : t('billing.plans.inactive')}
      </Badge>
      <Badge tone={plan.isPublic ? 'info' : 'neutral'}>
        {plan.isPublic ? t('billing.plans.public') : t('billing.plans.hidden')}
      </Badge>
    </span>
  );
}

function PlanEditor({ plan, locale, onDone }: { plan: AdminPlan | null; locale: string; onDone: () => void }) {
  const { t } = useTranslation(['admin', 'validation', 'errors']);
  const { message, apiMessage } = useMessages();
  const toast = useToast();
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  // The message of a failed save; `focus` moves focus to it once it is on screen.
  const [formError, setFormError] = useState<{ text: string; focus: boolean } | null>(null);
  useEffect(() => {
    if (formError?.focus) alertRef.current?.focus();
  }, [formError]);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<PlanFormIn, unknown, PlanFormOut>({
    resolver: zodResolver(planFormSchema),
    // Checked on submit, then as it is typed: a message appearing on blur would move the submit
    // button away from under the pointer in the middle of a click.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: plan ? fromPlan(plan, locale) : emptyForm(),
    shouldFocusError: false,
  });
  useFocusFirstInvalid(formRef, submitCount);

  // Opened from a row or from "New plan": the editor is where the work goes on (once, on opening).
  useEffect(() => {
    formRef.current?.scrollIntoView({ block: 'start' });
    formRef.current?.querySelector<HTMLInputElement>('input[name="name"]')?.focus({ preventScroll: true });
  }, []);

  const err = (name: PlanField) => {
    const m = errors[name]?.message;
    return m === SLUG_MESSAGE ? t(SLUG_MESSAGE) : message(m);
  };

  const onSubmit = async (values: PlanFormOut) => {
    setFormError(null);
    const input = toInput(values);
    try {
      const saved = plan ? await update.mutateAsync({ id: plan.id, input }) : await create.mutateAsync(input);
      toast({ variant: 'success', title: t('billing.plans.saved', { name: saved.name }) });
      onDone();
    } catch (e) {
      let onField = false;
      if (e instanceof ApiError) {
        for (const [name, msg] of Object.entries(e.fields)) {
          const field = SERVER_FIELDS[name];
          if (!field) continue;
          setError(field, { type: 'server', message: msg });
          onField = true;
        }
      }
      setFormError({ text: apiMessage(e), focus: !onField });
    }
  };

  const title = plan ? t('billing.plans.editTitle', { name: plan.name }) : t('billing.plans.newTitle');
  return (
    <Card className="p-5 sm:p-6">
      <form
        ref={formRef}
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        aria-labelledby="plan-editor-title"
        className="grid scroll-mt-24 gap-5"
      >
        <h3 id="plan-editor-title" className="font-serif text-xl font-semibold text-stone-900">
          {title}
        </h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('billing.plans.name')} required error={err('name')}>
            {(a) => <Input {...a} autoComplete="off" {...register('name')} />}
          </Field>
          <Field
            label={t('billing.plans.slug')}
            optionalText={t('billing.optional')}
            hint={t('billing.plans.slugHint')}
            error={err('slug')}
          >
            {(a) => (
              <Input
                {...a}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                className="font-mono"
                {...register('slug')}
              />
            )}
          </Field>
        </div>
        <Field label={t('billing.plans.description')} optionalText={t('billing.optional')} error={err('description')}>
          {(a) => <Textarea {...a} rows={2} {...register('description')} />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('billing.plans.priceLabel')}
            required
            hint={t('billing.plans.priceHint')}
            error={err('price')}
          >
            {(a) => (
              <div className="relative">
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute inset-y-0 left-3 flex items-center font-semibold text-stone-500"
                >
                  R$
                </span>
                <Input
                  {...a}
                  inputMode="decimal"
                  autoComplete="off"
                  className="pl-11 tabular-nums"
                  {...register('price')}
                />
              </div>
            )}
          </Field>
          <Field label={t('billing.plans.creditsLabel')} required error={err('credits')}>
            {(a) => (
              <Input {...a} inputMode="numeric" autoComplete="off" className="tabular-nums" {...register('credits')} />
            )}
          </Field>
        </div>
        <fieldset className="rounded-xl border border-stone-200 p-4">
          <legend className="px-1 text-sm font-medium text-stone-800">{t('billing.plans.features')}</legend>
          <div className="mt-1 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {PLAN_FEATURES.map((f) => (
              <Checkbox key={f} label={t(`billing.featureNames.${f}`)} {...register(`features.${f}`)} />
            ))}
          </div>
        </fieldset>
        <Field
          label={t('billing.plans.stripePriceId')}
          optionalText={t('billing.optional')}
          hint={t('billing.plans.stripePriceHint')}
          error={err('stripePriceId')}
        >
          {(a) => (
            <Input
              {...a}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="price_…"
              className="font-mono"
              {...register('stripePriceId')}
            />
          )}
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Checkbox label={t('billing.plans.isActive')} {...register('isActive')} />
          <Checkbox label={t('billing.plans.isPublic')} {...register('isPublic')} />
        </div>
        {formError ? (
          <Alert ref={alertRef} tabIndex={-1} variant="error" title={t('billing.plans.saveFailed')}>
            {formError.text}
          </Alert>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onDone} disabled={isSubmitting}>
            {t('cancel')}
          </Button>
          <Button type="submit" busy={isSubmitting} busyLabel={t('billing.saving')}>
            {t('billing.plans.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
