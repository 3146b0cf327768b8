import { afterAll, beforeAll } from 'vitest'
import { replaceCalls, type Caller } from '../../../renderer/api/client'
import type { RouteDefinition } from '../../../server/contract/http'

/**
 * How a test answers the renderer's contract calls (`call` of renderer/api/client) instead of the
 * server: with the result, or a promise of it; what it throws (an `ApiError`, say) is the call's failure.
 */
export type CallAnswer = (route: RouteDefinition, input: any) => unknown

/**
 * Answers every `call` with `answer` until the returned function is called. Unit files share their
 * worker's modules, so a file puts the HTTP client back before the next file runs.
 */
export function installCalls(answer: CallAnswer): () => void {
  return replaceCalls((async (route: RouteDefinition, input: unknown) => answer(route, input)) as Caller)
}

/** `installCalls` around all the tests of a file: call it from the file's top level. */
export function answerCalls(answer: CallAnswer): void {
  let restore = () => {}
  beforeAll(() => {
    restore = installCalls(answer)
  })
  afterAll(() => restore())
}
