// Debian's Firefox ESR driven over WebDriver BiDi by puppeteer-core, for tests/web/test_site_engines.py: one
// JSON command a line on standard input, one JSON answer a line on standard output, so that the test's steps are
// written once, in Python, for every engine. No browser is downloaded (puppeteer-core never does).
import readline from "node:readline";
import puppeteer from "puppeteer-core";

const [executablePath, profile] = process.argv.slice(2);
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath,
  userDataDir: profile,
  headless: true,
  protocol: "webDriverBiDi",
  extraPrefsFirefox: {
    "network.proxy.type": 0, // this machine's network is closed: no proxy lookups
    "app.update.enabled": false,
    "browser.shell.checkDefaultBrowser": false,
  },
});
const page = await browser.newPage();
await page.setViewport({ width: 1366, height: 860 });
const errors = [];
page.on("pageerror", (error) => errors.push(String(error)));
// a dialog no member asked for ("leave this page?") is an error of the page: said, and dismissed so the run goes on
page.on("dialog", async (dialog) => { errors.push(`dialog: ${dialog.type()}: ${dialog.message()}`); await dialog.dismiss(); });

const ops = {
  goto: async ({ url }) => { await page.goto(url, { waitUntil: "load", timeout: 240000 }); return null; },
  url: async () => page.url(),
  evaluate: async ({ script, args }) => page.evaluate(
    // the script is an async function's source taking one array of arguments, as Playwright's evaluate
    new Function("args", `return (${script})(args);`), args ?? []),
  click: async ({ css }) => { await page.click(css); return null; },
  fill: async ({ css, text }) => {
    await page.$eval(css, (element) => { element.value = ""; });
    await page.type(css, text);
    return null;
  },
  viewport: async ({ width, height }) => { await page.setViewport({ width, height }); return null; },
  errors: async () => errors,
  version: async () => browser.version(),
};

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  const command = JSON.parse(line);
  if (command.op === "quit") break;
  try {
    process.stdout.write(JSON.stringify({ ok: (await ops[command.op](command)) ?? null }) + "\n");
  } catch (error) {
    process.stdout.write(JSON.stringify({ error: String(error && error.stack || error) }) + "\n");
  }
}
// closing over BiDi can hang once the page is gone: give it 5 s, then leave
await Promise.race([browser.close(), new Promise((done) => setTimeout(done, 5000))]);
process.exit(0);
