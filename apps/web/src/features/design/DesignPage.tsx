import { PlaceholderPage } from '@/features/placeholders';

/** /design: a template image and a product image of the person's own, and the chat mode. */
export function DesignPage() {
  return <PlaceholderPage title="Design" />;
}
