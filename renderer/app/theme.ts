import { createDarkTheme, createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-components'
import type { ThemeName } from '../state/ui'

/** The club's colours (spec section 9): the dark theme is the default. */
export const palette = {
  dark: {
    main: '#c8102e',
    main2: '#e0b354',
    background: '#0f1115',
    cardBackground: '#1a1d24',
    success: '#3fb950',
    info: '#58a6ff',
  },
  light: {
    primary: '#b00d27',
    secondary: '#9a6b12',
  },
} as const

type Rgb = [number, number, number]

function toRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.replace('#', ''), 16)
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255]
}

function toHex([red, green, blue]: Rgb): string {
  return `#${[red, green, blue].map((channel) => Math.round(Math.min(255, Math.max(0, channel))).toString(16).padStart(2, '0')).join('')}`
}

/** Mixes two colours: 0 gives `from`, 1 gives `to`. */
export function mix(from: string, to: string, amount: number): string {
  const a = toRgb(from)
  const b = toRgb(to)
  return toHex([a[0] + (b[0] - a[0]) * amount, a[1] + (b[1] - a[1]) * amount, a[2] + (b[2] - a[2]) * amount])
}

/**
 * A Fluent brand ramp (shades 10 to 160) around one colour: the colour itself sits at 80 (the light
 * theme's primary), darker shades mix towards black, lighter ones towards white.
 */
export function brandRamp(base: string): BrandVariants {
  const shades = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160] as const
  const ramp = {} as Record<(typeof shades)[number], string>
  for (const shade of shades) {
    ramp[shade] = shade <= 80 ? mix('#000000', base, 0.1 + 0.9 * ((shade - 10) / 70)) : mix(base, '#ffffff', ((shade - 80) / 80) * 0.82)
  }
  return ramp as BrandVariants
}

/** Extra design tokens the shell uses beside Fluent's (FluentProvider turns them into CSS variables). */
export interface ClubTokens {
  /** The premium accent: logo and avatar ring of premium users. */
  colorPremium: string
  colorPremiumBackground: string
  colorOnline: string
}

export const clubTokens: Record<keyof ClubTokens, string> = {
  colorPremium: 'var(--colorPremium)',
  colorPremiumBackground: 'var(--colorPremiumBackground)',
  colorOnline: 'var(--colorOnline)',
}

function darkTheme(): Theme & ClubTokens {
  const colours = palette.dark
  const base = createDarkTheme(brandRamp(colours.main))
  return {
    ...base,
    colorNeutralBackground1: colours.cardBackground,
    colorNeutralBackground1Hover: mix(colours.cardBackground, '#ffffff', 0.06),
    colorNeutralBackground1Pressed: mix(colours.cardBackground, '#ffffff', 0.03),
    colorNeutralBackground1Selected: mix(colours.cardBackground, '#ffffff', 0.08),
    colorNeutralBackground2: mix(colours.cardBackground, colours.background, 0.5),
    colorNeutralBackground3: colours.background,
    colorNeutralBackground4: mix(colours.background, '#000000', 0.3),
    colorNeutralBackgroundInverted: '#f5f5f5',
    colorStatusSuccessForeground1: colours.success,
    colorPaletteGreenForeground1: colours.success,
    colorPaletteGreenForeground2: colours.success,
    colorBrandForegroundLink: colours.info,
    colorBrandForegroundLinkHover: mix(colours.info, '#ffffff', 0.2),
    colorBrandForegroundLinkPressed: mix(colours.info, '#000000', 0.15),
    colorBrandForegroundLinkSelected: colours.info,
    colorPremium: colours.main2,
    colorPremiumBackground: mix(colours.main2, colours.cardBackground, 0.8),
    colorOnline: colours.success,
  }
}

function lightTheme(): Theme & ClubTokens {
  const colours = palette.light
  const base = createLightTheme(brandRamp(colours.primary))
  return {
    ...base,
    colorNeutralBackground3: '#f4f2f1',
    colorPremium: colours.secondary,
    colorPremiumBackground: mix(colours.secondary, '#ffffff', 0.85),
    colorOnline: '#107c10',
  }
}

export const themes: Record<ThemeName, Theme & ClubTokens> = { dark: darkTheme(), light: lightTheme() }
