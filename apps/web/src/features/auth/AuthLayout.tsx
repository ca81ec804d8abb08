import type { ReactNode } from 'react';
import { AdStory, SHOWCASE_CREDIT } from '@/components/ui/AdStory';
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
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-indigo-600 via-violet-600 to-fuchsia-600 lg:flex lg:flex-col lg:justify-between lg:p-12">
        {/* Before and after: an ad someone found, and the engine's result with another product. */}
        <AdStory className="mx-auto mt-8 w-full max-w-lg" />
        <div className="flex flex-col gap-3 text-white">
          <p className="max-w-md text-3xl font-semibold leading-tight">
            An ad you love, with your product in it.
          </p>
          <p className="max-w-md text-white/80">
            Pick a template, add a photo of your product, and post the result.
          </p>
          <p className="text-xs text-white/80">{SHOWCASE_CREDIT}</p>
        </div>
      </aside>
    </div>
  );
}
