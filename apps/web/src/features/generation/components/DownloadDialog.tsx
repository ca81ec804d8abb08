import { useState } from 'react';
import toast from 'react-hot-toast';
import {
  DOWNLOAD_MESSAGES,
  cleanDownloadName,
  downloadStatusFailed,
  isPaidTier,
  type DownloadFormat,
  type DownloadQuality,
} from '@adtwin/shared';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { ProBadge, SegmentedControl } from '@/components/ui/SegmentedControl';
import { TextField } from '@/components/ui/TextField';
import { useCredits } from '@/lib/account';
import { saveBlob } from '@/lib/save-blob';
import { downloadUrl } from '../api';

class DownloadRefused extends Error {}

/**
 * Name, format and quality for one result. Free plans keep PNG at preview quality: choosing a
 * paid option says why and keeps the free one (the server enforces the same rule). Give it a
 * `key` per result so the name starts from that result's default.
 */
export function DownloadDialog({
  generationId,
  defaultName,
  isOpen,
  onOpenChange,
}: {
  generationId: string;
  defaultName: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const { data: credits } = useCredits();
  const isPaid = isPaidTier(credits?.subscriptionTier ?? 'free');
  const [name, setName] = useState(defaultName);
  const [format, setFormat] = useState<DownloadFormat>('png');
  const [quality, setQuality] = useState<DownloadQuality>(isPaid ? 'high' : 'preview');
  const [notice, setNotice] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  function chooseFormat(next: DownloadFormat) {
    if (next !== 'png' && !isPaid) return setNotice(DOWNLOAD_MESSAGES.formatPaidOnly);
    setNotice(null);
    setFormat(next);
  }
  function chooseQuality(next: DownloadQuality) {
    if (next === 'high' && !isPaid) return setNotice(DOWNLOAD_MESSAGES.highQualityPaidOnly);
    setNotice(null);
    setQuality(next);
  }

  async function save() {
    setIsSaving(true);
    try {
      const fileName = cleanDownloadName(name, 'adtwin-design');
      const response = await fetch(downloadUrl(generationId, { format, quality, name: fileName }), {
        credentials: 'same-origin',
      });
      if (response.status === 401) throw new DownloadRefused(DOWNLOAD_MESSAGES.loginRequired);
      if (!response.ok) throw new DownloadRefused(downloadStatusFailed(response.status));
      saveBlob(await response.blob(), `${fileName}.${format}`);
      onOpenChange(false);
    } catch (error) {
      // The server's refusals say why; anything else (a dropped connection) gets the general text.
      toast.error(error instanceof DownloadRefused ? error.message : DOWNLOAD_MESSAGES.failed);
    } finally {
      setIsSaving(false);
    }
  }

  const paidBadge = isPaid ? undefined : <ProBadge />;
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        setNotice(null);
        onOpenChange(open);
      }}
      title="Download"
    >
      <TextField
        label="File name"
        value={name}
        maxLength={100}
        onChange={(event) => setName(event.target.value)}
      />
      <SegmentedControl
        label="Format"
        value={format}
        onChange={chooseFormat}
        options={[
          { value: 'png', label: 'PNG' },
          { value: 'jpg', label: 'JPG', badge: paidBadge },
          { value: 'webp', label: 'WEBP', badge: paidBadge },
        ]}
      />
      <SegmentedControl
        label="Quality"
        value={quality}
        onChange={chooseQuality}
        options={[
          { value: 'preview', label: 'Preview' },
          { value: 'high', label: 'High', badge: paidBadge },
        ]}
      />
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-danger">
        {notice}
      </p>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button onClick={() => void save()} isLoading={isSaving}>
          Download
        </Button>
      </div>
    </Dialog>
  );
}
