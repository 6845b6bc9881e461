/**
 * The enclosing containers of the value being read, FRAME_SLOTS slots each: an element buffer or a
 * shape, the element count of the array or the property start of the object (its mark), and the
 * object's run of keys that made new shapes. Kept across parses, as the property stack is: a new
 * 24-slot array on every parse was 7 % of a 200-byte body's profile on Bun, and keeping it made Bun's
 * bodies 0.97 times as long, V8's the same (bench/NOTES.md, round 12).
 * Made of own slots (own-slots.ts); the parser grows it with {@link growFrameStack}. Outside the
 * browser build only.
 */

import { BROWSER_BUILD } from '../platform/browser-build.js';
import { widened } from './own-slots.js';

/** Slots a container takes on the frame stack: the container, its mark, its run of fresh keys. */
export const FRAME_SLOTS = 3;

/** Stacks deeper than this many containers are dropped after a parse instead of kept. */
const KEPT_FRAME_DEPTH = 64;

/** A frame stack with room for eight containers; deeper documents grow it. None in the browser build (parser.ts). */
function freshFrames(): unknown[] {
  if (BROWSER_BUILD) return [];
  // prettier-ignore
  return [
    undefined, 0, 0, undefined, 0, 0, undefined, 0, 0, undefined, 0, 0,
    undefined, 0, 0, undefined, 0, 0, undefined, 0, 0, undefined, 0, 0,
  ];
}

export let frameStack: unknown[] = freshFrames();

/** Makes room for a frame at slot `at` (the parser reads {@link frameStack} again afterwards). */
export function growFrameStack(at: number): void {
  frameStack = widened(frameStack, at + FRAME_SLOTS, undefined);
}

/**
 * Forgets the containers the parse left on the stack, so that no element buffer full of parsed
 * values stays reachable. Frames are pushed from the bottom and every container slot a parse used
 * holds an array or a shape, so the used ones end at the first empty container slot.
 */
export function releaseFrameStack(): void {
  if (BROWSER_BUILD) return;
  const frames = frameStack;
  if (frames.length > KEPT_FRAME_DEPTH * FRAME_SLOTS) {
    frameStack = freshFrames();
    return;
  }
  for (let at = 0; at < frames.length && frames[at] !== undefined; at += FRAME_SLOTS) frames[at] = undefined;
}
