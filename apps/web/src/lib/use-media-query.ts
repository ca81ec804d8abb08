import { useContext, useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@adtwin/shared';
import { PrerenderedLayoutContext } from './prerendered';

/** Whether the query matches now; `whenDrawnOnServer` while the server draws the page. */
export function useMediaQuery(query: string, whenDrawnOnServer = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => whenDrawnOnServer,
  );
}

/** Under the spec's 768 px breakpoint. */
export function useIsMobile(): boolean {
  const prerendered = useContext(PrerenderedLayoutContext);
  return useMediaQuery(
    `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`,
    prerendered?.isMobile ?? false,
  );
}
