import { describe, expect, it } from 'vitest'
import { withGuardedPublish } from '../../../../server/lib/guarded-publisher'

/** A client shaped like node-redis's: private state reached through `this`, a publish that can fail. */
class FakeRedisClient {
  #open = true
  published: Array<[string, string]> = []
  get isOpen(): boolean {
    return this.#open
  }
  async publish(channel: string, message: string): Promise<number> {
    if (!this.#open) throw new Error('The client is closed')
    this.published.push([channel, message])
    return 1
  }
  async sendCommand(args: string[]): Promise<string> {
    if (!this.#open) throw new Error('The client is closed')
    return args.join(' ')
  }
  close(): void {
    this.#open = false
  }
}

describe('a publisher guarded for the Socket.IO adapter', () => {
  it('publishes through the client while it is open', async () => {
    const client = new FakeRedisClient()
    const guarded = withGuardedPublish(client, () => undefined)
    expect(await guarded.publish('requests', 'hello')).toBe(1)
    expect(client.published).toEqual([['requests', 'hello']])
  })

  it('reports a publish on a closed client instead of leaving a rejection nobody catches', async () => {
    const client = new FakeRedisClient()
    const errors: unknown[] = []
    const guarded = withGuardedPublish(client, (error) => errors.push(error))
    client.close()
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      // As the adapter calls it: the promise is dropped.
      void guarded.publish('requests', 'fetch sockets')
      await new Promise((resolve) => setTimeout(resolve, 20))
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
    expect(unhandled).toEqual([])
    expect(errors).toHaveLength(1)
    expect(String(errors[0])).toContain('The client is closed')
  })

  it('keeps every other member the client’s own, bound to it, and its constructor as it is', async () => {
    const client = new FakeRedisClient()
    const guarded = withGuardedPublish(client, () => undefined)
    expect(guarded.isOpen).toBe(true)
    const { sendCommand } = guarded
    expect(await sendCommand(['PUBSUB', 'NUMSUB', 'requests'])).toBe('PUBSUB NUMSUB requests')
    expect(guarded.constructor.name).toBe('FakeRedisClient')
    client.close()
    expect(guarded.isOpen).toBe(false)
    await expect(guarded.sendCommand(['PING'])).rejects.toThrow('The client is closed')
  })
})
