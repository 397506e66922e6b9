// Counters of the generator's own work that the server exposes at /metrics: how often the fast
// Markdown parser answered, declined (remark then parsed the note) or failed (a bug, logged).
// Plain numbers in this module: the generator stays free of server code, and a worker that
// runs generate() can send a snapshot back to be added with addCounts().

export interface GeneratorCounts {
  fastMarkdownAccepted: number;
  fastMarkdownDeclined: number;
  fastMarkdownFailed: number;
  /** Parts of Markdown notes that neither parser could read safely, read as plain text. */
  markdownReadAsPlain: number;
  /** Notes so dense in lines or markup that they were read as paragraphs of text. */
  notesReadAsText: number;
}

const counts: GeneratorCounts = { fastMarkdownAccepted: 0, fastMarkdownDeclined: 0, fastMarkdownFailed: 0, markdownReadAsPlain: 0, notesReadAsText: 0 };

export function countGenerator(name: keyof GeneratorCounts, by = 1): void {
  counts[name] += by;
}

/** A copy of the counters as they are now. */
export function generatorCounts(): GeneratorCounts {
  return { ...counts };
}

/** Adds counts made elsewhere (for example in a worker thread that ran generate()). */
export function addCounts(delta: Partial<GeneratorCounts>): void {
  for (const [k, v] of Object.entries(delta) as Array<[keyof GeneratorCounts, number]>) if (typeof v === 'number') counts[k] += v;
}

/** Where failures of the generator's optional fast paths are reported (the server sets its logger). */
export type FailureReporter = (error: unknown, where: string) => void;

let reporter: FailureReporter = (error, where) => {
  process.emitWarning(`${where}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, 'GeneratorWarning');
};

export function setFailureReporter(fn: FailureReporter): void {
  reporter = fn;
}

export function reportFailure(error: unknown, where: string): void {
  reporter(error, where);
}
