/**
 * The Electron main process entry (package.json "main": dist/electron/main/main.js).
 * Everything it does lives in plain modules (desktop-app.ts and what it imports); this file only hands
 * them Electron and the facts of this run.
 */
import { join } from 'node:path'
import { app, BrowserWindow, dialog, ipcMain, Menu, net, Notification, protocol, screen, session, shell, Tray } from 'electron'
import { autoUpdater } from 'electron-updater'
import { appUrlVariable } from './app-location'
import { startDesktopApp } from './desktop-app'
import { mediaOriginsVariable } from './media-origins'
import { serverUrlVariable } from './server-origin'
import { updateFeedVariable } from './updater'

startDesktopApp(
  { app, BrowserWindow, dialog, ipcMain, Menu, net, Notification, protocol, screen, session, shell, Tray, autoUpdater },
  {
    appUrl: process.env[appUrlVariable],
    serverUrl: process.env[serverUrlVariable],
    updateFeedUrl: process.env[updateFeedVariable],
    mediaOrigins: process.env[mediaOriginsVariable],
    // dist/electron/main -> dist/renderer (vite build) and dist/electron/preload (the preload bundle)
    rendererDir: join(__dirname, '..', '..', 'renderer'),
    preloadPath: join(__dirname, '..', 'preload', 'preload.js'),
    settingsPath: join(app.getPath('userData'), 'desktop-settings.json'),
    // build/icons is packaged beside dist/ (build/electron-builder.json, "files").
    trayIconPath: join(__dirname, '..', '..', '..', 'build', 'icons', 'tray.png'),
    argv: process.argv,
    defaultApp: process.defaultApp === true,
    execPath: process.execPath,
    platform: process.platform,
  },
)
