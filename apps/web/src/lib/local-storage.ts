/**
 * Local storage that never throws: private modes and full quotas make it fail, and everything the
 * app keeps there is a convenience it can work without.
 */
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores the value, or removes the key when it is null. */
export function writeStored(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* storage full or unavailable */
  }
}
