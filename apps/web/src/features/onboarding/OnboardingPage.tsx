import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Check } from 'lucide-react';
import {
  ONBOARDING_MESSAGES,
  PRODUCT_NAME,
  SOURCE_OPTIONS,
  USER_TYPE_OPTIONS,
  onboardingSchema,
  type OnboardingInput,
} from '@adtwin/shared';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Button } from '@/components/ui/Button';
import { FullPageSpinner } from '@/components/ui/FullPageSpinner';
import { Logo } from '@/components/ui/Logo';
import { cn } from '@/components/ui/cn';
import { useAccount } from '@/lib/account';
import { api, readJson } from '@/lib/api-client';
import { usePageTitle } from '@/lib/page-title';
import { isOnboardingComplete } from '@/lib/onboarding-status';
import { OptionCard } from './OptionCard';
import { queryKeys } from '@/lib/query-keys';

type OnboardingAnswers = z.output<typeof onboardingSchema>;

const STEPS = ['What describes you best?', 'How did you find us?'] as const;

export function OnboardingPage() {
  usePageTitle('Welcome');
  const account = useAccount();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  // Both steps are one form: the answers are sent together at the end.
  const form = useForm<OnboardingInput, unknown, OnboardingAnswers>({
    resolver: zodResolver(onboardingSchema),
    defaultValues: { sourceOther: '' },
  });
  const [userType, source, sourceOther = ''] = useWatch({
    control: form.control,
    name: ['userType', 'source', 'sourceOther'],
  });
  const complete = useMutation({
    mutationFn: (answers: OnboardingAnswers) => readJson(api.me.onboarding.$put({ json: answers })),
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.account, updated);
      toast.success(`Welcome to ${PRODUCT_NAME}!`);
      navigate('/templates', { replace: true });
    },
    onError: () => toast.error(ONBOARDING_MESSAGES.saveFailed),
  });
  // Stays true from the answer until the page has left, so the redirect below waits for it.
  const isSubmitting = complete.isPending || complete.isSuccess;

  if (account.isPending) return <FullPageSpinner />;
  if (!account.data) return <Navigate to="/login" replace />;
  if (isOnboardingComplete(account.data) && !isSubmitting)
    return <Navigate to="/templates" replace />;

  const isLastStep = step === STEPS.length - 1;
  const canContinue =
    step === 0
      ? Boolean(userType)
      : Boolean(source) && (source !== 'other' || sourceOther.trim() !== '');

  const submit = form.handleSubmit(
    (answers) => complete.mutate(answers),
    () => toast.error(ONBOARDING_MESSAGES.incomplete),
  );

  return (
    <div className="relative flex min-h-dvh flex-col overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 overflow-hidden"
      >
        <div className="absolute -left-32 -top-32 size-96 animate-[drift_18s_ease-in-out_infinite] rounded-full bg-accent/20 blur-3xl" />
        <div className="absolute -bottom-40 -right-24 size-[28rem] animate-[drift_22s_ease-in-out_infinite_reverse] rounded-full bg-fuchsia-500/15 blur-3xl" />
      </div>
      <header className="px-6 py-6">
        <Logo />
      </header>
      <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-8 px-6 pb-12">
        <div className="flex flex-col gap-1 text-center">
          <h1 className="text-3xl font-semibold tracking-tight">Welcome</h1>
          <p className="text-muted">Let&apos;s get you set up in just a few steps.</p>
        </div>

        <ol className="flex items-center justify-center gap-3" aria-label="Progress">
          {STEPS.map((title, index) => {
            const isDone = index < step;
            const isCurrent = index === step;
            return (
              <li
                key={title}
                className="flex items-center gap-3"
                aria-current={isCurrent ? 'step' : undefined}
              >
                <span
                  className={cn(
                    'inline-flex size-8 items-center justify-center rounded-full text-sm font-semibold transition-colors',
                    isDone && 'bg-accent text-accent-fg',
                    isCurrent && 'bg-accent-soft text-accent ring-2 ring-accent',
                    !isDone && !isCurrent && 'bg-surface-2 text-muted',
                  )}
                >
                  {isDone ? <Check className="size-4" aria-label="Completed" /> : index + 1}
                </span>
                <span className="sr-only">{`Step ${index + 1} of ${STEPS.length}: ${title}`}</span>
                {index < STEPS.length - 1 && (
                  <span
                    aria-hidden="true"
                    className={cn('h-0.5 w-12 rounded-full', isDone ? 'bg-accent' : 'bg-border')}
                  />
                )}
              </li>
            );
          })}
        </ol>

        <section
          key={step}
          className="flex animate-[rise-in_250ms_ease-out] flex-col gap-4"
          aria-labelledby="step-title"
        >
          <h2 id="step-title" className="text-center text-xl font-semibold">
            {STEPS[step]}
          </h2>
          <div role="radiogroup" aria-labelledby="step-title" className="grid grid-cols-2 gap-3">
            {step === 0
              ? USER_TYPE_OPTIONS.map((option) => (
                  <OptionCard
                    key={option.value}
                    option={option}
                    isSelected={userType === option.value}
                    onSelect={() => form.setValue('userType', option.value)}
                  />
                ))
              : SOURCE_OPTIONS.map((option) => (
                  <OptionCard
                    key={option.value}
                    option={option}
                    isSelected={source === option.value}
                    onSelect={() => form.setValue('source', option.value)}
                  />
                ))}
          </div>
          {step === 1 && source === 'other' && (
            <input
              autoFocus
              {...form.register('sourceOther')}
              placeholder={ONBOARDING_MESSAGES.otherPlaceholder}
              aria-label={ONBOARDING_MESSAGES.otherPlaceholder}
              className="h-11 rounded-lg border border-border bg-surface px-3 text-sm placeholder:text-muted focus:border-accent focus:outline-none focus:ring-2 focus:ring-ring/30"
            />
          )}
        </section>

        <div className="flex items-center justify-between gap-3">
          {step > 0 ? (
            <Button variant="secondary" onClick={() => setStep(step - 1)} disabled={isSubmitting}>
              Previous
            </Button>
          ) : (
            <span />
          )}
          <Button
            onClick={isLastStep ? () => void submit() : () => setStep(step + 1)}
            disabled={!canContinue || isSubmitting}
            className="min-w-32"
          >
            {isLastStep ? (isSubmitting ? 'Getting Started...' : 'Get Started') : 'Continue'}
          </Button>
        </div>
      </main>
    </div>
  );
}
