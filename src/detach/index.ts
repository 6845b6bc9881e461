export { detach, detachStrategy } from './detach.js';
export type { DetachStrategy } from './strategies.js';
