/** Up to this many slots are cleared by a loop, which beats `fill`'s call overhead for so few. */
const LOOP_CLEAR_LIMIT = 32;

/** Overwrites the first `count` slots of a reused buffer with `filler`, so that it holds no parsed value. */
export function clearSlots<T>(slots: T[], count: number, filler: T): void {
  if (count > LOOP_CLEAR_LIMIT) slots.fill(filler, 0, count);
  else for (let index = 0; index < count; index++) slots[index] = filler;
}
