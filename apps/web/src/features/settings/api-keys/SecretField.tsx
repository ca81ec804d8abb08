import { useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/Button';

/**
 * A secret the server sends once: shown whole, selectable, with Copy. Where the clipboard is
 * refused (an insecure page, a denied permission), the text is selected for the person to copy.
 */
export function SecretField({ label, value }: { label: string; value: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [isCopied, setIsCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setIsCopied(true);
      toast.success('Copied to the clipboard');
    } catch {
      input.current?.select();
      toast.error('Copying was refused. The text is selected: copy it with Ctrl+C or ⌘C.');
    }
  }

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id={id}
          readOnly
          value={value}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          className="h-10 min-w-0 flex-1 rounded-lg border border-border bg-surface-2 px-3 font-mono text-sm text-fg focus:border-accent focus:ring-2 focus:ring-ring/30 focus:outline-none"
        />
        <Button variant="secondary" onClick={() => void copy()} aria-label={`Copy ${label}`}>
          {isCopied ? (
            <Check className="size-4 text-success" aria-hidden="true" />
          ) : (
            <Copy className="size-4" aria-hidden="true" />
          )}
          <span className="hidden sm:inline">{isCopied ? 'Copied' : 'Copy'}</span>
        </Button>
      </div>
    </div>
  );
}
