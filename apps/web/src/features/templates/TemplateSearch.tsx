import { useEffect, useRef, useState } from 'react';
import { Search, X } from 'lucide-react';
import { cn } from '@/components/ui/cn';

type Props = {
  value: string;
  onChange: (value: string) => void;
  className?: string;
  autoFocus?: boolean;
};

export function TemplateSearchField({ value, onChange, className, autoFocus }: Props) {
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);
  return (
    <div className={cn('relative', className)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
        aria-hidden="true"
      />
      <input
        ref={inputRef}
        type="search"
        aria-label="Search templates"
        placeholder="Search templates"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-10 w-full rounded-lg border border-border bg-surface pr-3 pl-9 text-sm text-fg placeholder:text-muted focus:border-accent focus:ring-2 focus:ring-ring/30 focus:outline-none"
      />
    </div>
  );
}

/**
 * Under 768 px the search floats: a round button at the bottom right that opens a search bar
 * above the content, so the grid keeps the whole width.
 */
export function FloatingSearch({ value, onChange }: Props) {
  const [isOpen, setIsOpen] = useState(Boolean(value));
  return (
    <div
      className="fixed right-4 bottom-4 left-4 z-30 flex justify-end"
      data-testid="floating-search"
    >
      {isOpen ? (
        <div className="flex w-full items-center gap-2 rounded-xl border border-border bg-surface p-2 shadow-lg">
          <TemplateSearchField value={value} onChange={onChange} className="flex-1" autoFocus />
          <button
            type="button"
            aria-label="Close search"
            onClick={() => {
              onChange('');
              setIsOpen(false);
            }}
            className="inline-flex size-10 items-center justify-center rounded-lg text-muted hover:bg-surface-2"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
      ) : (
        <button
          type="button"
          aria-label="Open search"
          onClick={() => setIsOpen(true)}
          className="inline-flex size-12 items-center justify-center rounded-full bg-accent text-accent-fg shadow-lg hover:bg-accent-hover"
        >
          <Search className="size-5" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
