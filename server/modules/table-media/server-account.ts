import type { FastifyBaseLogger } from 'fastify'
import { Role } from '../../contract/http/auth'
import { randomToken } from '../../lib/ids'
import { hashPassword, verifyPassword } from '../auth'
import type { TableMediaRepository } from './table-media.repository'

/**
 * MEDIA_NODE_EMAIL/MEDIA_NODE_PASSWORD on the app server: the server (role 4) account media nodes
 * sign in with is created at start, or gets the configured password when it has another one. An
 * account of any other role under that email is left alone (a person's account never becomes a
 * server, an admin never loses the role); the nodes then cannot sign in, and the log says why.
 */
export async function ensureMediaNodeAccount(options: { repository: TableMediaRepository; email: string; password: string; logger: FastifyBaseLogger }): Promise<void> {
  const { repository, logger } = options
  const email = options.email.trim().toLowerCase()
  const existing = await repository.findUserByEmail(email)
  if (!existing) {
    let nickname = 'media-node'
    for (let attempt = 2; await repository.nicknameTaken(nickname); attempt += 1) nickname = `media-node${attempt}`
    await repository.insertServerAccount({ nickname, email, passwordHash: await hashPassword(options.password), referralToken: randomToken(12), role: Role.server })
    logger.info({ email, nickname }, 'media node account created')
    return
  }
  if (existing.role_id !== Role.server) {
    logger.error({ email, roleId: existing.role_id }, 'MEDIA_NODE_EMAIL belongs to an account that is not a server account: media nodes cannot sign in with it')
    return
  }
  if (await verifyPassword(options.password, existing.password_hash)) return
  await repository.setPassword(existing.id, await hashPassword(options.password))
  logger.info({ email }, 'media node account: password set from MEDIA_NODE_PASSWORD')
}
