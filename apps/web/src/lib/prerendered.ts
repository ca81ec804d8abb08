import { createContext } from 'react';
import type { DehydratedState } from '@tanstack/react-query';

/**
 * A page the server drew before the app ran (see app/prerender.tsx): how it was laid out, and the
 * API replies it was drawn from, which the app starts with instead of asking again.
 *
 * The server cannot measure the screen or read local storage, so the app tells it its layout in
 * a cookie each time it changes; without that cookie (a first visit) the server sends the bare
 * app, as before.
 */
export type PrerenderedLayout = { isMobile: boolean; isSidebarCollapsed: boolean };

export const LAYOUT_COOKIE = 'adtwin-layout';

const LAYOUTS: Record<string, PrerenderedLayout> = {
  mobile: { isMobile: true, isSidebarCollapsed: false },
  desktop: { isMobile: false, isSidebarCollapsed: false },
  'desktop-collapsed': { isMobile: false, isSidebarCollapsed: true },
};

/** The layout a cookie value names, or null for anything else (the cookie is the visitor's). */
export function layoutFromCookie(value: string | undefined): PrerenderedLayout | null {
  return value !== undefined && Object.hasOwn(LAYOUTS, value) ? LAYOUTS[value]! : null;
}

/** Keeps the cookie naming the app's layout now, for the server's next drawing of a page. */
export function rememberLayout(layout: PrerenderedLayout) {
  const value = Object.keys(LAYOUTS).find(
    (name) =>
      LAYOUTS[name]!.isMobile === layout.isMobile &&
      // The sidebar's state matters only beside it, on a wide screen.
      (layout.isMobile || LAYOUTS[name]!.isSidebarCollapsed === layout.isSidebarCollapsed),
  );
  document.cookie = `${LAYOUT_COOKIE}=${value}; path=/; max-age=31536000; samesite=lax`;
}

/** Set only while the server draws a page: what the screen and local storage would have said. */
export const PrerenderedLayoutContext = createContext<PrerenderedLayout | null>(null);

/** The id of the script element holding the drawn page's query cache (TanStack's dehydrate). */
export const PRERENDERED_STATE_ID = 'prerendered-state';

/** The cache the server drew the page from, or null when it sent the bare app. */
export function readPrerenderedState(): DehydratedState | null {
  const text = document.getElementById(PRERENDERED_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as DehydratedState;
  } catch {
    return null;
  }
}
