import { TriangleAlert } from 'lucide-react';

/** The warning beside a secret shown once. */
export function OnceOnlyNotice({ children }: { children: string }) {
  return (
    <p className="flex gap-2 rounded-lg bg-warning-soft p-2.5 text-sm text-fg">
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
      {children}
    </p>
  );
}
