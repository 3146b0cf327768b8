import {
  Button,
  Checkbox,
  createTableColumn,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  Text,
  tokens,
  type SortDirection,
  type TableColumnDefinition,
} from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { routes, type AdminUser, type AdminUserSort, type AdminUsersQuery } from '../../../../server/contract/http'
import { call } from '../../../api/client'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { EmptyState } from '../../../components/EmptyState'
import { Screen } from '../../../components/Screen'
import { errorText } from '../../../components/error-text'
import { AdminGrid, usePagedList } from '../shared'

const useStyles = makeStyles({
  filters: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
})

const pageSize = 20
/** The columns the server sorts users by. */
const sortColumns = ['id', 'nickname', 'email', 'role', 'createdAt', 'lastSeenAt'] as const satisfies readonly AdminUserSort[]
const tristate = (value: string) => (value === '' ? undefined : value === 'true')

/** /admin/users: the users on the server's search, filters, sort and pages; edit, ban and lift a ban. */
export function AdminUsersScreen() {
  const styles = useStyles()
  const { t, i18n } = useTranslation()
  const [search, setSearch] = useState('')
  const [typed, setTyped] = useState('')
  const [role, setRole] = useState('')
  const [banned, setBanned] = useState('')
  const [premium, setPremium] = useState('')
  const [unconfirmed, setUnconfirmed] = useState('')
  const [sort, setSort] = useState<{ column: AdminUserSort; direction: SortDirection }>({ column: 'id', direction: 'descending' })
  const [editing, setEditing] = useState<AdminUser | null>(null)
  const [banning, setBanning] = useState<AdminUser | null>(null)
  const [lifting, setLifting] = useState<AdminUser | null>(null)
  const [busy, setBusy] = useState(false)
  const [actionError, setActionError] = useState<string | null>(null)

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 300)
    return () => clearTimeout(timer)
  }, [typed])

  const filters: Omit<AdminUsersQuery, 'page' | 'limit'> = {
    sort: sort.column,
    order: sort.direction === 'ascending' ? 'asc' : 'desc',
    ...(search ? { search } : {}),
    ...(role ? { role: Number(role) } : {}),
    ...(tristate(banned) !== undefined ? { banned: tristate(banned) } : {}),
    ...(tristate(premium) !== undefined ? { premium: tristate(premium) } : {}),
    ...(tristate(unconfirmed) !== undefined ? { unconfirmed: tristate(unconfirmed) } : {}),
  }
  const list = usePagedList((page, signal) => call(routes.admin.users, { query: { page, limit: pageSize, ...filters }, signal }), { pageSize, filters: JSON.stringify(filters) })

  const date = (value: string | null) => (value ? new Date(value).toLocaleString(i18n.language) : '—')
  const columns: TableColumnDefinition<AdminUser>[] = [
    createTableColumn<AdminUser>({ columnId: 'id', compare: () => 0, renderHeaderCell: () => t('adminPanel.users.id'), renderCell: (user) => user.id }),
    createTableColumn<AdminUser>({ columnId: 'nickname', compare: () => 0, renderHeaderCell: () => t('adminPanel.users.nickname'), renderCell: (user) => user.nickname }),
    createTableColumn<AdminUser>({ columnId: 'email', compare: () => 0, renderHeaderCell: () => t('adminPanel.users.email'), renderCell: (user) => user.email }),
    createTableColumn<AdminUser>({ columnId: 'role', compare: () => 0, renderHeaderCell: () => t('adminPanel.users.role'), renderCell: (user) => t(`adminPanel.roles.${user.roleId}`) }),
    createTableColumn<AdminUser>({
      columnId: 'ban',
      renderHeaderCell: () => t('adminPanel.users.ban'),
      renderCell: (user) => (user.bans[0] ? t('adminPanel.users.bannedUntil', { reason: user.bans[0].reason, until: date(user.bans[0].time) }) : '—'),
    }),
    createTableColumn<AdminUser>({ columnId: 'lastSeenAt', compare: () => 0, renderHeaderCell: () => t('adminPanel.users.lastSeen'), renderCell: (user) => date(user.lastSeenAt) }),
    createTableColumn<AdminUser>({
      columnId: 'actions',
      renderHeaderCell: () => t('adminPanel.users.actions'),
      renderCell: (user) => (
        <div style={{ display: 'flex', gap: 4 }}>
          <Button size="small" onClick={() => setEditing(user)} data-testid={`admin-edit-${user.id}`}>
            {t('adminPanel.users.edit')}
          </Button>
          {user.bans.length > 0 ? (
            <Button size="small" onClick={() => setLifting(user)} data-testid={`admin-lift-${user.id}`}>
              {t('adminPanel.users.lift')}
            </Button>
          ) : (
            <Button size="small" onClick={() => setBanning(user)} data-testid={`admin-ban-${user.id}`}>
              {t('adminPanel.users.banAction')}
            </Button>
          )}
        </div>
      ),
    }),
  ]
  const act = async (work: () => Promise<unknown>, done: () => void) => {
    setBusy(true)
    setActionError(null)
    try {
      await work()
      done()
      list.reload()
    } catch (failure) {
      setActionError(errorText(t, failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Screen title={t('adminNav.users')}>
      <div className={styles.filters}>
        <Field label={t('adminPanel.users.search')}>
          <Input value={typed} onChange={(_, value) => setTyped(value.value)} data-testid="admin-users-search" />
        </Field>
        <Field label={t('adminPanel.users.role')}>
          <Select value={role} onChange={(_, value) => setRole(value.value)}>
            <option value="">{t('adminPanel.any')}</option>
            {[1, 2, 3, 4].map((id) => (
              <option key={id} value={id}>
                {t(`adminPanel.roles.${id}`)}
              </option>
            ))}
          </Select>
        </Field>
        {(
          [
            ['banned', banned, setBanned],
            ['premium', premium, setPremium],
            ['unconfirmed', unconfirmed, setUnconfirmed],
          ] as const
        ).map(([name, value, set]) => (
          <Field key={name} label={t(`adminPanel.users.${name}`)}>
            <Select value={value} onChange={(_, next) => set(next.value)}>
              <option value="">{t('adminPanel.any')}</option>
              <option value="true">{t('adminPanel.yes')}</option>
              <option value="false">{t('adminPanel.no')}</option>
            </Select>
          </Field>
        ))}
      </div>
      <AdminGrid
        list={list}
        columns={columns}
        getRowId={(user) => user.id}
        label={t('adminNav.users')}
        empty={<EmptyState title={t('adminPanel.users.empty')} />}
        pager={{ label: t('adminPanel.pager'), previous: t('adminPanel.previous'), next: t('adminPanel.next'), status: t('adminPanel.page', { page: list.page, pages: list.pages, total: list.result?.total ?? 0 }), always: true }}
        sort={{
          column: sort.column,
          direction: sort.direction,
          onChange: (column, direction) => {
            if ((sortColumns as readonly string[]).includes(column)) setSort({ column: column as AdminUserSort, direction })
          },
        }}
        testId="admin-users-grid"
        rowTestId={(user) => `admin-user-${user.id}`}
      />
      {editing ? <EditDialog user={editing} busy={busy} error={actionError} onCancel={() => (setEditing(null), setActionError(null))} onSave={(body) => act(() => call(routes.admin.updateUser, { params: { id: editing.id }, body }), () => setEditing(null))} /> : null}
      {banning ? <BanDialog user={banning} busy={busy} error={actionError} onCancel={() => (setBanning(null), setActionError(null))} onBan={(body) => act(() => call(routes.admin.ban, { params: { id: banning.id }, body }), () => setBanning(null))} /> : null}
      <ConfirmDialog
        open={lifting !== null}
        title={t('adminPanel.users.liftTitle')}
        text={t('adminPanel.users.liftText', { nickname: lifting?.nickname ?? '' })}
        confirmLabel={t('adminPanel.users.lift')}
        cancelLabel={t('adminPanel.cancel')}
        busy={busy}
        error={actionError}
        onCancel={() => (setLifting(null), setActionError(null))}
        onConfirm={() => lifting && void act(() => call(routes.admin.editBans, { params: { id: lifting.id }, body: { bans: [] } }), () => setLifting(null))}
      />
    </Screen>
  )
}

function EditDialog(props: { user: AdminUser; busy: boolean; error: string | null; onCancel: () => void; onSave: (body: { nickname: string; emailConfirmation: boolean; adminConfirmation: boolean }) => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [nickname, setNickname] = useState(props.user.nickname)
  const [emailConfirmation, setEmail] = useState(props.user.emailConfirmation)
  const [adminConfirmation, setAdmin] = useState(props.user.adminConfirmation)
  const empty = nickname.trim() === ''
  return (
    <Dialog open onOpenChange={(_, data) => (!data.open && !props.busy ? props.onCancel() : undefined)}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('adminPanel.users.editTitle', { nickname: props.user.nickname })}</DialogTitle>
          <DialogContent className={styles.form}>
            <Field label={t('adminPanel.users.nickname')} required validationMessage={empty ? t('form.validation.required') : undefined}>
              <Input value={nickname} onChange={(_, value) => setNickname(value.value)} maxLength={40} />
            </Field>
            <Checkbox checked={emailConfirmation} onChange={(_, value) => setEmail(value.checked === true)} label={t('adminPanel.users.emailConfirmation')} />
            <Checkbox checked={adminConfirmation} onChange={(_, value) => setAdmin(value.checked === true)} label={t('adminPanel.users.adminConfirmation')} />
            {props.error ? (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{props.error}</MessageBarBody>
              </MessageBar>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onCancel} disabled={props.busy}>
              {t('adminPanel.cancel')}
            </Button>
            <Button appearance="primary" disabled={props.busy || empty} onClick={() => props.onSave({ nickname: nickname.trim(), emailConfirmation, adminConfirmation })}>
              {t('adminPanel.save')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

const durations = [60, 24 * 60, 7 * 24 * 60, 30 * 24 * 60, 365 * 24 * 60] as const

function BanDialog(props: { user: AdminUser; busy: boolean; error: string | null; onCancel: () => void; onBan: (body: { reason: string; time: number }) => void }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const [reason, setReason] = useState('')
  const [minutes, setMinutes] = useState<number>(durations[1])
  const [confirming, setConfirming] = useState(false)
  const missing = reason.trim() === ''
  return (
    <Dialog open onOpenChange={(_, data) => (!data.open && !props.busy ? props.onCancel() : undefined)}>
      <DialogSurface data-testid="admin-ban-dialog">
        <DialogBody>
          <DialogTitle>{t('adminPanel.users.banTitle', { nickname: props.user.nickname })}</DialogTitle>
          <DialogContent className={styles.form}>
            <Field label={t('adminPanel.users.reason')} required validationMessage={confirming && missing ? t('form.validation.required') : undefined}>
              <Input value={reason} onChange={(_, value) => setReason(value.value)} maxLength={500} data-testid="admin-ban-reason" />
            </Field>
            <Field label={t('adminPanel.users.duration')}>
              <Select value={String(minutes)} onChange={(_, value) => setMinutes(Number(value.value))} data-testid="admin-ban-duration">
                {durations.map((value) => (
                  <option key={value} value={value}>
                    {t(`adminPanel.users.durations.${value}`)}
                  </option>
                ))}
              </Select>
            </Field>
            {confirming && !missing ? <Text weight="semibold">{t('adminPanel.users.banConfirm', { nickname: props.user.nickname })}</Text> : null}
            {props.error ? (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{props.error}</MessageBarBody>
              </MessageBar>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onCancel} disabled={props.busy}>
              {t('adminPanel.cancel')}
            </Button>
            <Button
              appearance="primary"
              disabled={props.busy}
              data-testid="admin-ban-submit"
              onClick={() => {
                if (missing || !confirming) return setConfirming(true)
                props.onBan({ reason: reason.trim(), time: minutes })
              }}
            >
              {confirming && !missing ? t('adminPanel.users.banConfirmButton') : t('adminPanel.users.banAction')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
