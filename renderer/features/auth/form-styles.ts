import { makeStyles, tokens } from '@fluentui/react-components'

/** The layout every account form shares: one column, the actions at its end. */
export const useFormStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  submit: {
    minWidth: '140px',
  },
  linkRow: {
    display: 'flex',
    justifyContent: 'flex-end',
    marginBlockStart: `calc(${tokens.spacingVerticalS} * -1)`,
  },
})
