/** What an /editor address asks for. */
export type TemplateRef = { kind: 'official'; id: number } | { kind: 'community'; id: string };

export type EditorRoute =
  | { kind: 'restore' }
  | { kind: 'invalid'; goTo: '/templates' | '/community' | '/your-designs' }
  | {
      kind: 'template';
      template: TemplateRef;
      generatedNumber: number | null;
      isViewMode: boolean;
    }
  | { kind: 'generated-view'; generatedNumber: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parseNumber(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 && number <= 2_000_000_000 ? number : null;
}

/**
 * Reads the spec's editor routes: a numeric id is an official template, a text id under
 * /editor/community a community template; /editor/view/... is view-only. Anything else is
 * refused before a request is made.
 */
export function parseEditorRoute(pathname: string): EditorRoute {
  const parts = pathname
    .replace(/\/+$/, '')
    .split('/')
    .slice(2)
    .map((part) => decodeURIComponent(part));
  if (parts.length === 0) return { kind: 'restore' };

  if (parts[0] === 'view') {
    // /editor/view/community/{templateId}
    if (parts[1] === 'community' && parts.length === 3) {
      const id = parts[2]!;
      return UUID.test(id)
        ? {
            kind: 'template',
            template: { kind: 'community', id },
            generatedNumber: null,
            isViewMode: true,
          }
        : { kind: 'invalid', goTo: '/your-designs' };
    }
    // /editor/view/generated/{number} and /editor/view/{number}
    const raw =
      parts[1] === 'generated' && parts.length === 3
        ? parts[2]
        : parts.length === 2
          ? parts[1]
          : undefined;
    const number = parseNumber(raw);
    return number === null
      ? { kind: 'invalid', goTo: '/your-designs' }
      : { kind: 'generated-view', generatedNumber: number };
  }

  if (parts[0] === 'community') {
    const id = parts[1] ?? '';
    const generated = parts.length === 4 && parts[2] === 'generated' ? parseNumber(parts[3]) : null;
    const isShapeValid = parts.length === 2 || (parts.length === 4 && generated !== null);
    if (!UUID.test(id) || !isShapeValid) return { kind: 'invalid', goTo: '/community' };
    return {
      kind: 'template',
      template: { kind: 'community', id },
      generatedNumber: generated,
      isViewMode: false,
    };
  }

  const id = parseNumber(parts[0]);
  const generated = parts.length === 3 && parts[1] === 'generated' ? parseNumber(parts[2]) : null;
  const isShapeValid = parts.length === 1 || (parts.length === 3 && generated !== null);
  if (id === null || !isShapeValid) return { kind: 'invalid', goTo: '/templates' };
  return {
    kind: 'template',
    template: { kind: 'official', id },
    generatedNumber: generated,
    isViewMode: false,
  };
}

/** The editor address of a template, optionally with one of its results. */
export function editorPath(template: TemplateRef, generatedNumber?: number | null): string {
  const base =
    template.kind === 'official'
      ? `/editor/${template.id}`
      : `/editor/community/${encodeURIComponent(template.id)}`;
  return generatedNumber ? `${base}/generated/${generatedNumber}` : base;
}

export function templateKey(template: TemplateRef): string {
  return `${template.kind}:${template.id}`;
}
