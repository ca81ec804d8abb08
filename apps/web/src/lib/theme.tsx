import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { readStored, writeStored } from './local-storage';
import { useOtherTabsWrites } from './persisted-state';

export type ThemePreference = 'light' | 'dark' | 'system';
export const THEME_STORAGE_KEY = 'app-theme-preference';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function toPreference(stored: string | null): ThemePreference {
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

function setMeta(name: string, content: string) {
  let meta = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.appendChild(meta);
  }
  meta.content = content;
}

/** Puts the dark class on the root and the matching browser-chrome colours in the head. */
function applyTheme(isDark: boolean) {
  document.documentElement.classList.toggle('dark', isDark);
  setMeta('theme-color', isDark ? '#111' : '#ffffff');
  setMeta('apple-mobile-web-app-status-bar-style', isDark ? 'black-translucent' : 'default');
}

type ThemeContextValue = {
  preference: ThemePreference;
  isDark: boolean;
  setPreference: (p: ThemePreference) => void;
};
const ThemeContext = createContext<ThemeContextValue | null>(null);

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreferenceState] = useState<ThemePreference>(() =>
    toPreference(readStored(THEME_STORAGE_KEY)),
  );
  // A theme chosen in another tab applies here too.
  useOtherTabsWrites(
    THEME_STORAGE_KEY,
    useCallback((stored) => setPreferenceState(toPreference(stored)), []),
  );
  // No screen while the server draws a page: the class theme-init.js sets decides the colours.
  const [systemIsDark, setSystemIsDark] = useState(
    () => typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches,
  );

  useEffect(() => {
    const query = matchMedia(DARK_QUERY);
    const onChange = (event: MediaQueryListEvent) => setSystemIsDark(event.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const isDark = preference === 'dark' || (preference === 'system' && systemIsDark);
  useEffect(() => applyTheme(isDark), [isDark]);

  const value = useMemo<ThemeContextValue>(
    () => ({
      preference,
      isDark,
      setPreference(next) {
        setPreferenceState(next);
        // In private mode the choice lasts for this visit.
        writeStored(THEME_STORAGE_KEY, next);
      },
    }),
    [preference, isDark],
  );
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme outside ThemeProvider');
  return value;
}
