// Worker entry when the server runs from its TypeScript sources (tsx, the test runner): a worker
// thread does not inherit the parent's module hooks, so it registers tsx itself, then loads the
// tasks. The compiled server loads tasks.js directly.
import { register } from 'tsx/esm/api';

register();
const { default: runTask } = await import('./tasks.ts');
export default runTask;
