// A download's file name (the editor's downloads and GET /api/documents/{id}/export alike).

export const DEFAULT_DOWNLOAD_NAME = 'GeneratedDocument';
export const DOWNLOAD_NAME_MAX = 100;

/**
 * Download file name from a title (docs/product.md, Titles and file names): non-word characters become spaces, whitespace
 * collapses, each word is capitalised, the words are joined and the result is cut to 100
 * characters. An empty result gives 'GeneratedDocument'. No extension.
 */
export function downloadBaseName(title: string | null | undefined): string {
  const words = (title ?? '')
    .replace(/\W/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  const joined = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  const name = joined.slice(0, DOWNLOAD_NAME_MAX);
  return name || DEFAULT_DOWNLOAD_NAME;
}
