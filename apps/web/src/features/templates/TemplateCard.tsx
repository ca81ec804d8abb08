import { useNavigate } from 'react-router';
import { BarChart3 } from 'lucide-react';
import { BROWSE_MESSAGES, templateCardImage, type TemplateCard as Template } from '@adtwin/shared';
import { LazyImage, type LazyImageProps } from '@/components/ui/LazyImage';
import { VoteButtons } from '@/features/votes';

export function TemplateCard({
  template,
  imagePriority,
}: {
  template: Template;
  imagePriority?: LazyImageProps['priority'];
}) {
  const navigate = useNavigate();
  const open = () =>
    navigate(`/editor/${template.id}`, {
      state: { imageUrl: template.imageUrl, templateId: template.id },
    });
  return (
    <li
      className="flex flex-col overflow-hidden rounded-xl border border-border bg-surface shadow-sm"
      data-testid="template-card"
    >
      <button
        type="button"
        onClick={open}
        className="group block text-left focus-visible:ring-2 focus-visible:ring-ring"
        aria-label={`Use template ${template.name}`}
      >
        <LazyImage
          {...templateCardImage(template.imageUrl)}
          alt={template.name}
          className="aspect-square w-full"
          fit="contain"
          priority={imagePriority}
          imgClassName="transition-transform duration-300 group-hover:scale-105"
        />
      </button>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-2 text-sm font-medium text-fg" title={template.name}>
          {template.name}
        </h3>
        {template.attribution && (
          <p className="line-clamp-1 text-xs text-muted" title={template.attribution}>
            {template.attribution}
          </p>
        )}
        <div className="mt-auto flex items-start justify-between gap-2 pt-1">
          <VoteButtons
            templateId={template.id}
            templateName={template.name}
            counts={{ likes: template.likes, dislikes: template.dislikes }}
            userVote={template.userVote}
            isSignedIn
          />
          <span
            className="inline-flex h-8 items-center gap-1 text-xs text-muted"
            title={BROWSE_MESSAGES.usageTooltip}
            aria-label={`${BROWSE_MESSAGES.usageTooltip}: ${template.usageCount}`}
          >
            <BarChart3 className="size-4" aria-hidden="true" />
            <span data-testid="usage-count">{template.usageCount}</span>
          </span>
        </div>
      </div>
    </li>
  );
}
