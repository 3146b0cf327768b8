import { describe, expect, it } from 'vitest'
import { desktopLabels, desktopStatus, gameJustStarted, isSeatedInRunningGame, newRequests } from '../../../renderer/platform/desktop-status'

const lobby = (status: 'open' | 'running' | 'ended', as: 'player' | 'judge' | 'spectator' = 'player', id = 7) => ({ id, as, lobby: { status, name: 'Evening' } }) as never
const labels = desktopLabels((key) => `«${key}»`)

describe('what the page tells the desktop shell', () => {
  it('counts unread chats and friend requests, and whether quitting would leave a running game', () => {
    expect(desktopStatus({ connected: true, unreadMessages: 2, friendRequests: 1, current: lobby('running'), labels })).toEqual({ online: true, unread: 3, seatedInRunningGame: true, labels })
    expect(desktopStatus({ connected: false, unreadMessages: 0, friendRequests: 0, current: null, labels })).toMatchObject({ online: false, unread: 0, seatedInRunningGame: false })
  })

  it('asks before quitting only a running game the viewer plays or judges', () => {
    expect(isSeatedInRunningGame(lobby('running', 'player'))).toBe(true)
    expect(isSeatedInRunningGame(lobby('running', 'judge'))).toBe(true)
    expect(isSeatedInRunningGame(lobby('running', 'spectator'))).toBe(false)
    expect(isSeatedInRunningGame(lobby('open'))).toBe(false)
    expect(isSeatedInRunningGame(lobby('ended'))).toBe(false)
  })

  it('has every text of the shell translated', () => {
    expect(Object.values(labels).every((label) => /^«desktop\.(tray|quit|update)\.[a-zA-Z]+»$/.test(label))).toBe(true)
    expect(labels.unread).toBe('«desktop.tray.unread»')
  })

  it('notices the moment the viewer\'s own game starts, once', () => {
    expect(gameJustStarted(lobby('open'), lobby('running'))).toMatchObject({ id: 7 })
    expect(gameJustStarted(lobby('open', 'judge'), lobby('running', 'judge'))).toMatchObject({ id: 7 })
    expect(gameJustStarted(lobby('running'), lobby('running'))).toBeNull()
    expect(gameJustStarted(lobby('open', 'spectator'), lobby('running', 'spectator'))).toBeNull()
    expect(gameJustStarted(lobby('open', 'player', 1), lobby('running', 'player', 2))).toBeNull()
    expect(gameJustStarted(null, lobby('running'))).toBeNull()
  })

  it('notifies each friend request once', () => {
    const seen = new Set([1])
    expect(newRequests(seen, [{ requestId: 1 }, { requestId: 2 }])).toEqual([{ requestId: 2 }])
  })
})
