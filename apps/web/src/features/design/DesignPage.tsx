import { useState } from 'react';
import { IMAGE_SIZES, isPaidTier, stripExtension, type ImageSize } from '@adtwin/shared';
import { UpgradeDialog } from '@/components/UpgradeDialog';
import { Skeleton } from '@/components/ui/Skeleton';
import { cn } from '@/components/ui/cn';
import { useAccount } from '@/lib/account';
import { usePageTitle } from '@/lib/page-title';
import { DownloadDialog, RunProgressDialog, type UploadedImage } from '@/features/generation';
import { ChatPanel } from './chat/ChatPanel';
import { DesignCanvas } from './DesignCanvas';
import { DesignImagesPanel } from './DesignImagesPanel';
import { DesignTopBar } from './DesignTopBar';
import { useDesignSwap, useSavedDesignDraft } from './use-design-swap';
import { useResultVisibility } from './use-result-visibility';
import type { Visibility } from './VisibilityMenu';

/**
 * /design: a template image and a product image of the person's own make a new design, which
 * also becomes one of their community templates (public or private). The Chat toggle switches
 * to the chat mode.
 */
export function DesignPage() {
  usePageTitle('Design');
  const { data: account } = useAccount();
  const draft = useSavedDesignDraft(account?.id);
  const [isChat, setIsChat] = useState(false);
  const [template, setTemplate] = useState<UploadedImage | null>(draft?.template ?? null);
  const [product, setProduct] = useState<UploadedImage | null>(draft?.product ?? null);
  const [size, setSize] = useState<ImageSize>(draft?.size ?? IMAGE_SIZES.square);
  const [templateName, setTemplateName] = useState('');
  const [upgradeFeature, setUpgradeFeature] = useState<string | null>(null);
  const [isComparing, setIsComparing] = useState(false);
  const [download, setDownload] = useState<{ id: string; name: string } | null>(null);
  const [chatToolbar, setChatToolbar] = useState<HTMLDivElement | null>(null);
  const [visibility, setVisibility] = useState<Visibility>(draft?.visibility ?? 'public');
  const { run, result } = useDesignSwap({
    userId: account?.id,
    draft,
    template,
    product,
    size,
    visibility,
    templateName,
    onResult: () => setIsComparing(false),
  });
  const visibilityMenu = useResultVisibility({
    value: visibility,
    onValueChange: setVisibility,
    isPaid: isPaidTier(account?.profile.subscriptionTier ?? 'free'),
    resultFileName: result?.generation.result?.fileName ?? null,
    onUpgrade: setUpgradeFeature,
  });
  const resultUrl = result?.generation.result?.url ?? null;

  return (
    <div
      className={cn(
        'flex flex-col',
        isChat ? 'h-[calc(100dvh-3.5rem)] md:h-dvh' : 'min-h-[calc(100dvh-3.5rem)] md:h-dvh',
      )}
    >
      <DesignTopBar
        isChat={isChat}
        onChatChange={setIsChat}
        chatToolbar={setChatToolbar}
        compare={{ isOn: isComparing, isPossible: resultUrl !== null, onChange: setIsComparing }}
        visibility={visibilityMenu}
      />

      {isChat ? (
        account ? (
          <ChatPanel
            userId={account.id}
            toolbar={chatToolbar}
            onDownload={(generation) =>
              setDownload({
                id: generation.id,
                name: stripExtension(generation.result?.fileName ?? 'chat'),
              })
            }
          />
        ) : (
          <div className="flex flex-1 flex-col gap-3 p-6" aria-busy="true">
            <Skeleton className="h-16 w-2/3" />
            <Skeleton className="ml-auto h-16 w-1/2" />
          </div>
        )
      ) : (
        <div className="flex min-h-0 flex-1 flex-col md:flex-row">
          <DesignCanvas
            template={template}
            product={product}
            resultUrl={resultUrl}
            templateUrl={result?.templateUrl ?? null}
            isComparing={isComparing}
            onDownload={
              result
                ? () =>
                    setDownload({
                      id: result.generation.id,
                      name: product ? stripExtension(product.name) : 'design',
                    })
                : undefined
            }
          />
          <DesignImagesPanel
            template={template}
            onTemplateChange={setTemplate}
            product={product}
            onProductChange={setProduct}
            size={size}
            onSizeChange={setSize}
            templateName={templateName}
            onTemplateNameChange={setTemplateName}
            isRunning={run.isRunning}
            onCreate={() => void run.run()}
          />
        </div>
      )}

      <RunProgressDialog run={run} />
      {download && (
        <DownloadDialog
          key={download.id}
          generationId={download.id}
          defaultName={download.name}
          isOpen
          onOpenChange={(isOpen) => !isOpen && setDownload(null)}
        />
      )}
      <UpgradeDialog
        feature={run.upgradeFeature ?? upgradeFeature}
        onClose={() => {
          run.closeUpgrade();
          setUpgradeFeature(null);
        }}
      />
    </div>
  );
}
