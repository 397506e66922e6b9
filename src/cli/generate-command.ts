// Placeholder until the builtin generator lands.
export async function runGenerateCommand(_args: string[]): Promise<number> {
  console.error('latexgen generate: not built yet');
  return 1;
}
