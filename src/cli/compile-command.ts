// Placeholder until the compile service lands.
export async function runCompileCommand(_args: string[]): Promise<number> {
  console.error('latexgen compile: not built yet');
  return 1;
}
