import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, makeStyles, Switch, tokens } from '@fluentui/react-components'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError, call } from '../../../api/client'
import { adminServersRoutes, serverLimits, type MediaServerItem } from '../../../../server/contract/http/admin-servers'
import { errorText } from '../../../components/error-text'
import { TextMessageBar } from '../../../components/TextMessageBar'

const useStyles = makeStyles({ form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM } })

const nodeIdPattern = new RegExp(serverLimits.nodeIdPattern)

/** What the form checks before sending (the server checks the same, and more). */
export function checkServerForm(form: { nodeId: string; name: string; url: string }): Partial<Record<'nodeId' | 'name' | 'url', string>> {
  const problems: Partial<Record<'nodeId' | 'name' | 'url', string>> = {}
  if (!nodeIdPattern.test(form.nodeId)) problems.nodeId = form.nodeId === '' ? 'form.validation.required' : 'errors.invalid_format'
  if (form.name.trim() === '') problems.name = 'form.validation.required'
  let url: URL | null = null
  try {
    url = new URL(form.url.trim())
  } catch {
    url = null
  }
  if (form.url.trim() === '') problems.url = 'form.validation.required'
  else if (!url || !['ws:', 'wss:', 'http:', 'https:'].includes(url.protocol) || url.hostname === '') problems.url = 'errors.servers.invalid_url'
  return problems
}

/** Adds a media server (`editing` null) or edits one: node id (fixed once added), name, address, enabled. */
export function ServerDialog({ editing, open, onClose, onSaved }: { editing: MediaServerItem | null; open: boolean; onClose: () => void; onSaved: () => void }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const [form, setForm] = useState({ nodeId: editing?.nodeId ?? '', name: editing?.name ?? '', url: editing?.url ?? '', enabled: editing?.enabled ?? true })
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)
  const problems = checkServerForm(form)
  const serverField = failure instanceof ApiError ? failure.field : undefined
  const messageOf = (field: 'nodeId' | 'name' | 'url') => {
    if (tried && problems[field]) return t(problems[field] as string)
    if (serverField === field) return errorText(t, failure)
    return undefined
  }

  async function save() {
    setTried(true)
    if (Object.keys(problems).length > 0) return
    setBusy(true)
    setFailure(null)
    try {
      if (editing?.id) await call(adminServersRoutes.updateServer, { params: { id: editing.id }, body: { name: form.name.trim(), url: form.url.trim(), enabled: form.enabled } })
      else await call(adminServersRoutes.createServer, { body: { nodeId: form.nodeId, name: form.name.trim(), url: form.url.trim(), enabled: form.enabled } })
      onSaved()
    } catch (error) {
      setFailure(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={(_, data) => (!data.open && !busy ? onClose() : undefined)}>
      <DialogSurface data-testid="server-dialog">
        <form
          onSubmit={(event) => {
            event.preventDefault()
            void save()
          }}
          noValidate
        >
          <DialogBody>
            <DialogTitle>{editing?.id ? t('serversAdmin.editTitle', { name: editing.name }) : t('serversAdmin.addTitle')}</DialogTitle>
            <DialogContent className={styles.form}>
              <Field label={t('serversAdmin.columns.nodeId')} hint={t('serversAdmin.nodeIdHint')} required validationMessage={messageOf('nodeId')}>
                <Input value={form.nodeId} disabled={Boolean(editing?.id)} dir="ltr" maxLength={64} onChange={(_, data) => setForm({ ...form, nodeId: data.value })} data-testid="server-node-id" />
              </Field>
              <Field label={t('serversAdmin.columns.name')} required validationMessage={messageOf('name')}>
                <Input value={form.name} maxLength={serverLimits.nameMax} onChange={(_, data) => setForm({ ...form, name: data.value })} data-testid="server-name" />
              </Field>
              <Field label={t('serversAdmin.columns.url')} hint={t('serversAdmin.urlHint')} required validationMessage={messageOf('url')}>
                <Input value={form.url} type="url" dir="ltr" maxLength={serverLimits.urlMax} onChange={(_, data) => setForm({ ...form, url: data.value })} data-testid="server-url" />
              </Field>
              <Switch checked={form.enabled} label={t('serversAdmin.enabledLabel')} onChange={(_, data) => setForm({ ...form, enabled: data.checked })} />
              {failure && !serverField ? <TextMessageBar intent="error">{errorText(t, failure)}</TextMessageBar> : null}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" disabled={busy} onClick={onClose}>
                {t('serversAdmin.cancel')}
              </Button>
              <Button appearance="primary" type="submit" disabled={busy} data-testid="server-save">
                {t('serversAdmin.save')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  )
}
