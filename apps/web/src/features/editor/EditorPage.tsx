import { PlaceholderPage } from '@/features/placeholders';

/** The editor: every /editor route of the spec. */
export function EditorPage() {
  return <PlaceholderPage title="Editor" />;
}
