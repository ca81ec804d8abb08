import { useState } from 'react';
import toast from 'react-hot-toast';
import { acceptChatFiles } from '@adtwin/shared';
import { variantUrl } from '@/lib/image-url';
import { useUploadImage } from '@/features/generation';
import type { Attachment } from './ChatComposer';
import { newId } from './use-chat-conversation';

function revokePreview(attachment: Attachment) {
  if (attachment.previewUrl.startsWith('blob:')) URL.revokeObjectURL(attachment.previewUrl);
}

/**
 * The images attached to the next message: files go up to the library as they are picked (a
 * preview shows meanwhile), library images come as they are.
 */
export function useChatAttachments({ hasInputImage }: { hasInputImage: boolean }) {
  const upload = useUploadImage();
  const [attachments, setAttachments] = useState<Attachment[]>([]);

  function pickFiles(files: File[]) {
    const { accepted, error } = acceptChatFiles(files, {
      attachedCount: attachments.length,
      hasInputImage,
    });
    if (error) toast.error(error);
    for (const file of accepted) {
      const key = newId();
      const previewUrl = URL.createObjectURL(file);
      setAttachments((current) => [...current, { key, name: file.name, previewUrl, image: null }]);
      upload
        .mutateAsync(file)
        .then((item) => {
          setAttachments((current) =>
            current.map((attachment) =>
              attachment.key === key
                ? { ...attachment, image: { uploadId: item.id, url: item.url, name: item.name } }
                : attachment,
            ),
          );
        })
        .catch((uploadError: unknown) => {
          toast.error(uploadError instanceof Error ? uploadError.message : 'Upload failed');
          URL.revokeObjectURL(previewUrl);
          setAttachments((current) => current.filter((attachment) => attachment.key !== key));
        });
    }
  }

  function addFromLibrary(images: { id: string; url: string; name: string }[]) {
    setAttachments((current) => [
      ...current,
      ...images.map((image) => ({
        key: newId(),
        name: image.name,
        previewUrl: variantUrl(image.url, { width: 256, height: 256 }),
        image: { uploadId: image.id, url: image.url, name: image.name },
      })),
    ]);
  }

  function remove(key: string) {
    setAttachments((current) => {
      const removed = current.find((attachment) => attachment.key === key);
      if (removed) revokePreview(removed);
      return current.filter((attachment) => attachment.key !== key);
    });
  }

  return {
    attachments,
    pickFiles,
    addFromLibrary,
    remove,
    /** After a send: the next message starts with none. */
    clearSent: () => setAttachments([]),
    /** A new chat: the previews are let go. */
    discard: () => {
      attachments.forEach(revokePreview);
      setAttachments([]);
    },
  };
}
