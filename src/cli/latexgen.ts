// `latexgen generate NOTE …`, `latexgen compile in.tex …` and `latexgen export in.tex …`: the same engine, sandboxed
// compiler and downloads the server uses, for people who live in a terminal.
import { runGenerateCommand } from './generate-command.js';
import { runCompileCommand } from './compile-command.js';
import { runExportCommand } from './export-command.js';

const USAGE = `Usage:
  latexgen generate NOTE --type TYPE [--no-math] [--split-tables] [-o out.tex]
  latexgen compile in.tex [-o out.pdf]
  latexgen export in.tex --format zip|docx|tex [--image FILE]... [-o OUT]`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'generate':
      return runGenerateCommand(rest);
    case 'compile':
      return runCompileCommand(rest);
    case 'export':
      return runExportCommand(rest);
    case '--help':
    case '-h':
    case undefined:
      console.log(USAGE);
      return command === undefined ? 2 : 0;
    default:
      console.error(`Unknown command '${command}'.\n${USAGE}`);
      return 2;
  }
}

process.exitCode = await main(process.argv.slice(2));
