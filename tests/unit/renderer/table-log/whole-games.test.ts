import { describe, expect, it } from 'vitest'
import type { TableEvent } from '../../../../server/contract/game'
import { announcementText } from '../../../../renderer/features/table/announcements/announcement-of'
import { logItemsOf } from '../../../../renderer/features/table/log/log-entries'
import { playRandomGame } from '../../engine/support/random-game'
import { createShellI18n } from '../shell/support'

const cards = Array.from({ length: 12 }, (_, index) => ({ seat: index + 1, user: { nickname: `P${index + 1}` } }))

describe('the log of games the engine plays', () => {
  it('words every event of whole games in every language, with no text missing or left unfilled', async () => {
    const games = [1, 2, 3, 4, 5, 6].map((seed) => playRandomGame(seed, () => undefined).events as TableEvent[])
    const kinds = new Set<string>()
    for (const locale of ['en', 'uk', 'de', 'he'] as const) {
      const i18n = await createShellI18n(locale)
      const untranslated: string[] = []
      for (const log of games) {
        for (const item of logItemsOf(log, cards)) {
          if (item.type !== 'entry') continue
          kinds.add(item.kind)
          const text = announcementText(i18n.t, item)
          if (!i18n.exists(item.key) || text.includes('{{') || text.includes('game.')) untranslated.push(`${locale}: ${item.key} -> ${text}`)
        }
      }
      expect(untranslated).toEqual([])
    }
    // These seeded games reach most kinds, so each one's texts were looked at in every language.
    for (const kind of ['speech', 'nomination', 'vote', 'no_elimination', 'leaves', 'kill', 'miss', 'best_move', 'foul', 'removal', 'time_up', 'timer', 'end']) expect(kinds).toContain(kind)
  })
})
