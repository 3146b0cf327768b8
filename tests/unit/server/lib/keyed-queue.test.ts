import { describe, expect, it } from 'vitest'
import { createKeyedQueue } from '../../../../server/lib/keyed-queue'

/** A task that records when it starts and ends, and finishes when told. */
function task(log: string[], name: string) {
  let finish!: () => void
  const done = new Promise<void>((resolve) => (finish = resolve))
  return {
    finish: () => finish(),
    work: async () => {
      log.push(`${name} start`)
      await done
      log.push(`${name} end`)
      return name
    },
  }
}

const turns = () => new Promise((resolve) => setTimeout(resolve, 5))

describe('keyed queue', () => {
  it('runs a task after everything queued before it under any of its keys, and other keys at once', async () => {
    const queue = createKeyedQueue<number>()
    const log: string[] = []
    const join = task(log, 'join 1')
    const other = task(log, 'join 2')
    const leave = task(log, 'leave 1+3')
    const first = queue.run(1, join.work)
    const unrelated = queue.run(2, other.work)
    const second = queue.run([1, 3], leave.work)
    await turns()
    expect(log).toEqual(['join 1 start', 'join 2 start'])
    join.finish()
    await turns()
    expect(log).toEqual(['join 1 start', 'join 2 start', 'join 1 end', 'leave 1+3 start'])
    leave.finish()
    other.finish()
    expect(await Promise.all([first, unrelated, second])).toEqual(['join 1', 'join 2', 'leave 1+3'])
  })

  it('goes on after a failed task, answers each caller with its own outcome, and forgets idle keys', async () => {
    const queue = createKeyedQueue<string>()
    const failed = queue.run('table', async () => {
      throw new Error('refused')
    })
    const next = queue.run('table', async () => 'ran')
    await expect(failed).rejects.toThrow('refused')
    expect(await next).toBe('ran')
    await turns()
    expect(queue.size).toBe(0)
  })
})
