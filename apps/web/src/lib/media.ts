import { useSyncExternalStore } from 'react';

export const MOBILE_BREAKPOINT = 768;

/** True while the viewport is narrower than the spec's 768 px breakpoint. */
export function useIsMobile(): boolean {
  const query = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;
  return useSyncExternalStore(
    (notify) => {
      const list = matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => matchMedia(query).matches,
  );
}
