import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { Pencil } from 'lucide-react';
import { stripExtension } from '@adtwin/shared';
import { Skeleton } from '@/components/ui/Skeleton';
import { usePageTitle } from '@/lib/page-title';
import { DownloadDialog } from '@/features/generation';
import { editorPath, type TemplateRef } from './editor-route';
import { EditorTopBar } from './EditorTopBar';
import { useTemplate, useGenerationByNumber } from './editor-queries';
import { ResultStage } from './ResultStage';

/** /editor/view/generated/{number}: one of the person's designs, view only. */
export function GeneratedView({ number }: { number: number }) {
  const navigate = useNavigate();
  const generated = useGenerationByNumber(number);
  const generation = generated.data ?? null;
  const ref: TemplateRef | null =
    generation?.templateId != null
      ? { kind: 'official', id: generation.templateId }
      : generation?.communityTemplateId
        ? { kind: 'community', id: generation.communityTemplateId }
        : null;
  // The template is only the "before" of the compare; a template gone private or deleted
  // leaves the design viewable.
  const template = useTemplate(ref);
  usePageTitle('Your design');
  const [isComparing, setIsComparing] = useState(false);
  const [isDownloadOpen, setIsDownloadOpen] = useState(false);

  useEffect(() => {
    if (!generated.error) return;
    toast.error('Design not found', { id: 'design-not-found' });
    navigate('/your-designs', { replace: true });
  }, [generated.error, navigate]);

  const resultUrl = generation?.result?.url ?? null;
  return (
    <div className="flex h-dvh flex-col bg-bg text-fg">
      <EditorTopBar
        homePath="/your-designs"
        template={null}
        isViewMode
        isBrowsing={false}
        canCompare={Boolean(resultUrl && template.data)}
        isComparing={isComparing}
        onToggleCompare={() => setIsComparing((value) => !value)}
        canDownload={Boolean(resultUrl)}
        onDownload={() => setIsDownloadOpen(true)}
      />
      <main className="flex min-h-0 flex-1 flex-col items-center justify-center gap-3 overflow-auto bg-surface-2 p-4 md:p-8">
        {resultUrl ? (
          <>
            <ResultStage
              resultUrl={resultUrl}
              alt="Your design"
              template={isComparing ? template.data : undefined}
              beforeCrop={generation?.beforeCrop}
            />
            {/* The editor brings back this design's product, words, size and regions. */}
            {ref && template.data && generation?.swap && (
              <Link
                to={editorPath(ref, number)}
                className="inline-flex h-9 items-center gap-2 rounded-lg border border-border bg-surface px-3 text-sm font-medium text-fg hover:bg-surface-2"
              >
                <Pencil className="size-4" aria-hidden="true" />
                Edit this design
              </Link>
            )}
          </>
        ) : (
          <Skeleton className="aspect-square w-full max-w-xl" />
        )}
      </main>
      {generation?.result && (
        <DownloadDialog
          key={generation.id}
          generationId={generation.id}
          defaultName={stripExtension(generation.result.fileName)}
          isOpen={isDownloadOpen}
          onOpenChange={setIsDownloadOpen}
        />
      )}
    </div>
  );
}
