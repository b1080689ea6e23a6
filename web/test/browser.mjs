// satbox's browser test: serves target/web/ on 127.0.0.1 and drives headless Chromium (WebGL in
// software through SwiftShader) with playwright-core. Run it with `scripts/web.sh test` (which
// builds the site first), or `node browser.mjs` after `scripts/web.sh build`.
//
// Environment: SATBOX_CHROMIUM (default /usr/bin/chromium), SATBOX_WEB_DIR (default target/web),
// SATBOX_WEB_SCREENSHOT=path.png also writes the README's picture of the page.
import { chromium } from "playwright-core";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import net from "node:net";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const site = process.env.SATBOX_WEB_DIR || path.join(here, "..", "..", "target", "web");
const browserPath = process.env.SATBOX_CHROMIUM || "/usr/bin/chromium";
const W = 1400, H = 900;
// every wait is bounded: software WebGL is slow, but not this slow
const FIRST_FRAME_MS = 90_000, STEP_MS = 30_000;

const failures = [];
let passed = 0;
function check(ok, what) {
  if (ok) { passed += 1; console.log(`ok   ${what}`); }
  else { failures.push(what); console.log(`FAIL ${what}`); }
}

async function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => { const p = s.address().port; s.close(() => resolve(p)); });
  });
}

async function waitForServer(url) {
  for (let i = 0; i < 100; i++) {
    try { if ((await fetch(url)).ok) return; } catch { }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server at ${url} did not answer`);
}

// the verdict the app puts in the page's status line (an ARIA live region)
const status = (page) => page.locator("#satbox-status").textContent();

async function waitForStatus(page, pred, what) {
  const deadline = Date.now() + STEP_MS;
  let s = "";
  while (Date.now() < deadline) {
    s = (await status(page)) || "";
    if (pred(s)) return s;
    await page.waitForTimeout(200);
  }
  throw new Error(`${what}: the status stayed ${JSON.stringify(s)}`);
}

// pixels of the scene (left of the panel) within `tol` of each colour, counted in the page
async function colourCounts(page, colours, tol = 40) {
  const png = (await page.screenshot()).toString("base64");
  return page.evaluate(async ({ png, colours, tol, sceneWidth }) => {
    const img = new Image();
    img.src = "data:image/png;base64," + png;
    await img.decode();
    const c = document.createElement("canvas");
    c.width = img.width; c.height = img.height;
    const g = c.getContext("2d");
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, sceneWidth, img.height).data;
    return colours.map(([r, gr, b]) => {
      let n = 0;
      for (let i = 0; i < d.length; i += 4) {
        if (Math.abs(d[i] - r) <= tol && Math.abs(d[i + 1] - gr) <= tol && Math.abs(d[i + 2] - b) <= tol) n++;
      }
      return n;
    });
  }, { png, colours, tol, sceneWidth: 850 });
}

async function main() {
  if (!fs.existsSync(path.join(site, "satbox.wasm"))) {
    throw new Error(`${site}/satbox.wasm is missing: run scripts/web.sh build first`);
  }
  const port = await freePort();
  const server = spawn("python3", ["-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", site],
    { stdio: "ignore" });
  const base = `http://127.0.0.1:${port}/`;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "satbox-chromium-"));
  let context;
  try {
    await waitForServer(base);
    context = await chromium.launchPersistentContext(profile, {
      executablePath: browserPath,
      headless: true,
      viewport: { width: W, height: H },
      args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--no-first-run"],
    });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
    const page = context.pages()[0] || (await context.newPage());
    const problems = [];
    page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`); });
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    await run(page, base, problems);
  } finally {
    if (context) await context.close();
    server.kill();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

async function run(page, base, problems) {
  // 1. the page loads, draws both boxes, and says nothing on the console
  await page.goto(base);
  await page.waitForFunction(() => document.getElementById("satbox-status").textContent !== "",
    null, { timeout: FIRST_FRAME_MS });
  const first = await status(page);
  check(first.startsWith("3D: "), `the first frame's verdict is in the status line: ${first}`);
  const loadingGone = await page.evaluate(() =>
    document.getElementById("satbox-loading").classList.contains("done"));
  check(loadingGone, "the loading line gives way to the first frame");
  await page.waitForTimeout(1000);
  const [a, b] = await colourCounts(page, [[69, 140, 255], [255, 148, 41]]);
  check(a > 300 && b > 300, `the scene shows box A's blue (${a} px) and box B's orange (${b} px)`);
  check(problems.length === 0, `no console error or warning on load${problems.length ? ": " + problems.join(" | ") : ""}`);
  if (process.env.SATBOX_WEB_SCREENSHOT) {
    await page.screenshot({ path: process.env.SATBOX_WEB_SCREENSHOT });
  }

  // 2. clicking a preset changes the verdict
  await page.mouse.click(960, 98);            // the "Presets" header, under the Scene buttons
  await page.waitForTimeout(500);
  await page.mouse.click(980, 120);           // its first preset
  const after = await waitForStatus(page, (s) => s !== first, "a preset click");
  check(after !== first, `a click on a preset changes the verdict: ${after}`);
  check(/#satbox=1&/.test(page.url()), "the address bar holds the scene's link");

  // 3. a scene link opens that exact pair
  const link = "satbox=1&mode=3d&a.center=0,0,0&a.half_extents=1,1,1&a.rotation=0,0,0,1" +
    "&b.center=1.5,0,0&b.half_extents=1,1,1&b.rotation=0,0,0,1";
  await page.goto(base + "?link#" + link);
  const linked = await waitForStatus(page, (s) => s.startsWith("3D: Intersecting"), "a scene link");
  check(/depth 0\.5/.test(linked), `a scene link opens its pair: ${linked}`);

  // 4. a reload (no link in the address) restores the last state from local storage
  await page.waitForTimeout(1000);            // the browser writes the last state on every change
  const stored = await page.evaluate(() => window.localStorage.getItem("satbox.last-state"));
  check(stored && stored.includes('"mode"'), "the last state is in the browser's local storage");
  await page.goto(base + "?reloaded");
  const restored = await waitForStatus(page, (s) => s !== "", "the reload");
  check(restored === linked, `a reload restores the last state: ${restored}`);

  // 5. Open takes a file from the file picker
  const scene2d = JSON.stringify({
    mode: "2d", description: "from the file picker",
    a: { center: [0, 0], half_extents: [1, 1], angle_deg: 0 },
    b: { center: [5, 0], half_extents: [1, 1], angle_deg: 0 },
  });
  await page.setInputFiles("#satbox-open", { name: "picked.json", mimeType: "application/json", buffer: Buffer.from(scene2d) });
  const picked = await waitForStatus(page, (s) => s.startsWith("2D: Separated"), "a chosen file");
  check(picked.includes("gap 3"), `a chosen scene file opens in its mode: ${picked}`);

  // 6. Save downloads the scene (the browser has no folder to write to)
  await page.focus("#glcanvas");
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: STEP_MS }),
    (async () => {
      // held as a person holds it: the app reads Ctrl as held during the frame that sees the S
      await page.keyboard.down("Control");
      await page.waitForTimeout(300);
      await page.keyboard.press("s", { delay: 100 });
      await page.waitForTimeout(300);
      await page.keyboard.up("Control");
    })(),
  ]);
  const saved = JSON.parse(fs.readFileSync(await download.path(), "utf8"));
  check(download.suggestedFilename() === "picked.json" && saved.mode === "2d" &&
    saved.description === "from the file picker",
    `Ctrl+S downloads the scene as ${download.suggestedFilename()}`);

  // 7. a file dropped on the page opens: here one check line
  const line = JSON.stringify({
    a: { center: [0, 0, 0], half_extents: [1, 1, 1], rotation: [0, 0, 0, 1] },
    b: { center: [0, 2.5, 0], half_extents: [1, 1, 1], rotation: [0, 0, 0, 1] },
  });
  await page.evaluate((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text + "\n"], "dropped.jsonl"));
    document.getElementById("glcanvas").dispatchEvent(
      new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, line);
  const dropped = await waitForStatus(page, (s) => s.startsWith("3D: Separated"), "a dropped file");
  check(dropped.includes("gap 0.5"), `a check line dropped on the page opens: ${dropped}`);

  // 8. Copy link hands the browser a link to this page that opens the same pair
  await page.mouse.click(1319, 72);           // "Copy link", below the scene's description line
  await page.waitForFunction(() => typeof window.satbox_last_copied === "string", null, { timeout: STEP_MS });
  const copied = await page.evaluate(() => window.satbox_last_copied);
  const clipboard = await page.evaluate(() => navigator.clipboard.readText().catch(() => null));
  check(copied.startsWith(base + "?reloaded#satbox=1&") && (clipboard === null || clipboard === copied),
    `Copy link puts this page's link on the clipboard${clipboard === null ? " (clipboard not readable here)" : ""}`);
  await page.goto("about:blank");
  await page.goto(copied.replace("?reloaded", "?copied"));
  const reopened = await waitForStatus(page, (s) => s !== "", "the copied link");
  check(reopened === dropped, `the copied link opens the same verdict: ${reopened}`);

  check(problems.length === 0, `no console error or warning after all that${problems.length ? ": " + problems.join(" | ") : ""}`);

  // 5. a wasm that does not arrive: the loading line says so in place of a blank page
  await page.route("**/satbox.wasm", (route) => route.fulfill({ status: 404, body: "" }));
  await page.goto(base + "?missing");
  await page.waitForFunction(() =>
    document.getElementById("satbox-loading").classList.contains("failed"), null, { timeout: STEP_MS });
  const failed = await page.evaluate(() => document.getElementById("satbox-loading-text").textContent);
  check(failed.startsWith("satbox could not load: ") && failed.includes("404"),
    `a wasm that fails to load is said on the page: ${failed}`);
  await page.unroute("**/satbox.wasm");
}

const timer = setTimeout(() => { console.log("FAIL the browser test took over 5 minutes"); process.exit(1); }, 300_000);
main().then(() => {
  clearTimeout(timer);
  console.log(`${passed} passed, ${failures.length} failed`);
  process.exit(failures.length ? 1 : 0);
}, (e) => {
  clearTimeout(timer);
  console.log(`FAIL ${e.message}`);
  process.exit(1);
});
