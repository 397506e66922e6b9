// Vitest global set-up. Filled in by the database test support.
export default async function setup(): Promise<void> {}
