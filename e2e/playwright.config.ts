import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** The started app, on a fresh embedded database with a known demo password. */
export const PORT = Number(process.env.E2E_PORT || 3210);
export const DEMO_PASSWORD = 'E2e-Demo-Pass1!';
/** The one loopback address the app's outbound guard lets through here, for listeners a spec starts (request-mail's SMTP server); 127.0.0.1, the app's own, stays refused. */
export const SMTP_TEST_HOST = '127.0.0.2';
/** Where a spec's Telegram Bot API stand-in listens (messenger-showroom.spec): the app calls it for its bots. */
export const TELEGRAM_TEST_PORT = PORT + 1;
const dataDir = process.env.E2E_DATA_DIR || fs.mkdtempSync(path.join(os.tmpdir(), 'dp-e2e-'));
// The workers load this file too: they see the app's folder (its mail outbox) through the environment.
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  outputDir: '../test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // Two groups share CI's two cores (e2e/run.mjs): a wait ends as soon as its condition holds, so
  // generous ceilings cost nothing when things are quick and spare a busy run false failures.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'ru-RU',
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    // No transitions to wait out: the app turns antd's motion off for reduced-motion users (Providers.tsx).
    reducedMotion: 'reduce',
    // A trace records the screen all along (most of the browser's CPU): only a retried test keeps one.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
    },
  },
  webServer: {
    command: 'npm run serve',
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // The embedded database always: end-to-end runs never touch a configured PostgreSQL.
    // The smart captcha's service is absent (nothing listens there): sites set to it keep requests unverified.
    // The showroom's bots call the Telegram stand-in messenger-showroom.spec starts, and get webhooks on the app itself.
    // No exchange rate is read: English readers' amounts are converted at the demo rate all along.
    env: { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', DEMO_PASSWORD, LOG_LEVEL: 'warn', OUTBOUND_ALLOW_HOSTS: SMTP_TEST_HOST, SMART_CAPTCHA_URL: `http://${SMTP_TEST_HOST}:9/validate`, TELEGRAM_API_URL: `http://${SMTP_TEST_HOST}:${TELEGRAM_TEST_PORT}`, TELEGRAM_WEBHOOK_URL: `http://127.0.0.1:${PORT}`, EXCHANGE_RATE_URL: 'off' },
  },
});
