import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Pencil, Trash2 } from 'lucide-react';
import { deleteFailed, extensionOf, renameFailed, stripExtension } from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { deleteUpload, renameUpload, type Upload } from './api';
import { ImageTile } from './ImageTile';

/** One upload with rename (the extension stays) and delete. */
export function UploadTile({ upload, onChanged }: { upload: Upload; onChanged: () => void }) {
  const [name, setName] = useState(upload.name);
  const [draft, setDraft] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const extension = extensionOf(name);

  async function saveRename(event: FormEvent) {
    event.preventDefault();
    if (draft === null) return;
    if (!draft.trim()) {
      setError(renameFailed('Name cannot be empty'));
      return;
    }
    setIsBusy(true);
    try {
      const renamed = await renameUpload(upload.id, draft);
      setName(renamed.name);
      setDraft(null);
      setError(null);
      onChanged();
    } catch (failure) {
      setError(renameFailed(failure instanceof Error ? failure.message : 'Request failed'));
    } finally {
      setIsBusy(false);
    }
  }

  async function remove() {
    if (!window.confirm(`Delete ${name}?`)) return;
    setIsBusy(true);
    try {
      await deleteUpload(upload.id);
      onChanged();
    } catch (failure) {
      toast.error(deleteFailed(failure instanceof Error ? failure.message : 'Request failed'));
      setIsBusy(false);
    }
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
              onClick={() => void remove()}
              className="inline-flex size-8 items-center justify-center rounded-md text-muted hover:bg-danger-soft hover:text-danger"
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={(event) => void saveRename(event)} className="flex flex-col gap-2">
          <div className="flex items-center gap-1">
            <input
              aria-label="New name"
              value={draft}
              autoFocus
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setDraft(null);
              }}
              className="h-8 min-w-0 flex-1 rounded-md border border-border bg-surface px-2 text-sm text-fg focus:border-accent focus:outline-none"
            />
            <span className="text-sm text-muted">{extension}</span>
          </div>
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
