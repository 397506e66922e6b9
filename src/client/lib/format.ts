// Pure display rules: usage colour, usage bar percent, dates and the download file name
// (docs/product.md, Quotas and plans; Titles and file names). Isomorphic; candidates for src/shared.

export type UsageLevel = 'ok' | 'warning' | 'critical';

/** Ratio of used to total: ≥ 90 % critical (red), ≥ 70 % warning (amber), lower ok (green). */
export function usageLevel(used: number, limit: number): UsageLevel {
  if (limit <= 0) return used > 0 ? 'critical' : 'ok';
  const ratio = used / limit;
  if (ratio >= 0.9) return 'critical';
  if (ratio >= 0.7) return 'warning';
  return 'ok';
}

/** Usage bar width in percent, capped at 100. */
export function usagePercent(used: number, limit: number): number {
  if (limit <= 0) return used > 0 ? 100 : 0;
  return Math.max(0, Math.min(100, (used / limit) * 100));
}

/** Text classes with enough contrast on white and on the level's light background. */
export const USAGE_TEXT_CLASS: Record<UsageLevel, string> = {
  ok: 'text-green-700',
  warning: 'text-amber-700',
  critical: 'text-red-700',
};
export const USAGE_BADGE_CLASS: Record<UsageLevel, string> = {
  ok: 'bg-green-50 text-green-800 ring-green-600/30',
  warning: 'bg-amber-50 text-amber-800 ring-amber-600/30',
  critical: 'bg-red-50 text-red-800 ring-red-600/30',
};
export const USAGE_BAR_CLASS: Record<UsageLevel, string> = {
  ok: 'bg-green-600',
  warning: 'bg-amber-500',
  critical: 'bg-red-600',
};

/** en-US short form: abbreviated month, day, year ("Nov 21, 2026"). Invalid input gives ''. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/**
 * en-US short form with the time ("Nov 21, 2026, 3:04 PM"): tells apart runs of one day; with
 * `seconds` ("3:04:27 PM"), runs of one minute. Invalid input gives ''.
 */
export function formatDateTime(value: string | number | Date | null | undefined, seconds = false): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', ...(seconds ? { second: '2-digit' } : {}) });
}

/** The items whose title and minute another item shares: their times need seconds to be told apart. */
export function sameMinute<T extends { title: string; createdAt: string }>(items: readonly T[]): Set<T> {
  const key = (d: T) => `${d.title}\u0000${formatDateTime(d.createdAt)}`;
  const counts = new Map<string, number>();
  for (const d of items) counts.set(key(d), (counts.get(key(d)) ?? 0) + 1);
  return new Set(items.filter((d) => (counts.get(key(d)) ?? 0) > 1));
}

export { DEFAULT_DOWNLOAD_NAME, DOWNLOAD_NAME_MAX, downloadBaseName } from '../../shared/download-name';

/** A file size for people: bytes below 1 KB, else KB or MB with one decimal ("12.3 KB", "4.0 MB"). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
