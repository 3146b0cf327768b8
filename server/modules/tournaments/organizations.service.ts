import type { Kysely } from 'kysely'
import type { Database } from '../../../db/schema'
import { organizationLimits, type OrganizationChange, type OrganizationDetail, type OrganizationInput, type OrganizationPageQuery } from '../../contract/http/tournaments-organizations'
import { AppError, badRequest, notFound } from '../../lib/app-error'
import { recordAudit } from '../admin'
import type { OrganizationRow, OrganizationsRepository } from './organizations.repository'

/** Two admins who save the same name at once: the database's unique name refuses the second. */
async function unlessNameTaken<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if ((error as { code?: unknown }).code === '23505') throw new AppError(409, 'errors.tournaments.organization_taken', { field: 'name' })
    throw error
  }
}

const present = (row: OrganizationRow): OrganizationDetail => ({ id: row.id, name: row.name, members: row.members, tournaments: row.tournaments })

/**
 * The admin panel's organisations: a name no other one has (without regard to case, trimmed) and
 * members who exist. Every change and its audit entry are stored together, or neither; a refused
 * change writes nothing.
 */
export function createOrganizationsService(options: { repository: OrganizationsRepository; existingUsers(ids: readonly number[]): Promise<Set<number>> }) {
  const { repository } = options

  const checkedName = (name: string): string => {
    const trimmed = name.trim()
    if (trimmed === '' || trimmed.includes('\u0000')) throw badRequest('errors.required', 'name')
    return trimmed
  }

  async function checkMembers(members: readonly number[]): Promise<void> {
    const known = await options.existingUsers(members)
    if (members.some((id) => !known.has(id))) throw new AppError(400, 'errors.tournaments.unknown_user', { field: 'members' })
  }

  async function existing(id: number): Promise<OrganizationRow> {
    const row = await repository.find(id)
    if (!row) throw notFound()
    return row
  }

  return {
    async page(query: OrganizationPageQuery): Promise<{ items: OrganizationDetail[]; total: number }> {
      const limit = query.limit ?? organizationLimits.itemsPerPageDefault
      const page = query.page ?? 1
      const search = query.search?.trim()
      const result = await repository.page({ ...(search ? { search } : {}), offset: (page - 1) * limit, limit })
      if (page > 1 && result.items.length === 0) throw new AppError(400, 'errors.tournaments.page_out_of_range', { field: 'page' })
      return { items: result.items.map(present), total: result.total }
    },

    async create(actorId: number, input: OrganizationInput): Promise<OrganizationDetail> {
      const name = checkedName(input.name)
      const members = input.members ?? []
      await checkMembers(members)
      if (await repository.nameTaken(name, null)) throw new AppError(409, 'errors.tournaments.organization_taken', { field: 'name' })
      return unlessNameTaken(() =>
        repository.transaction(async (queries) => {
          const id = await repository.insert(name, queries)
          await repository.setMembers(id, members, queries)
          const after = present((await repository.find(id, queries)) as OrganizationRow)
          await recordAudit(queries as unknown as Kysely<Database>, { actorId, action: 'organization.create', target: { type: 'organization', id }, after })
          return after
        }),
      )
    },

    async update(actorId: number, id: number, change: OrganizationChange): Promise<OrganizationDetail> {
      const before = present(await existing(id))
      const name = change.name === undefined ? undefined : checkedName(change.name)
      if (change.members) await checkMembers(change.members)
      if (name !== undefined && (await repository.nameTaken(name, id))) throw new AppError(409, 'errors.tournaments.organization_taken', { field: 'name' })
      return unlessNameTaken(() =>
        repository.transaction(async (queries) => {
          if (name !== undefined) await repository.rename(id, name, queries)
          if (change.members) await repository.setMembers(id, change.members, queries)
          const after = present((await repository.find(id, queries)) as OrganizationRow)
          await recordAudit(queries as unknown as Kysely<Database>, { actorId, action: 'organization.update', target: { type: 'organization', id }, before, after })
          return after
        }),
      )
    },

    async remove(actorId: number, id: number): Promise<void> {
      const before = present(await existing(id))
      await repository.transaction(async (queries) => {
        await repository.remove(id, queries)
        await recordAudit(queries as unknown as Kysely<Database>, { actorId, action: 'organization.delete', target: { type: 'organization', id }, before })
      })
    },
  }
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>
