import { chromium } from 'playwright';
const [url, out, width] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
await page.goto(url);
await page.screenshot({ path: out, fullPage: false });
await page.evaluate(() => window.scrollTo(0, 500));
await page.screenshot({ path: out.replace('.png', '-b.png') });
await browser.close();
