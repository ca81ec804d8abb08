/**
 * An http or https address, checked before sending so a typo is answered at once. The server
 * decides the rest (it refuses addresses that do not lead to the public internet).
 */
export function isWebAddress(value: string): boolean {
  if (!URL.canParse(value.trim())) return false;
  const url = new URL(value.trim());
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
}
