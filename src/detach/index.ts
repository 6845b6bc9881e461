export { configureDetach, detach, detachStrategy, type DetachConfiguration } from './detach.js';
export type { DetachStrategy } from './strategies.js';
