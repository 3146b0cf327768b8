import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { systemClock } from '../../server/lib/clock'
import { randomToken } from '../../server/lib/ids'
import { createSessionsRepository } from '../../server/modules/auth/sessions.repository'
import { createSessionsService } from '../../server/modules/auth/sessions.service'
import { request as httpRequest } from '../helpers/http'
import { requestResult } from '../helpers/requests'
import { connectSocket, type TestSocket } from '../helpers/sockets'
import { createUserWithSession } from '../helpers/users'
import type { IdPools } from './values'

export interface WorldUser {
  id: number
  email: string
  token: string
}

/**
 * The people the payloads are aimed at. The attacker sends them; the victim owns chats, a party, a
 * friend, a pending request, a table and a share key, so "another user's ids" name real rows.
 */
export interface World {
  attacker: WorldUser
  victim: WorldUser
  pools: IdPools
  /** The attacker's own share key, which opens the share page socket the payloads also go through. */
  attackerShareKey: string
}

async function shareKey(baseUrl: string, token: string): Promise<string> {
  const answer = await httpRequest<{ key: string }>(baseUrl, 'POST', '/api/auth/shareKey', { token })
  if (answer.status !== 200) throw new Error(`share key refused: ${answer.status} ${JSON.stringify(answer.body)}`)
  return answer.body.key
}

/** A new session for the attacker (after a payload signed them out, or a password change ended it). */
export async function newSession(db: Kysely<Database>, user: WorldUser): Promise<void> {
  const { token } = await createSessionsService(createSessionsRepository(db), systemClock).start(user.id, 'fuzz')
  user.token = token
}

/** Builds the world through the app's own requests; the sockets it opened are closed at the end. */
export async function buildWorld(baseUrl: string, db: Kysely<Database>): Promise<World> {
  const users = await Promise.all(['fuzzattacker', 'fuzzvictim', 'fuzzthird', 'fuzzfourth'].map((prefix) => createUserWithSession(db, { nickname: `${prefix}${randomToken(3).replace(/[^a-z0-9]/gi, '')}` })))
  const [attacker, victim, third, fourth] = users.map(({ user, token }) => ({ id: user.id, email: user.email, token })) as [WorldUser, WorldUser, WorldUser, WorldUser]
  const sockets: TestSocket[] = []
  try {
    const [attackerSocket, victimSocket, thirdSocket] = await Promise.all([attacker, victim, third].map(async (user) => {
      const socket = await connectSocket(baseUrl, user.token)
      sockets.push(socket)
      return socket
    }))
    if (!attackerSocket || !victimSocket || !thirdSocket) throw new Error('world sockets did not open')

    // The victim and the third are friends; the victim has asked the fourth, who has not answered.
    const asked = await requestResult(victimSocket, 'friends:request:create', { id: third.id })
    const requestId = asked.status === 'requested' ? asked.requestId : 0
    await requestResult(thirdSocket, 'friends:request:accept', { id: victim.id, requestId })
    const pending = await requestResult(victimSocket, 'friends:request:create', { id: fourth.id })
    const pendingId = pending.status === 'requested' ? pending.requestId : 0

    // The victim's one-to-one chat and party with the third, each with a message.
    const direct = await requestResult(victimSocket, 'chat:create', { id: third.id })
    const directMessage = await requestResult(victimSocket, 'chat:message', { id: direct.id, message: 'only for the two of us' })
    const party = await requestResult(victimSocket, 'chat:group:create', { userId: third.id })
    const partyMessage = await requestResult(victimSocket, 'chat:group:message', { chatId: party.id, message: 'party plans' })

    // The victim sits at a table of their own.
    const lobby = await requestResult(victimSocket, 'mafia:create:lobby', { name: 'Victim table', language: 'en' })
    await shareKey(baseUrl, victim.token)

    // The attacker's own chat with the third, and their own share key.
    const own = await requestResult(attackerSocket, 'chat:create', { id: third.id })
    const attackerShareKey = await shareKey(baseUrl, attacker.token)

    const pools: IdPools = {
      own: [attacker.id, own.id],
      others: [victim.id, third.id, fourth.id, requestId, pendingId, direct.id, directMessage.id, party.id, partyMessage.id, lobby.id].filter((id) => id > 0),
      unknown: [999_999, 123_456_789, 2_147_483_647],
      emails: [victim.email, attacker.email, 'nobody@example.test', victim.email.toUpperCase(), ` ${victim.email}`],
      tokens: [randomToken(32), randomToken(8), 'a'.repeat(43), '', `${victim.token.slice(0, -2)}xx`, '%00', '../../x'],
    }
    return { attacker, victim, pools, attackerShareKey }
  } finally {
    for (const socket of sockets) socket.disconnect()
  }
}
