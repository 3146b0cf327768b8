import { makeStyles, mergeClasses, tokens, typographyStyles, useFluent } from '@fluentui/react-components'
import { useId } from 'react'

// Fluent's Spinner, drawn with the same CSS for the two sizes the app's first pages use (the loading
// screen's large one, a submit button's tiny one). Fluent's component brings the styles of its eight
// sizes, the inverted look, a delay timer and the Label component to every first page; this is the ring
// alone. Screens that want another size or appearance use Fluent's Spinner.
const strokeWidth = '--fui-Spinner--strokeWidth'

/** One of the tail's two 135° arcs; they differ only in how far they turn. */
const tailArc = {
  content: '""',
  position: 'absolute',
  display: 'block',
  width: '100%',
  height: '100%',
  animationDuration: 'inherit',
  animationIterationCount: 'inherit',
  animationTimingFunction: 'inherit',
  backgroundImage: 'conic-gradient(currentcolor 135deg, transparent 135deg)',
} as const

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    lineHeight: '0',
    gap: '8px',
    overflow: 'hidden',
    minWidth: 'min-content',
  },
  // The ring: a circle masked to a band `strokeWidth` wide, the track's colour behind the turning tail.
  spinner: {
    position: 'relative',
    flexShrink: 0,
    maskImage: `radial-gradient(closest-side, transparent calc(100% - var(${strokeWidth}) - 1px), white calc(100% - var(${strokeWidth})) calc(100% - 1px), transparent 100%)`,
    backgroundColor: tokens.colorBrandStroke2Contrast,
    color: tokens.colorBrandStroke1,
    '@media screen and (forced-colors: active)': { backgroundColor: 'HighlightText', color: 'Highlight', forcedColorAdjust: 'none' },
    animationDuration: '1.5s',
    animationIterationCount: 'infinite',
    animationTimingFunction: 'linear',
    animationName: { '0%': { transform: 'rotate(0deg)' }, '100%': { transform: 'rotate(360deg)' } },
    '@media screen and (prefers-reduced-motion: reduce)': { animationDuration: '1.8s' },
  },
  // The tail: two 135° arcs behind a 105° mask, turned out and back in to grow the visible arc from 30° to
  // 255° and shrink it again, while the whole tail turns too.
  tail: {
    position: 'absolute',
    display: 'block',
    width: '100%',
    height: '100%',
    maskImage: 'conic-gradient(transparent 105deg, white 105deg)',
    animationDuration: '1.5s',
    animationIterationCount: 'infinite',
    animationTimingFunction: tokens.curveEasyEase,
    animationName: { '0%': { transform: 'rotate(-135deg)' }, '50%': { transform: 'rotate(0deg)' }, '100%': { transform: 'rotate(225deg)' } },
    '::before': {
      ...tailArc,
      animationName: { '0%': { transform: 'rotate(0deg)' }, '50%': { transform: 'rotate(105deg)' }, '100%': { transform: 'rotate(0deg)' } },
    },
    '::after': {
      ...tailArc,
      animationName: { '0%': { transform: 'rotate(0deg)' }, '50%': { transform: 'rotate(225deg)' }, '100%': { transform: 'rotate(0deg)' } },
    },
    '@media screen and (prefers-reduced-motion: reduce)': {
      animationIterationCount: '0',
      backgroundImage: 'conic-gradient(transparent 120deg, currentcolor 360deg)',
      '::before': { content: 'none' },
      '::after': { content: 'none' },
    },
  },
  rtlTail: {
    maskImage: 'conic-gradient(white 255deg, transparent 255deg)',
    '::before': { backgroundImage: 'conic-gradient(transparent 225deg, currentcolor 225deg)' },
    '::after': { backgroundImage: 'conic-gradient(transparent 225deg, currentcolor 225deg)' },
    '@media screen and (prefers-reduced-motion: reduce)': { backgroundImage: 'conic-gradient(currentcolor 0deg, transparent 240deg)' },
  },
  tiny: { height: '20px', width: '20px', [strokeWidth]: tokens.strokeWidthThick },
  large: { height: '36px', width: '36px', [strokeWidth]: tokens.strokeWidthThicker },
  // Fluent's Label under the spinner's typography for the size.
  label: { fontFamily: tokens.fontFamilyBase, color: tokens.colorNeutralForeground1 },
  tinyLabel: typographyStyles.body1,
  largeLabel: typographyStyles.subtitle2,
})

export interface SpinnerProps {
  size: 'tiny' | 'large'
  /** Shown beside the ring and naming it. */
  label?: string
  'aria-label'?: string
}

/** A busy indicator that looks and reads like Fluent's Spinner (role progressbar, named by its label). */
export function Spinner({ size, label, 'aria-label': ariaLabel }: SpinnerProps) {
  const styles = useStyles()
  const { dir } = useFluent()
  const labelId = useId()
  return (
    <div role="progressbar" className={styles.root} aria-label={ariaLabel} aria-labelledby={label ? labelId : undefined}>
      <span className={mergeClasses(styles.spinner, styles[size])}>
        <span className={mergeClasses(styles.tail, dir === 'rtl' && styles.rtlTail)} />
      </span>
      {label ? (
        <label id={labelId} className={mergeClasses(styles.label, size === 'tiny' ? styles.tinyLabel : styles.largeLabel)}>
          {label}
        </label>
      ) : null}
    </div>
  )
}
