import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { validateConfiguration } from 'app-builder-lib/out/util/config/config'
import type { Configuration } from 'app-builder-lib'
import { DebugLogger } from 'builder-util/out/DebugLogger'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import packageJson from '../../../package.json'

const root = fileURLToPath(new URL('../../../', import.meta.url))
// Loaded as electron-builder loads it (`--config build/electron-builder.config.mjs`, its default export); typed loosely here, checked by electron-builder's own schema below.
const config = ((await import(/* @vite-ignore */ pathToFileURL(`${root}build/electron-builder.config.mjs`).href)) as { default: Record<string, any> }).default
const desktopDefaults = JSON.parse(readFileSync(`${root}electron/desktop-defaults.json`, 'utf8')) as { serverOrigin: string; updateFeed: string }
const validate = (candidate: unknown) => validateConfiguration(candidate as Configuration, new DebugLogger(false))

describe('the installers\' configuration', () => {
  it('passes electron-builder\'s own validation, which refuses a misspelt or misplaced option', async () => {
    await expect(validate(config)).resolves.toBeUndefined()
    await expect(validate({ ...config, nsis: { ...config.nsis, perMachin: false } })).rejects.toThrow(/Invalid configuration object[\s\S]*nsis/)
    await expect(validate({ ...config, hardenedRuntime: true })).rejects.toThrow(/Invalid configuration object/)
  })

  it('names the app and its mafia:// links on every platform', () => {
    expect(config.appId).toBe('club.mafiatable.desktop')
    expect(config.productName).toBe('Mafia Table')
    expect(config.protocols).toEqual([{ name: 'Mafia Table link', schemes: ['mafia'] }])
    expect(config.mac.extendInfo.CFBundleURLTypes).toEqual([{ CFBundleURLName: 'Mafia Table link', CFBundleURLSchemes: ['mafia'] }])
    expect(config.linux.mimeTypes).toContain('x-scheme-handler/mafia')
    const installer = readFileSync(`${root}${config.nsis.include}`, 'utf8')
    expect(installer).toMatch(/WriteRegStr HKCU "Software\\Classes\\mafia" "URL Protocol" ""/)
    expect(installer).toMatch(/shell\\open\\command" "" '"\$INSTDIR\\\$\{APP_EXECUTABLE_FILENAME\}" "%1"'/)
  })

  it('builds NSIS per user on Windows, dmg and zip with the hardened runtime on macOS, AppImage and deb on Linux', () => {
    expect(config.win.target).toEqual([{ target: 'nsis', arch: ['x64'] }])
    expect(config.nsis).toMatchObject({ perMachine: false, allowElevation: false })
    expect(config.mac.target).toEqual(['dmg', 'zip'])
    expect(config.mac.hardenedRuntime).toBe(true)
    const entitlements = readFileSync(`${root}${config.mac.entitlements}`, 'utf8')
    for (const key of ['com.apple.security.device.camera', 'com.apple.security.device.audio-input', 'com.apple.security.cs.allow-jit']) expect(entitlements).toContain(key)
    expect(config.mac.extendInfo.NSCameraUsageDescription).toBeTruthy()
    expect(config.linux.target).toEqual(['AppImage', 'deb'])
  })

  it('packs the main process, the preload and the renderer of `npm run build`, without source maps or precompressed copies', () => {
    expect(packageJson.main).toBe('dist/electron/main/main.js')
    expect(config.files).toEqual(expect.arrayContaining(['package.json', 'dist/electron/**/*', 'dist/renderer/**/*', '!dist/renderer/**/*.map', '!dist/renderer/**/*.br', '!dist/renderer/**/*.gz', 'build/icons/tray.png']))
    // The tray icon's place in the package, as main.ts finds it from dist/electron/main.
    expect(readFileSync(`${root}electron/main/main.ts`, 'utf8')).toContain("join(__dirname, '..', '..', '..', 'build', 'icons', 'tray.png')")
    expect(packageJson.scripts.package).toMatch(/npm run build/)
    expect(packageJson.scripts.package).toMatch(/electron-builder --config build\/electron-builder\.config\.mjs/)
  })

  it('updates from a generic https feed, the one in electron/desktop-defaults.json beside the default club server', async () => {
    expect(config.publish).toEqual([{ provider: 'generic', url: desktopDefaults.updateFeed }])
    expect(desktopDefaults.updateFeed).toMatch(/^https:\/\//)
    expect(desktopDefaults.serverOrigin).toMatch(/^https:\/\//)
    const { defaultServerOrigin } = await import('../../../electron/main/server-origin')
    expect(defaultServerOrigin).toBe(desktopDefaults.serverOrigin)
  })

  it('has each platform\'s icons, real images of the right sizes', async () => {
    const ico = readFileSync(`${root}${config.win.icon}`)
    expect(ico.readUInt16LE(2)).toBe(1)
    const icoSizes = Array.from({ length: ico.readUInt16LE(4) }, (_, index) => ico.readUInt8(6 + index * 16) || 256)
    expect(icoSizes).toEqual(expect.arrayContaining([16, 32, 48, 256]))
    const icns = readFileSync(`${root}${config.mac.icon}`)
    expect(icns.subarray(0, 4).toString('ascii')).toBe('icns')
    expect(icns.readUInt32BE(4)).toBe(icns.length)
    expect(icns.includes(Buffer.from('ic10'))).toBe(true)
    for (const size of [16, 32, 48, 64, 128, 256, 512]) {
      const file = `${root}${config.linux.icon}/${size}x${size}.png`
      expect(existsSync(file), file).toBe(true)
      expect(await sharp(file).metadata()).toMatchObject({ width: size, height: size, format: 'png' })
    }
    expect(await sharp(`${root}build/icons/tray.png`).metadata()).toMatchObject({ width: 32, height: 32 })
  })
})
