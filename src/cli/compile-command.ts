// `latexgen compile in.tex [-o out.pdf]`: the server's compile service (same runner, same
// sandbox, same limits) for one file; prints line-numbered errors and exits non-zero on failure.
import { readFile, writeFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { loadConfig } from '../server/config.js';
import { CompileTooLargeError, createCompileService, type CompileResult } from '../server/latex/compile/index.js';
import { generatorPreambleReader, generatorPreambles } from '../server/latex/generator-formats.js';

const USAGE = 'Usage: latexgen compile in.tex [-o out.pdf]';

interface Args {
  input: string;
  output: string;
}

function parseArgs(args: string[]): Args | string {
  let input: string | undefined;
  let output: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '-o' || arg === '--output') {
      output = args[++i];
      if (!output) return 'Missing file name after -o.';
    } else if (arg === '-h' || arg === '--help') {
      return USAGE;
    } else if (arg.startsWith('-') && arg !== '-') {
      return `Unknown option '${arg}'.`;
    } else if (input === undefined) {
      input = arg;
    } else {
      return `Unexpected argument '${arg}'.`;
    }
  }
  if (!input) return 'Missing the input file.';
  const stem = input === '-' ? 'texput' : input.slice(0, input.length - extname(input).length);
  return { input, output: output ?? `${stem}.pdf` };
}

async function readInput(input: string): Promise<string> {
  if (input !== '-') return readFile(input, 'utf8');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function formatErrors(file: string, result: CompileResult): string {
  return result.errors
    .map((e) => {
      const where = e.line !== null ? `${file}:${e.line}: ` : `${file}: `;
      return `${where}${e.message}${e.hint ? `\n  hint: ${e.hint}` : ''}`;
    })
    .join('\n');
}

/**
 * The parsed arguments and the input file's text; or, when the arguments are wrong (or only ask
 * for help) or the file cannot be read, the exit code after saying so.
 */
export async function argumentsAndInput<A extends { input: string }>(parsed: A | string, usage: string): Promise<{ args: A; latex: string } | number> {
  if (typeof parsed === 'string') {
    console.error(parsed === usage ? usage : `${parsed}\n${usage}`);
    return parsed === usage ? 0 : 2;
  }
  try {
    return { args: parsed, latex: await readInput(parsed.input) };
  } catch (err) {
    console.error(`Cannot read ${parsed.input}: ${(err as Error).message}`);
    return 2;
  }
}

export async function runCompileCommand(args: string[]): Promise<number> {
  const read = await argumentsAndInput(parseArgs(args), USAGE);
  if (typeof read === 'number') return read;
  const { args: parsed, latex } = read;
  const config = loadConfig();
  const service = createCompileService({
    timeoutMs: config.compile.timeoutMs,
    concurrency: 1,
    dataDir: config.dataDir,
    allowUnsafeNoSandbox: config.compile.unsafeNoSandbox,
    // A one-shot run builds at most the format its own document needs, for the next run.
    warmFormats: false,
    preambles: generatorPreambles,
    preambleReader: generatorPreambleReader,
  });
  const name = parsed.input === '-' ? 'stdin' : basename(parsed.input);
  try {
    const result = await service.compile({ latex });
    switch (result.status) {
      case 'success':
        await writeFile(parsed.output, result.pdf ?? Buffer.alloc(0));
        console.log(`Wrote ${parsed.output} (${result.pdf?.length ?? 0} bytes, ${Math.round(result.durationMs)} ms).`);
        return 0;
      case 'unavailable': {
        console.error(result.log);
        if (result.html !== undefined) {
          const htmlPath = parsed.output.replace(/\.pdf$/i, '') + '.html';
          await writeFile(htmlPath, result.html);
          console.error(`Wrote an HTML preview to ${htmlPath} instead.`);
        }
        return 3;
      }
      default:
        console.error(formatErrors(name, result));
        console.error(`Compilation ${result.status === 'failure' ? 'failed' : result.status === 'timedout' ? 'timed out' : 'could not run'}.`);
        return 1;
    }
  } catch (err) {
    if (err instanceof CompileTooLargeError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await service.close();
  }
}
