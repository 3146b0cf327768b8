// The installers' configuration (`npm run package`): build/electron-builder.json, with the update feed
// taken from electron/desktop-defaults.json, the one place of the desktop app's default addresses (the
// club server a fresh install talks to, the feed installed apps update from).
import { readFileSync } from 'node:fs'

const readJson = (file) => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8'))
const base = readJson('./electron-builder.json')
const defaults = readJson('../electron/desktop-defaults.json')

export default { ...base, publish: [{ provider: 'generic', url: defaults.updateFeed }] }
