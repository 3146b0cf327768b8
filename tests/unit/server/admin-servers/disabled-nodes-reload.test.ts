import { describe, expect, it, vi } from 'vitest'
import type { Kysely } from 'kysely'
import type { Database } from '../../../../db/schema'
import { createInvalidationHub } from '../../../../server/lib/revocable-cache'
import type { AdminServersRepository } from '../../../../server/modules/admin-servers/admin-servers.repository'
import { createAdminServersService, mediaServersTag, type MediaNodesView } from '../../../../server/modules/admin-servers/admin-servers.service'

/*
 * Which media nodes take new tables is reloaded whenever the bus says the list changed, or that
 * messages may have been lost (a subscriber reconnecting). A reload that fails (the database gone as
 * the server closes, or busy) keeps the set this server had, says so, and breaks nothing later.
 */
describe('the disabled media nodes, reloaded from the bus', () => {
  it('a failed reload keeps the last set, is logged, and the next change reloads it', async () => {
    let answer: () => Promise<string[]> = async () => ['node-b']
    const repository = { disabledNodes: () => answer() } as unknown as AdminServersRepository
    let admits: (nodeId: string) => boolean = () => true
    const nodes: MediaNodesView = { list: () => [], roomsOf: () => null, setAdmission: (rule) => (admits = rule) }
    const bus = createInvalidationHub()
    const logger = { warn: vi.fn() }
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    try {
      const service = createAdminServersService({ repository, db: {} as Kysely<Database>, nodes, builtinRoomPeers: () => null, invalidations: bus, logger })
      await service.reload()
      expect([admits('node-a'), admits('node-b')]).toEqual([true, false])

      answer = async () => {
        throw new Error('driver has already been destroyed')
      }
      bus.forgetEverything()
      bus.invalidate(mediaServersTag)
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(logger.warn).toHaveBeenCalledTimes(2)
      expect([admits('node-a'), admits('node-b')]).toEqual([true, false])
      expect(unhandled).not.toHaveBeenCalled()

      answer = async () => ['node-a']
      bus.invalidate(mediaServersTag)
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect([admits('node-a'), admits('node-b')]).toEqual([false, true])
    } finally {
      process.off('unhandledRejection', unhandled)
    }
  })
})
