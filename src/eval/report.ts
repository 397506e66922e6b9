// Rows → what people read: the per-row table, the summary line, CSV and JSON, and the check
// against thresholds (which rows fail, and why).
import { isClean, isReaderClean, type Measures } from './measure.js';
import { CHECK_NAMES, type CheckName } from './reader/index.js';
import type { Row } from './evaluate.js';

export type Side = 'builtin' | 'pandoc';

function measuresOf(rows: Row[], side: Side): Measures[] {
  return rows.map((r) => r[side]).filter((m): m is Measures => m !== undefined);
}

export interface Summary {
  documents: number;
  compiled: number;
  noMissingGlyphs: number;
  noOverfull: number;
  meanPreservation: number;
  clean: number;
  /** Clean and every reader check passing. */
  readerClean: number;
  /** Documents passing each reader check (of those that compiled). */
  checks: Record<CheckName, number>;
  /** Mean structural accuracy against the golden outlines, and how many documents had one. */
  outlineAccuracy: number | null;
  outlines: number;
}

export function summarize(measures: Measures[]): Summary {
  const n = measures.length;
  return {
    documents: n,
    compiled: measures.filter((m) => m.compiled).length,
    noMissingGlyphs: measures.filter((m) => m.compiled && m.missingGlyphs === 0).length,
    noOverfull: measures.filter((m) => m.compiled && m.overfull === 0).length,
    meanPreservation: n === 0 ? 1 : measures.reduce((s, m) => s + m.preservation, 0) / n,
    clean: measures.filter(isClean).length,
    readerClean: measures.filter(isReaderClean).length,
    checks: Object.fromEntries(CHECK_NAMES.map((c) => [c, measures.filter((m) => m.reader?.[c].pass === true).length])) as Record<CheckName, number>,
    ...outlineSummary(measures),
  };
}

function outlineSummary(measures: Measures[]): { outlineAccuracy: number | null; outlines: number } {
  const scored = measures.map((m) => m.outlineAccuracy).filter((a): a is number => a !== null && a !== undefined);
  return { outlineAccuracy: scored.length ? scored.reduce((s, a) => s + a, 0) / scored.length : null, outlines: scored.length };
}

export function summaryLine(s: Summary): string {
  const of = (k: number) => `${k}/${s.documents}`;
  const checks = CHECK_NAMES.map((c) => `${c} ${s.checks[c]}`).join(' · ');
  const outline = s.outlineAccuracy === null ? '' : ` · outline accuracy ${s.outlineAccuracy.toFixed(3)} (${s.outlines})`;
  return `compiled ${of(s.compiled)} · no missing glyphs ${of(s.noMissingGlyphs)} · no overfull > 10pt ${of(s.noOverfull)} · mean preservation ${s.meanPreservation.toFixed(3)} · clean ${of(s.clean)} · reader-clean ${of(s.readerClean)}${outline}\n  reader checks passed: ${checks}`;
}

export function summaries(rows: Row[]): Partial<Record<Side, Summary>> {
  const out: Partial<Record<Side, Summary>> = { builtin: summarize(measuresOf(rows, 'builtin')) };
  const pandoc = measuresOf(rows, 'pandoc');
  if (pandoc.length) out.pandoc = summarize(pandoc);
  return out;
}

function cells(m: Measures | undefined): string[] {
  if (!m) return [];
  if (!m.compiled) return [`no (${m.status})`, '', '', '', ''];
  return [
    'yes',
    m.missingGlyphs ? `${m.missingGlyphs} ${m.missingChars.slice(0, 4).join('')}` : '0',
    m.overfull ? `${m.overfull} (max ${Math.round(m.maxOverfullPt)}pt)` : '0',
    m.preservation.toFixed(3),
    String(m.pages ?? '?'),
  ];
}

/** The reader checks a document fails, by name, with their first defect. */
export function readerCell(m: Measures | undefined): string {
  if (!m?.reader) return '';
  const failed = CHECK_NAMES.filter((c) => !m.reader?.[c].pass);
  if (failed.length === 0) return 'ok';
  return failed.map((c) => `${c}: ${m.reader?.[c].defects[0] ?? ''}`).join('; ');
}

function typeLabel(r: Row): string {
  return r.natural ? `${r.type}*` : r.type;
}

/** A Markdown table, one row per document; `*` marks the note's natural type. */
export function rowTable(rows: Row[]): string {
  const pandoc = rows.some((r) => r.pandoc);
  const head = ['note', 'type', 'compiled', 'missing glyphs', 'overfull > 10pt', 'preservation', 'pages', 'outline', 'reader'];
  if (pandoc) head.push('pandoc compiled', 'pandoc glyphs', 'pandoc overfull', 'pandoc preservation', 'pandoc pages');
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  const outline = (m: Measures) => (m.outlineAccuracy === null || m.outlineAccuracy === undefined ? '' : m.outlineAccuracy.toFixed(2));
  for (const r of rows) {
    const own = [...cells(r.builtin), ...(r.builtin.compiled ? [outline(r.builtin), readerCell(r.builtin)] : ['', ''])];
    lines.push(`| ${[r.note, typeLabel(r), ...own, ...cells(r.pandoc)].map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`);
  }
  return lines.join('\n');
}

function csvCell(value: unknown): string {
  const s = Array.isArray(value) ? value.join(' ') : String(value ?? '');
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const MEASURE_KEYS: Array<keyof Measures> = ['compiled', 'status', 'texProgram', 'missingGlyphs', 'missingChars', 'overfull', 'maxOverfullPt', 'preservation', 'missingWords', 'pages', 'ms', 'error', 'outlineAccuracy'];

/** A measure as one CSV value: the reader checks as `pass`/`fail: defect`. */
function measureValue(m: Measures | undefined, k: keyof Measures | CheckName): unknown {
  if (!m) return '';
  if ((CHECK_NAMES as string[]).includes(k)) {
    const c = m.reader?.[k as CheckName];
    return c ? (c.pass ? 'pass' : `fail: ${c.defects.join('; ')}`) : '';
  }
  const v = m[k as keyof Measures];
  return typeof v === 'number' && !Number.isInteger(v) ? v.toFixed(4) : v;
}

export function toCsv(rows: Row[]): string {
  const sides: Side[] = rows.some((r) => r.pandoc) ? ['builtin', 'pandoc'] : ['builtin'];
  const keys: Array<keyof Measures | CheckName> = [...MEASURE_KEYS, ...CHECK_NAMES];
  const head = ['note', 'format', 'type', 'natural', 'typeSource', ...sides.flatMap((s) => [...keys.map((k) => `${s}.${k}`), `${s}.readerClean`])];
  const body = rows.map((r) =>
    [r.note, r.format, r.type, r.natural, r.typeSource, ...sides.flatMap((s) => [...keys.map((k) => measureValue(r[s], k)), r[s] ? isReaderClean(r[s] as Measures) : ''])].map(csvCell).join(','),
  );
  return [head.join(','), ...body].join('\n') + '\n';
}

export interface Thresholds {
  /** Share of documents that must compile (0–1). */
  minCompiled?: number;
  /** Most missing-glyph messages any one document may have. */
  maxMissingGlyphs?: number;
  /** Most overfull boxes over 10 pt any one document may have. */
  maxOverfull?: number;
  /** Lowest mean preservation over all documents (0–1). */
  minPreservation?: number;
  /** Share of documents that must be clean (0–1). */
  minClean?: number;
  /** Share of documents that must be reader-clean (0–1). */
  minReaderClean?: number;
  /** Lowest mean outline accuracy over the documents that have a golden outline (0–1). */
  minOutlineAccuracy?: number;
  /** Share of documents that must lack no glyph (0–1). */
  minNoMissingGlyphs?: number;
  /** Share of documents that must have no overfull box over 10 pt (0–1). */
  minNoOverfull?: number;
}

/** The threshold failures of the builtin side, each naming the rows behind it; empty when all hold. */
export function checkThresholds(rows: Row[], t: Thresholds): string[] {
  const failures: string[] = [];
  const s = summarize(rows.map((r) => r.builtin));
  const name = (r: Row) => `${r.note} (${r.type})`;
  const share = (k: number) => (s.documents === 0 ? 1 : k / s.documents);
  if (t.minCompiled !== undefined && share(s.compiled) < t.minCompiled) {
    const bad = rows.filter((r) => !r.builtin.compiled);
    failures.push(`compiled ${s.compiled}/${s.documents} < ${t.minCompiled}: ${bad.map((r) => `${name(r)} ${r.builtin.status}: ${r.builtin.error}`).join('; ')}`);
  }
  if (t.maxMissingGlyphs !== undefined) {
    for (const r of rows.filter((r) => r.builtin.missingGlyphs > (t.maxMissingGlyphs ?? 0))) {
      failures.push(`missing glyphs ${r.builtin.missingGlyphs} > ${t.maxMissingGlyphs}: ${name(r)} lacks ${r.builtin.missingChars.slice(0, 10).join(' ')}`);
    }
  }
  if (t.maxOverfull !== undefined) {
    for (const r of rows.filter((r) => r.builtin.overfull > (t.maxOverfull ?? 0))) {
      failures.push(`overfull boxes ${r.builtin.overfull} > ${t.maxOverfull}: ${name(r)} (largest ${r.builtin.maxOverfullPt.toFixed(1)}pt)`);
    }
  }
  if (t.minPreservation !== undefined && s.meanPreservation < t.minPreservation) {
    const low = rows.filter((r) => r.builtin.preservation < t.minPreservation!).sort((a, b) => a.builtin.preservation - b.builtin.preservation);
    failures.push(`mean preservation ${s.meanPreservation.toFixed(3)} < ${t.minPreservation}; lowest: ${low.slice(0, 10).map((r) => `${name(r)} ${r.builtin.preservation.toFixed(3)}`).join(', ')}`);
  }
  if (t.minNoMissingGlyphs !== undefined && share(s.noMissingGlyphs) < t.minNoMissingGlyphs) {
    const bad = rows.filter((r) => r.builtin.missingGlyphs > 0).map((r) => `${name(r)} ${r.builtin.missingChars.slice(0, 4).join('')}`);
    failures.push(`no missing glyphs ${s.noMissingGlyphs}/${s.documents} < ${t.minNoMissingGlyphs}: ${bad.join(', ')}`);
  }
  if (t.minNoOverfull !== undefined && share(s.noOverfull) < t.minNoOverfull) {
    const bad = rows.filter((r) => r.builtin.overfull > 0).map((r) => `${name(r)} ${r.builtin.maxOverfullPt.toFixed(0)}pt`);
    failures.push(`no overfull > 10pt ${s.noOverfull}/${s.documents} < ${t.minNoOverfull}: ${bad.join(', ')}`);
  }
  if (t.minClean !== undefined && share(s.clean) < t.minClean) {
    failures.push(`clean ${s.clean}/${s.documents} < ${t.minClean}`);
  }
  if (t.minReaderClean !== undefined && share(s.readerClean) < t.minReaderClean) {
    const bad = rows.filter((r) => !isReaderClean(r.builtin)).map((r) => name(r));
    failures.push(`reader-clean ${s.readerClean}/${s.documents} < ${t.minReaderClean}: not reader-clean: ${bad.slice(0, 30).join(', ')}`);
  }
  if (t.minOutlineAccuracy !== undefined && s.outlineAccuracy !== null && s.outlineAccuracy < t.minOutlineAccuracy) {
    failures.push(`outline accuracy ${s.outlineAccuracy.toFixed(3)} < ${t.minOutlineAccuracy}`);
  }
  return failures;
}
