// Document metadata the note states itself: YAML front matter (`---`: Jekyll, Quarto, pandoc,
// Marp, Slidev, Obsidian), TOML front matter (`+++`: Hugo), pandoc's `%` title block and header
// lines (`Title:`, `Author:`, `Date:`, `Subject:`, `From:`, `To:`; at the top, or right under a
// leading `# Title` heading). Each value goes to its place:
// title, subtitle, authors, date, abstract, subject and the letter's fields.
// Keys that say something about the document (course, institution, keywords, …) are shown with
// the title, never as body text; every other key steers a site or slide tool and is dropped.
import type { NoteMeta } from '../../tree.js';
import { readNocite, readReferences } from './csl.js';
import { headerLines } from './header-lines.js';
import { parseToml } from './toml.js';
import { parseYaml, type YamlValue } from './yaml.js';
import { replaceTemplateTags } from '../markdown/templates.js';

// Settings of site generators, slide tools, pandoc templates and note apps: not words of the note.
const DROPPED_KEYS = new Set([
  'fontfamily', 'fontsize', 'geometry', 'colorlinks', 'links-as-notes', 'blockquote', 'documentclass',
  'classoption', 'header-includes', 'mainfont', 'sansfont', 'monofont', 'papersize', 'linestretch',
  'signature-before', 'signature-after', 'closing-indentation', 'letterhead', 'output', 'lang', 'language',
  'toc', 'toc-depth', 'toc-title', 'numbersections', 'number-sections', 'theme', 'colortheme', 'aspectratio',
  'layout', 'marp', 'paginate', 'class', 'style', 'tags', 'tag', 'categories', 'category', 'aliases', 'cssclass',
  'cssclasses', 'draft', 'slug', 'permalink', 'url', 'template', 'fontfamilyoptions', 'indent', 'urlcolor',
  'linkcolor', 'citecolor', 'bibliography', 'csl', 'transition', 'background', 'backgroundcolor', 'controls',
  'progress', 'center', 'slidenumber', 'slidenumbers', 'revealjs-url', 'highlight-style', 'header', 'footer',
  'size', 'math', 'backgroundimage', 'headingdivider', 'color', 'weight', 'type', 'series', 'format',
  'execute', 'jupyter', 'editor', 'engine', 'filters', 'highlighter', 'linenumbers', 'drawings', 'mdc',
  'fonts', 'download', 'exportfilename', 'info', 'canvaswidth', 'routeralias', 'favicon', 'titletemplate',
  'image', 'thumbnail', 'cover', 'banner', 'featured', 'hero', 'comments', 'share', 'sidebar', 'nav_order',
  'parent', 'has_children', 'menu', 'lastmod', 'expirydate', 'publishdate', 'publish', 'published',
  'reading_time', 'readingtime', 'toc_sticky', 'mathjax', 'katex', 'redirect_from', 'redirect_to',
  'sitemap', 'excerpt_separator', 'status', 'uuid', 'id', 'obsidianuicomponents',
  // pandoc's CSL data: read by csl.ts for the bibliography, never shown as metadata.
  'references', 'nocite',
  // Slidev (deck and per-slide), Marp and Quarto settings not listed above.
  'duration', 'timer', 'addons', 'htmlattrs', 'colorschema', 'selectable', 'record', 'contextmenu', 'wakelock',
  'presenter', 'browserexporter', 'twoslash', 'monaco', 'remoteassets', 'routermode', 'themeconfig', 'defaults',
  'seometa', 'hideintoc', 'layoutclass', 'src', 'dragpos', 'backgroundposition', 'backgroundrepeat', 'backgroundsize',
  'crossref', 'code-fold', 'freeze', 'knitr', 'reference-location', 'title-slide-attributes', 'embed-resources',
  'self-contained',
  // More of the same, met in real notes: Marp's auto-scaling, note apps' icons, pandoc's engine,
  // site excerpts, themes' page options.
  'auto-scaling', 'icon', 'pdf-engine', 'pdfengine', 'excerpt', 'mermaid', 'last_modified_at', 'author_profile',
  'toc_label', 'toc_icon', 'hidden', 'search', 'robots', 'canonical', 'use_math', 'usemathjax', 'dir',
]);

const LETTER_KEYS = new Set(['opening', 'salutation', 'closing', 'address', 'to', 'recipient', 'return-address', 'from', 'sender', 'cc', 'encl', 'enclosure', 'enclosures', 'ps', 'postscript', 'signature', 'subject']);
/** Keys that date the note, in the order they are believed. */
// ("created" is a file's birth in Obsidian and Notion, not the document's date.)
const DATE_KEYS = ['date', 'published', 'pubDate', 'pubdate', 'publishdate', 'publishDate', 'ms.date', 'updated', 'lastmod', 'last_modified', 'modified'];
const TITLE_KEYS = new Set(['title', 'subtitle', 'author', 'authors', 'creator', 'abstract', 'description', 'summary', ...DATE_KEYS]);

/**
 * Other keys shown with the title: words about the document (where, for whom, by whom). Any
 * other key steers a tool (a site's `images:`, Docs' `ms.author:`, Slidev's `export:`, pandoc's
 * `header-includes:`) and is no part of the page, however the tool names it.
 */
const SHOWN_KEYS = new Set([
  'city', 'place', 'location', 'venue', 'event', 'conference', 'version', 'institute',
  'institution', 'affiliation', 'organization', 'organisation', 'school', 'university', 'department', 'course',
  'semester', 'term', 'instructor', 'teacher', 'professor', 'lecturer', 'supervisor', 'advisor', 'keywords', 'email',
  'phone', 'name', 're',
]);


/**
 * A value as the page shows it: a site's shortcodes (`{{< fa user-tie >}}`) print nothing and a
 * Markdown link (`[Ben](https://…)`) prints its text.
 */
function shownValue(v: string): string {
  const read = v.includes('{') ? replaceTemplateTags(v) : v;
  return (read.includes('](') ? read.replace(/\[([^\]\n]{1,300})\]\([^)\s]{1,500}\)/g, '$1') : read).replace(/[ \t]{2,}/g, ' ').trim();
}

/** Text of a value: a name from a mapping, the items of a list. */
function text(v: YamlValue | undefined): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'string') return shownValue(v) || undefined;
  if (Array.isArray(v)) {
    const items = v.map(text).filter((x): x is string => x !== undefined);
    return items.length ? items.join(', ') : undefined;
  }
  return text(v['name'] ?? v['literal'] ?? Object.values(v)[0]);
}

function lines(v: YamlValue | undefined): string[] | undefined {
  if (v === undefined) return undefined;
  const items = Array.isArray(v) ? v.map(text) : typeof v === 'string' ? v.split('\n').map(shownValue) : [text(v)];
  const clean = items.map((l) => (l ?? '').trim()).filter((l) => l !== '');
  return clean.length ? clean : undefined;
}

/** A date value, unless it asks for the day of compilation. */
function dateOf(v: YamlValue | undefined): string | undefined {
  const d = text(v);
  if (!d || /^(today|now|last-modified)$/i.test(d)) return undefined;
  // An ISO timestamp is shown as its day.
  const iso = /^(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}/.exec(d);
  return iso ? iso[1] : d;
}

/**
 * A value that is a setting rather than words: a flag, a number, a file or an address, or a
 * list or table of nothing else (Hugo's `[params]` with `math = true`).
 */
function isSetting(v: YamlValue, depth = 0): boolean {
  if (typeof v !== 'string') {
    const items = Array.isArray(v) ? v : Object.values(v);
    return depth < MAX_SETTING_DEPTH && items.length > 0 && items.every((item) => isSetting(item, depth + 1));
  }
  const t = v.trim();
  return /^(true|false|yes|no|on|off|null|~|-?\d+(\.\d+)?)$/i.test(t) || /^\S+\.(png|jpe?g|svg|pdf|css|js|bib|csl|json)$/i.test(t) || /^(https?:\/\/|\/)\S*$/.test(t);
}

/** Nested lists and tables are looked into this deep (the YAML reader nests no deeper in practice). */
const MAX_SETTING_DEPTH = 8;

function fromMapping(y: Record<string, YamlValue>, meta: NoteMeta): void {
  meta.title = text(y['title']);
  meta.subtitle = text(y['subtitle']);
  const authors = lines(y['author'] ?? y['authors'] ?? y['creator']);
  if (authors) {
    meta.author = authors[0];
    meta.authors = authors;
  }
  // The note's own date under any of the names tools give it (Obsidian's published, Jekyll's
  // pubDate, Microsoft Docs' ms.date, a last update).
  meta.date = dateOf(DATE_KEYS.map((k) => y[k]).find((v) => v !== undefined && dateOf(v) !== undefined));
  meta.abstract = text(y['abstract'] ?? y['description'] ?? y['summary']);
  meta.subject = text(y['subject']);
  meta.opening = text(y['opening'] ?? y['salutation']);
  meta.closing = text(y['closing']);
  meta.address = lines(y['address'] ?? y['to'] ?? y['recipient']);
  meta.returnAddress = lines(y['return-address'] ?? y['from'] ?? y['sender']);
  meta.cc = text(y['cc']);
  meta.encl = text(y['encl'] ?? y['enclosure'] ?? y['enclosures']);
  meta.ps = text(y['ps'] ?? y['postscript']);
  const signature = y['signature'];
  // pandoc's letter template takes a signature image; words are a signature.
  if (signature !== undefined && !isSetting(signature)) meta.signature = lines(signature);
  const references = readReferences(y['references']);
  if (references) meta.references = references;
  const nocite = readNocite(y['nocite']);
  if (nocite) meta.nocite = nocite;
  for (const [key, value] of Object.entries(y)) {
    // A key starting with _ is private to its tool (Marp's spot directives: _class, _paginate).
    if (TITLE_KEYS.has(key) || LETTER_KEYS.has(key) || !SHOWN_KEYS.has(key.toLowerCase()) || DROPPED_KEYS.has(key) || isSetting(value)) continue;
    const t = text(value);
    if (t) meta.extra.push({ key, value: t });
  }
}

function fromHeaderLines(fields: ReturnType<typeof headerLines>['fields'], meta: NoteMeta): void {
  for (const { key, lines: ls, label } of fields) {
    const value = ls.join(' ');
    if (key === 'fact') {
      meta.extra.push({ key: label ?? '', value });
      continue;
    }
    if (key === 'title') meta.title ??= value;
    else if (key === 'subtitle') meta.subtitle ??= value;
    else if (key === 'author') {
      meta.authors ??= ls.flatMap((l) => l.split(/\s*(?:;|\band\b|&)\s*/)).filter(Boolean);
      meta.author ??= meta.authors[0];
    } else if (key === 'date') meta.date ??= dateOf(value);
    else if (key === 'subject') meta.subject ??= value;
    else if (key === 'from') meta.returnAddress ??= ls;
    else if (key === 'to') meta.address ??= ls;
    else meta.cc ??= value;
  }
}

/** Where front matter ends: the first closing fence line after the opening one, or -1. */
function fenceEnd(src: string, fence: string, alt: string): { inner: string; end: number } | null {
  if (!src.startsWith(`${fence}\n`) && !/^(---|\+\+\+)[ \t]+\n/.test(src.slice(0, 12))) return null;
  const open = src.indexOf('\n') + 1;
  for (let at = open; at < src.length; ) {
    const nl = src.indexOf('\n', at);
    const lineEnd = nl < 0 ? src.length : nl;
    const line = src.slice(at, lineEnd).trimEnd();
    if (line === fence || line === alt) return { inner: src.slice(open, Math.max(open, at - 1)), end: nl < 0 ? src.length : nl + 1 };
    if (nl < 0) break;
    at = nl + 1;
  }
  return null;
}

/** Splits off front matter and header lines; `body` is the note without them. */
export function extractFrontMatter(src: string): { meta: NoteMeta; body: string } {
  const meta: NoteMeta = { extra: [] };
  let body = src;
  const yaml = src.startsWith('---') ? fenceEnd(src, '---', '...') : null;
  const toml = src.startsWith('+++') ? fenceEnd(src, '+++', '+++') : null;
  if (yaml && /^[A-Za-z"'][^\n:]*:/m.test(yaml.inner)) {
    fromMapping(parseYaml(yaml.inner), meta);
    body = src.slice(yaml.end);
  } else if (toml && /^[ \t]*[A-Za-z"'[][^\n]*[=\]]/m.test(toml.inner)) {
    fromMapping(parseToml(toml.inner), meta);
    body = src.slice(toml.end);
  }
  const header = headerLines(body.replace(/^\n+/, ''));
  if (header.fields.length) {
    fromHeaderLines(header.fields, meta);
    body = header.body;
  } else {
    body = headerLinesUnderTitle(body, meta);
  }
  return { meta, body };
}

/**
 * Header lines right under a leading `# Title` heading (`# Field Study`, then `Author: Jane
 * Roe`, `Date: …`): metadata as at the very top. The heading stays: it is the note's title.
 */
function headerLinesUnderTitle(body: string, meta: NoteMeta): string {
  const start = body.length - body.replace(/^\n+/, '').length;
  const nl = body.indexOf('\n', start);
  if (nl < 0 || !/^#{1,2}[ \t]+\S/.test(body.slice(start, Math.min(nl, start + 300)))) return body;
  const rest = body.slice(nl + 1).replace(/^\n+/, '');
  // (A `%` line there is a LaTeX comment, not pandoc's title block.)
  if (rest.startsWith('%')) return body;
  const header = headerLines(rest);
  if (header.fields.length === 0) return body;
  fromHeaderLines(header.fields, meta);
  return `${body.slice(0, nl)}\n\n${header.body}`;
}
