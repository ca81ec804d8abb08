import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Pencil } from 'lucide-react';
import { TEMPLATE_NAME_MAX_LENGTH } from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { CharacterCounter } from '@/components/ui/CharacterCounter';
import type { CommunityTemplate } from '@adtwin/shared';
import { useRenameTemplate } from './mutations';

/** The owner's Rename for one of their templates: the name the community sees. */
export function TemplateNameEditor({ template }: { template: CommunityTemplate }) {
  const [draft, setDraft] = useState<string | null>(null);
  const rename = useRenameTemplate();
  const isSaving = rename.isPending;

  function save(event: FormEvent) {
    event.preventDefault();
    if (draft === null) return;
    if (!draft.trim()) {
      toast.error('Could not rename the template: Name cannot be empty');
      return;
    }
    rename.mutate(
      { id: template.id, name: draft },
      {
        onSuccess: () => setDraft(null),
        onError: (error) =>
          toast.error(`Could not rename the template: ${error.message || 'Request failed'}`),
      },
    );
  }

  if (draft === null) {
    return (
      <Button
        variant="ghost"

        className="h-8 self-start px-2 text-xs"
        aria-label={`Rename ${template.name}`}
        onClick={() => setDraft(template.name)}
      >
        <Pencil className="size-3.5" aria-hidden="true" />
        Rename
      </Button>
    );
  }
  return (
    <form onSubmit={save} className="flex flex-col gap-2">
      <div className="flex flex-col gap-1">
        <label className="flex flex-col gap-1 text-xs text-muted">
          Template name
          <input
            value={draft}
            maxLength={TEMPLATE_NAME_MAX_LENGTH}
            autoFocus
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setDraft(null);
            }}
            className="h-9 rounded-md border border-border bg-bg px-2 text-sm text-fg"
          />
        </label>
        {/* Outside the label, so the limit's announcement is no part of the field's name. */}
        <CharacterCounter
          length={draft.length}
          max={TEMPLATE_NAME_MAX_LENGTH}
          className="self-end"
        />
      </div>
      <div className="flex gap-2">
        <Button type="submit" isLoading={isSaving}>
          Save
        </Button>
        <Button type="button" variant="ghost" onClick={() => setDraft(null)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
