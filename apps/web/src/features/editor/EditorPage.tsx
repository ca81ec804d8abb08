import { Navigate, useLocation } from 'react-router';
import { BROWSE_MESSAGES } from '@adtwin/shared';
import { editorPath, parseEditorRoute, templateKey } from './editor-route';
import { lastTemplate } from './editor-storage';
import { Leave } from './Leave';
import { TemplateEditor } from './TemplateEditor';
import { GeneratedView } from './GeneratedView';

/** Every /editor route of the spec. */
export function EditorPage() {
  const { pathname } = useLocation();
  const route = parseEditorRoute(pathname);
  if (route.kind === 'restore') {
    const last = lastTemplate.read();
    return <Navigate to={last ? editorPath(last) : '/templates'} replace />;
  }
  if (route.kind === 'invalid') {
    return <Leave to={route.goTo} message={BROWSE_MESSAGES.templateNotFound} />;
  }
  if (route.kind === 'generated-view') {
    return <GeneratedView key={route.generatedNumber} number={route.generatedNumber} />;
  }
  return (
    <TemplateEditor
      key={templateKey(route.template)}
      templateRef={route.template}
      generatedNumber={route.generatedNumber}
      isViewMode={route.isViewMode}
    />
  );
}
