import { useCallback, useState } from 'react';
import { readStored, writeStored } from './local-storage';

/** A boolean kept in local storage between visits. */
export function usePersistedFlag(
  key: string,
  initial: boolean,
): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => {
    const stored = readStored(key);
    return stored === null ? initial : stored === 'true';
  });
  const update = useCallback(
    (next: boolean) => {
      setValue(next);
      writeStored(key, String(next));
    },
    [key],
  );
  return [value, update];
}
