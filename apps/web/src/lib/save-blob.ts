/** Hands a file made in the page to the browser's downloads, under `fileName`. */
export function saveBlob(blob: Blob, fileName: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the bytes by then; the address would otherwise hold them until unload.
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
