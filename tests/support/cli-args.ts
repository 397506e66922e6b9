// Command-line numbers for benchmarks and scripts: `--runs 50` style flags with a default.

/** The positive number after `flag` (e.g. '--runs') on the command line, else `fallback`. */
export function numberArg(flag: string, fallback: number, argv: string[] = process.argv): number {
  const index = argv.indexOf(flag);
  const value = index >= 0 ? Number(argv[index + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
