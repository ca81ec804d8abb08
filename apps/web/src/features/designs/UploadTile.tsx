import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Pencil, Trash2 } from 'lucide-react';
import {
  deleteFailed,
  extensionOf,
  renameFailed,
  stripExtension,
  UPLOAD_NAME_MAX_LENGTH,
  type ImageItem,
} from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { CharacterCounter } from '@/components/ui/CharacterCounter';
import { ImageTile } from './ImageTile';
import { useDeleteUpload, useRenameUpload } from './mutations';

/** One upload with rename (the extension stays) and delete. */
export function UploadTile({ upload }: { upload: ImageItem }) {
  const [name, setName] = useState(upload.name);
  const [draft, setDraft] = useState<string | null>(null);
  const rename = useRenameUpload();
  const deletion = useDeleteUpload();
  // A deleted tile stays busy until the refetched list drops it.
  const isBusy = rename.isPending || deletion.isPending || deletion.isSuccess;
  const [error, setError] = useState<string | null>(null);
  const extension = extensionOf(name);

  function saveRename(event: FormEvent) {
    event.preventDefault();
    if (draft === null) return;
    if (!draft.trim()) {
      setError(renameFailed('Name cannot be empty'));
      return;
    }
    rename.mutate(
      { id: upload.id, name: draft },
      {
        onSuccess: (renamed) => {
          setName(renamed.name);
          setDraft(null);
          setError(null);
        },
        onError: (failure) => setError(renameFailed(failure.message || 'Request failed')),
      },
    );
  }

  function remove() {
    if (!window.confirm(`Delete ${name}?`)) return;
    deletion.mutate(upload.id, {
      onError: (failure) => toast.error(deleteFailed(failure.message || 'Request failed')),
    });
  }

  return (
    <ImageTile url={upload.url} name={name}>
      {draft === null ? (
        <div className="flex items-center justify-between gap-1">
          <p className="min-w-0 truncate text-sm text-fg" title={name} data-testid="upload-name">
            {name}
          </p>
          <div className="flex shrink-0">
            <button
              type="button"
              aria-label={`Rename ${name}`}
              onClick={() => {
                setDraft(stripExtension(name));
                setError(null);
              }}
              className="inline-flex size-8 items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-fg"
            >
              <Pencil className="size-4" aria-hidden="true" />
            </button>
            <button
              type="button"
              aria-label={`Delete ${name}`}
              disabled={isBusy}
              onClick={remove}
              className="inline-flex size-8 items-center justify-center rounded-md text-muted hover:bg-danger-soft hover:text-danger"
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={saveRename} className="flex flex-col gap-2">
          <div className="flex items-center gap-1">
            <input
              aria-label="New name"
              value={draft}
              maxLength={UPLOAD_NAME_MAX_LENGTH}
              autoFocus
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setDraft(null);
              }}
              className="h-8 min-w-0 flex-1 rounded-md border border-border bg-surface px-2 text-sm text-fg focus:border-accent focus:outline-none"
            />
            <span className="text-sm text-muted">{extension}</span>
          </div>
          <CharacterCounter
            length={draft.length}
            max={UPLOAD_NAME_MAX_LENGTH}
            className="self-end"
          />
          <div className="flex gap-2">
            <Button type="submit" className="h-8 flex-1 px-2 text-xs" isLoading={isBusy}>
              Save
            </Button>
            <Button
              variant="secondary"
              className="h-8 flex-1 px-2 text-xs"
              onClick={() => setDraft(null)}
            >
              Cancel
            </Button>
          </div>
        </form>
      )}
      {error && (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
    </ImageTile>
  );
}
