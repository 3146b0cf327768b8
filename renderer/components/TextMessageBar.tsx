import { MessageBar, MessageBarBody, MessageBarTitle, type MessageBarProps } from '@fluentui/react-components'
import type { ReactNode } from 'react'

export interface TextMessageBarProps {
  intent: NonNullable<MessageBarProps['intent']>
  layout?: MessageBarProps['layout']
  /** Bold first words, before the text. */
  title?: string
  children?: ReactNode
}

/** Fluent's MessageBar with a body of text and an optional title: what a form says about its result. */
export function TextMessageBar({ intent, layout, title, children }: TextMessageBarProps) {
  return (
    <MessageBar intent={intent} layout={layout}>
      <MessageBarBody>
        {title ? <MessageBarTitle>{title}</MessageBarTitle> : null}
        {children}
      </MessageBarBody>
    </MessageBar>
  )
}
