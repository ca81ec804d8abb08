import { Construction } from 'lucide-react';
import { PageHeader } from '@/components/ui/PageHeader';
import { usePageTitle } from '@/lib/page-title';

/** A page whose content arrives with a later issue. */
export function PlaceholderPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-8">
      <PageHeader title={title} />
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border bg-surface px-6 py-16 text-center">
        <Construction className="size-8 text-muted" aria-hidden="true" />
        <p className="text-sm text-muted">This page is on its way.</p>
      </div>
    </div>
  );
}
