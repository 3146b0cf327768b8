import { useState } from 'react'
import { Input, ToggleButton, type InputProps } from '@fluentui/react-components'
import { Eye20Regular, EyeOff20Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'

/**
 * A password input with a button that shows the characters typed. The button's name avoids the word
 * of the field's label, so the field stays the only control found by that label.
 */
export function PasswordInput(props: Omit<InputProps, 'type' | 'contentAfter'>) {
  const { t } = useTranslation()
  const [visible, setVisible] = useState(false)
  return (
    <Input
      {...props}
      type={visible ? 'text' : 'password'}
      contentAfter={
        <ToggleButton
          type="button"
          appearance="transparent"
          size="small"
          checked={visible}
          icon={visible ? <EyeOff20Regular /> : <Eye20Regular />}
          aria-label={t('auth.common.showCharacters')}
          title={t('auth.common.showCharacters')}
          onClick={() => setVisible((current) => !current)}
        />
      }
    />
  )
}
