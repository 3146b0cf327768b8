/**
 * `items.map(project)`, always with packed elements.
 *
 * V8 builds `Array.prototype.map`'s result with packed elements in the interpreter but with holey
 * ones once TurboFan has inlined the call, so arrays of the state and the views would come in two
 * kinds, depending on which tier made them. A function optimised while it met only one kind is
 * thrown away when the other first reaches it: in `npm run bench:game` some fifty engine functions
 * that read `state.seats` were deoptimised together, soon after the fold was optimised, and compiled
 * again. Pushing onto an empty array gives packed elements in every tier. Use it for the arrays the
 * state, the events and the views keep; a temporary read only where it is made may use `map`.
 */
export function mapPacked<T, U>(items: readonly T[], project: (item: T, index: number) => U): U[] {
  const result: U[] = []
  for (let index = 0; index < items.length; index++) result.push(project(items[index] as T, index))
  return result
}
