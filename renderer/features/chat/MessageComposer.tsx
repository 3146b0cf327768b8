import { Button, Caption1, makeStyles, mergeClasses, Textarea, tokens } from '@fluentui/react-components'
import { Send20Regular } from '@fluentui/react-icons'
import { useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { chatLimits } from '../../../server/contract/socket/chats'
import { sendMessage } from './chat-actions'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '2px', paddingInline: tokens.spacingHorizontalS, paddingBlockEnd: tokens.spacingVerticalS },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  input: { flexGrow: 1, minWidth: 0 },
  hint: { color: tokens.colorNeutralForeground3, textAlign: 'end' },
  error: { color: tokens.colorPaletteRedForeground1, textAlign: 'start' },
})

/** Where the box sends: a chat by its id, or any sender (the mafia's room) that resolves true once sent. */
export type ComposerTarget = { chatId: number } | { onSend: (text: string) => Promise<boolean> }

/** The send box: Enter sends, Shift+Enter breaks the line; empty text is not sent, over-long text is refused here. */
export function MessageComposer(props: ComposerTarget & { autoFocus?: boolean; label?: string }) {
  const { autoFocus = false } = props
  const styles = useStyles()
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const [sending, setSending] = useState(false)
  const length = text.trim().length
  const tooLong = length > chatLimits.messageMax

  const send = async () => {
    if (sending || length === 0 || tooLong) return
    setSending(true)
    const sent = 'onSend' in props ? await props.onSend(text) : await sendMessage(props.chatId, text)
    setSending(false)
    if (sent) setText('')
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      void send()
    }
  }

  return (
    <div className={styles.root}>
      <div className={styles.row}>
        <Textarea
          className={styles.input}
          value={text}
          onChange={(_, data) => setText(data.value)}
          onKeyDown={onKeyDown}
          placeholder={t('chat.composer.placeholder')}
          aria-label={props.label ?? t('chat.composer.label')}
          aria-invalid={tooLong}
          resize="none"
          rows={1}
          autoFocus={autoFocus}
          data-testid="message-input"
        />
        <Button appearance="primary" icon={<Send20Regular />} onClick={() => void send()} disabled={length === 0 || tooLong || sending} aria-label={t('chat.composer.send')} data-testid="message-send" />
      </div>
      {tooLong ? (
        <Caption1 className={styles.error} role="alert" data-testid="message-too-long">
          {t('errors.message_too_long')}
        </Caption1>
      ) : length > chatLimits.messageMax - 200 ? (
        <Caption1 className={mergeClasses(styles.hint)}>{t('chat.composer.left', { left: chatLimits.messageMax - length })}</Caption1>
      ) : null}
    </div>
  )
}
