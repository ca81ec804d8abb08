import type { ReactNode } from 'react';
import { Logo } from '@/components/ui/Logo';

/** Two columns: the form, and an illustration hidden on small screens. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <main className="flex flex-col px-6 py-8 sm:px-10">
        <Logo />
        <div className="flex flex-1 items-center justify-center py-10">
          <div className="flex w-full max-w-[350px] flex-col gap-6">
            <header className="flex flex-col gap-1">
              <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
              {subtitle && <p className="text-sm text-muted">{subtitle}</p>}
            </header>
            {children}
          </div>
        </div>
      </main>
      <aside
        aria-hidden="true"
        className="relative hidden overflow-hidden bg-gradient-to-br from-indigo-600 via-violet-600 to-fuchsia-600 lg:block"
      >
        <div className="absolute inset-0 flex flex-col justify-end gap-4 p-12 text-white">
          <div className="grid max-w-md grid-cols-2 gap-4">
            <div className="aspect-[4/5] rounded-2xl bg-white/15 p-4 shadow-2xl ring-1 ring-white/25 backdrop-blur">
              <div className="h-full rounded-xl bg-gradient-to-b from-amber-200 to-rose-300" />
            </div>
            <div className="mt-10 aspect-[4/5] rounded-2xl bg-white/15 p-4 shadow-2xl ring-1 ring-white/25 backdrop-blur">
              <div className="h-full rounded-xl bg-gradient-to-b from-sky-200 to-emerald-300" />
            </div>
          </div>
          <p className="max-w-md text-3xl font-semibold leading-tight">
            An ad you love, with your product in it.
          </p>
          <p className="max-w-md text-white/80">
            Pick a template, add a photo of your product, and post the result.
          </p>
        </div>
      </aside>
    </div>
  );
}
