import { useState } from 'react'
import { Button, Input, makeStyles, tokens, type InputProps } from '@fluentui/react-components'
import { Eye20Regular, EyeOff20Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'

// Fluent's Button (already on the page) with a ToggleButton's pressed state and colours: the ToggleButton
// component would add the styles of every toggle variant to /signin for this one icon.
const useStyles = makeStyles({
  pressed: {
    color: tokens.colorNeutralForeground2BrandSelected,
    ':hover': { color: tokens.colorNeutralForeground2BrandHover },
    ':hover:active': { color: tokens.colorNeutralForeground2BrandPressed },
  },
})

/**
 * A password input with a button that shows the characters typed. The button's name avoids the word
 * of the field's label, so the field stays the only control found by that label.
 */
export function PasswordInput(props: Omit<InputProps, 'type' | 'contentAfter'>) {
  const { t } = useTranslation()
  const [visible, setVisible] = useState(false)
  const styles = useStyles()
  return (
    <Input
      {...props}
      type={visible ? 'text' : 'password'}
      contentAfter={
        <Button
          type="button"
          appearance="transparent"
          size="small"
          aria-pressed={visible}
          className={visible ? styles.pressed : undefined}
          icon={visible ? <EyeOff20Regular /> : <Eye20Regular />}
          aria-label={t('auth.common.showCharacters')}
          title={t('auth.common.showCharacters')}
          onClick={() => setVisible((current) => !current)}
        />
      }
    />
  )
}
