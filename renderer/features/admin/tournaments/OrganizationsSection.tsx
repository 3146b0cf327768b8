import {
  Body1,
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  SearchBox,
  Subtitle1,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components'
import { Add20Regular, Delete20Regular, Edit20Regular } from '@fluentui/react-icons'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { call } from '../../../api/client'
import { organizationLimits, organizationRoutes, type OrganizationDetail, type OrganizationMember } from '../../../../server/contract/http/tournaments-organizations'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { errorKey, errorText } from '../../../components/error-text'
import { TextMessageBar } from '../../../components/TextMessageBar'
import { UserPicker } from '../../tournaments'

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, marginTop: tokens.spacingVerticalXXL },
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  search: { minWidth: '240px', maxWidth: '420px', flexGrow: 1 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  number: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
})

const searchDelayMs = 300

/** The create and edit dialog: a name and the members, chosen by nickname. */
function OrganizationDialog({ organization, onClose, onSaved }: { organization: OrganizationDetail | null; onClose(): void; onSaved(saved: OrganizationDetail): void }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const [name, setName] = useState(organization?.name ?? '')
  const [members, setMembers] = useState<OrganizationMember[]>(organization ? [...organization.members] : [])
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (saving) return
    if (name.trim() === '') {
      setFieldErrors({ name: 'form.validation.required' })
      return
    }
    setFieldErrors({})
    setFailure(null)
    setSaving(true)
    const body = { name: name.trim(), members: members.map((member) => member.id) }
    try {
      const answer = organization ? await call(organizationRoutes.adminUpdateOrganization, { params: { id: organization.id }, body }) : await call(organizationRoutes.adminCreateOrganization, { body })
      onSaved(answer.organization)
    } catch (error) {
      const field = (error as { field?: string }).field
      if (field === 'name' || field === 'members') setFieldErrors({ [field]: errorKey(error) })
      else setFailure(errorKey(error))
    } finally {
      setSaving(false)
    }
  }

  const fieldError = (key: string) => (fieldErrors[key] ? { validationState: 'error' as const, validationMessage: t(fieldErrors[key] as string) } : {})
  return (
    <Dialog open onOpenChange={(_, data) => (!data.open && !saving ? onClose() : undefined)}>
      <DialogSurface>
        <form onSubmit={(event) => void submit(event)} noValidate data-testid="organization-form">
          <DialogBody>
            <DialogTitle>{organization ? t('tournaments.organizations.editTitle', { name: organization.name }) : t('tournaments.organizations.createTitle')}</DialogTitle>
            <DialogContent className={styles.form}>
              {failure ? <TextMessageBar intent="error">{t(failure)}</TextMessageBar> : null}
              <Field label={t('tournaments.organizations.name')} required {...fieldError('name')}>
                <Input value={name} maxLength={organizationLimits.nameMax} onChange={(_, data) => setName(data.value)} name="name" />
              </Field>
              <Field label={t('tournaments.organizations.members')} hint={t('tournaments.organizations.membersHint')} {...fieldError('members')}>
                <UserPicker label={t('tournaments.organizations.members')} value={members} onChange={setMembers} max={organizationLimits.membersMax} />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button type="button" appearance="secondary" onClick={onClose} disabled={saving}>
                {t('tournaments.organizations.cancel')}
              </Button>
              <Button type="submit" appearance="primary" disabled={saving}>
                {t('tournaments.organizations.save')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  )
}

/**
 * The organisations of /admin/tournaments: clubs whose members organise their tournaments. Admins
 * create them, rename them, choose their members by nickname, and delete them (after a confirmation).
 */
export function OrganizationsSection() {
  const styles = useStyles()
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const [sentSearch, setSentSearch] = useState('')
  const [page, setPage] = useState<{ items: OrganizationDetail[]; total: number } | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [version, setVersion] = useState(0)
  const [editing, setEditing] = useState<OrganizationDetail | null | undefined>(undefined)
  const [deleting, setDeleting] = useState<OrganizationDetail | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    const timer = setTimeout(() => setSentSearch(search.trim()), searchDelayMs)
    return () => clearTimeout(timer)
  }, [search])

  useEffect(() => {
    const abort = new AbortController()
    call(organizationRoutes.adminOrganizations, { query: { limit: organizationLimits.itemsPerPageMax, ...(sentSearch ? { search: sentSearch } : {}) }, signal: abort.signal })
      .then((answer) => {
        setPage(answer)
        setError(null)
      })
      .catch((failure: unknown) => {
        if (!abort.signal.aborted) setError(failure)
      })
    return () => abort.abort()
  }, [sentSearch, version])

  const remove = async () => {
    if (!deleting) return
    setBusy(true)
    try {
      await call(organizationRoutes.adminDeleteOrganization, { params: { id: deleting.id } })
      setNotice(t('tournaments.organizations.deleted', { name: deleting.name }))
      setVersion((value) => value + 1)
    } catch (failure) {
      setError(failure)
    } finally {
      setDeleting(null)
      setBusy(false)
    }
  }

  return (
    <section className={styles.section} aria-labelledby="organizations-title" data-testid="admin-organizations">
      <div className={styles.toolbar}>
        <Subtitle1 as="h2" id="organizations-title">
          {t('tournaments.organizations.title')}
        </Subtitle1>
        <Button icon={<Add20Regular />} onClick={() => setEditing(null)}>
          {t('tournaments.organizations.create')}
        </Button>
      </div>
      <Caption1>{t('tournaments.organizations.intro')}</Caption1>
      <SearchBox
        className={styles.search}
        value={search}
        onChange={(_, data) => setSearch(data.value)}
        maxLength={organizationLimits.searchMax}
        placeholder={t('tournaments.organizations.search')}
        aria-label={t('tournaments.organizations.search')}
      />
      {notice ? <TextMessageBar intent="success">{notice}</TextMessageBar> : null}
      {error ? <TextMessageBar intent="error">{errorText(t, error)}</TextMessageBar> : null}
      {page === null ? null : page.items.length === 0 ? (
        <Body1>{t('tournaments.organizations.empty')}</Body1>
      ) : (
        <Table size="small" aria-labelledby="organizations-title">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('tournaments.organizations.name')}</TableHeaderCell>
              <TableHeaderCell>{t('tournaments.organizations.members')}</TableHeaderCell>
              <TableHeaderCell>{t('tournaments.organizations.tournaments')}</TableHeaderCell>
              <TableHeaderCell>{t('tournaments.organizations.actions')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {page.items.map((organization) => (
              <TableRow key={organization.id} data-testid="organization-row">
                <TableCell dir="auto">{organization.name}</TableCell>
                <TableCell dir="auto">{organization.members.length === 0 ? t('tournaments.organizations.noMembers') : organization.members.map((member) => member.nickname).join(', ')}</TableCell>
                <TableCell className={styles.number}>{organization.tournaments}</TableCell>
                <TableCell>
                  <div className={styles.actions}>
                    <Button size="small" appearance="subtle" icon={<Edit20Regular />} aria-label={t('tournaments.organizations.edit', { name: organization.name })} onClick={() => setEditing(organization)} />
                    <Button size="small" appearance="subtle" icon={<Delete20Regular />} aria-label={t('tournaments.organizations.delete', { name: organization.name })} onClick={() => setDeleting(organization)} />
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editing === undefined ? null : (
        <OrganizationDialog
          organization={editing}
          onClose={() => setEditing(undefined)}
          onSaved={(saved) => {
            setEditing(undefined)
            setNotice(t('tournaments.organizations.saved', { name: saved.name }))
            setVersion((value) => value + 1)
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('tournaments.organizations.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('tournaments.organizations.deleteText')}
        confirmLabel={t('tournaments.organizations.deleteConfirm')}
        cancelLabel={t('tournaments.organizations.cancel')}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
        busy={busy}
        danger
      />
    </section>
  )
}
