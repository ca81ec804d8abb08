const TYPES = ['image/webp', 'image/png', 'image/jpeg'];
const EXTENSIONS = ['webp', 'png', 'jpeg', 'jpg'];

/** The spec's upload rule: webp, png, jpeg or jpg by both MIME type and extension. */
export function isAllowedImageFile(file: { name: string; type: string }): boolean {
  const dot = file.name.lastIndexOf('.');
  const extension = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '';
  return TYPES.includes(file.type) && EXTENSIONS.includes(extension);
}
