import { useCallback, useEffect, useState } from 'react';
import { readStored, writeStored } from './local-storage';

/**
 * Calls `onChange` with the new value whenever another tab of the app writes `key` (the browser
 * sends a storage event to every other tab of the origin, never to the tab that wrote).
 */
export function useOtherTabsWrites(key: string, onChange: (value: string | null) => void) {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      // A cleared storage (key null) resets every key, this one included.
      if (event.storageArea === localStorage && (event.key === key || event.key === null))
        onChange(event.key === null ? null : event.newValue);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [key, onChange]);
}

/** A boolean kept in local storage between visits, and followed when another tab changes it. */
export function usePersistedFlag(
  key: string,
  initial: boolean,
): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => {
    const stored = readStored(key);
    return stored === null ? initial : stored === 'true';
  });
  useOtherTabsWrites(
    key,
    useCallback((stored) => setValue(stored === null ? initial : stored === 'true'), [initial]),
  );
  const update = useCallback(
    (next: boolean) => {
      setValue(next);
      writeStored(key, String(next));
    },
    [key],
  );
  return [value, update];
}
