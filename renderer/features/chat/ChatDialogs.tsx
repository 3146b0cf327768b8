import { Badge, Button, Caption1Strong, makeStyles, mergeClasses, Portal, tokens, Tooltip } from '@fluentui/react-components'
import { ChevronDown20Regular, ChevronUp20Regular, Dismiss20Regular, Open20Regular } from '@fluentui/react-icons'
import { useEffect, useRef, type PointerEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useSnapshot } from 'valtio'
import { chatsState, closeDialog, dialogSize, focusDialog, keepDialogsInside, moveDialog, toggleDialogMinimized, type DialogPosition } from '../../state/chats'
import { ChatView } from './ChatView'
import { usePageVisible } from './page-visibility'

const useStyles = makeStyles({
  window: {
    position: 'fixed',
    zIndex: 900,
    width: `${dialogSize.width}px`,
    height: `${dialogSize.height}px`,
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow16,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    overflow: 'hidden',
  },
  minimized: { height: `${dialogSize.minimizedHeight}px` },
  marked: { border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}` },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    height: `${dialogSize.minimizedHeight}px`,
    flexShrink: 0,
    paddingInlineStart: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorNeutralBackground3,
    cursor: 'grab',
    touchAction: 'none',
    userSelect: 'none',
  },
  title: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
})

/** One floating one-to-one window: drag it by its header (kept inside the viewport), minimise, open full page, close. */
function ChatDialog({ dialog, focused }: { dialog: DialogPosition; focused: boolean }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const navigate = useNavigate()
  const pageVisible = usePageVisible()
  const drag = useRef<{ pointerId: number; dx: number; dy: number } | null>(null)

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as HTMLElement).closest('button')) return
    drag.current = { pointerId: event.pointerId, dx: event.clientX - dialog.left, dy: event.clientY - dialog.top }
    event.currentTarget.setPointerCapture(event.pointerId)
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return
    moveDialog(dialog.id, { left: event.clientX - drag.current.dx, top: event.clientY - drag.current.dy })
  }
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return
    drag.current = null
    event.currentTarget.releasePointerCapture(event.pointerId)
  }

  return (
    <section
      className={mergeClasses(styles.window, dialog.minimize && styles.minimized, dialog.newMessage && styles.marked)}
      style={{ top: dialog.top, left: dialog.left }}
      aria-label={dialog.name}
      data-testid={`chat-dialog-${dialog.id}`}
      data-chat-dialog={dialog.id}
      onFocus={() => focusDialog(dialog.id)}
      onPointerDown={() => focusDialog(dialog.id)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) focusDialog(null)
      }}
    >
      <div className={styles.header} onPointerDown={onPointerDown} onPointerMove={onPointerMove} onPointerUp={onPointerUp} onPointerCancel={onPointerUp} data-testid="chat-dialog-handle">
        <Caption1Strong className={styles.title}>{dialog.name}</Caption1Strong>
        {dialog.newMessage ? (
          <Badge appearance="filled" color="danger" size="small" data-testid="chat-dialog-new">
            {t('chat.dialog.new')}
          </Badge>
        ) : null}
        <Tooltip content={t('chat.dialog.openPage')} relationship="label">
          <Button appearance="subtle" size="small" icon={<Open20Regular />} onClick={() => navigate(`/chat/${dialog.id}`)} />
        </Tooltip>
        <Tooltip content={dialog.minimize ? t('chat.dialog.restore') : t('chat.dialog.minimize')} relationship="label">
          <Button
            appearance="subtle"
            size="small"
            icon={dialog.minimize ? <ChevronUp20Regular /> : <ChevronDown20Regular />}
            onClick={() => toggleDialogMinimized(dialog.id)}
            data-testid="chat-dialog-minimize"
          />
        </Tooltip>
        <Tooltip content={t('chat.dialog.close')} relationship="label">
          <Button appearance="subtle" size="small" icon={<Dismiss20Regular />} onClick={() => closeDialog(dialog.id)} data-testid="chat-dialog-close" />
        </Tooltip>
      </div>
      {dialog.minimize ? null : <ChatView chatId={dialog.id} active={focused && pageVisible} />}
    </section>
  )
}

/** The floating one-to-one windows, over every screen; the chat open full page has none. */
export function ChatDialogs() {
  const { dialogs, pageChatId, focusedDialogId } = useSnapshot(chatsState)
  // A press anywhere outside the windows takes the reading focus away from them.
  useEffect(() => {
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!(event.target instanceof Element) || !event.target.closest('[data-chat-dialog]')) focusDialog(null)
    }
    document.addEventListener('pointerdown', onPointerDown, true)
    return () => document.removeEventListener('pointerdown', onPointerDown, true)
  }, [])
  useEffect(() => {
    keepDialogsInside()
    const onResize = () => keepDialogsInside()
    window.addEventListener('resize', onResize)
    return () => window.removeEventListener('resize', onResize)
  }, [])
  const shown = dialogs.filter((dialog) => dialog.id !== pageChatId)
  if (shown.length === 0) return null
  return (
    <Portal>
      {shown.map((dialog) => (
        <ChatDialog key={dialog.id} dialog={dialog} focused={focusedDialogId === dialog.id} />
      ))}
    </Portal>
  )
}
