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

// pixels within `tol` of each colour in a rectangle of the page (CSS pixels; the whole scene
// left of the panel by default), counted in the page; with `centroid`, also where they lie
async function colourCounts(page, colours, tol = 40, rect = { x: 0, y: 0, w: 850, h: H }, centroid = false) {
  const png = (await page.screenshot()).toString("base64");
  return page.evaluate(async ({ png, colours, tol, rect, centroid }) => {
    const img = new Image();
    img.src = "data:image/png;base64," + png;
    await img.decode();
    const k = window.devicePixelRatio;
    const c = document.createElement("canvas");
    c.width = img.width; c.height = img.height;
    const g = c.getContext("2d");
    g.drawImage(img, 0, 0);
    const [x0, y0, w] = [Math.round(rect.x * k), Math.round(rect.y * k), Math.round(rect.w * k)];
    const d = g.getImageData(x0, y0, w, Math.round(rect.h * k)).data;
    return colours.map(([r, gr, b]) => {
      let n = 0, sx = 0, sy = 0;
      for (let i = 0; i < d.length; i += 4) {
        if (Math.abs(d[i] - r) <= tol && Math.abs(d[i + 1] - gr) <= tol && Math.abs(d[i + 2] - b) <= tol) {
          n++;
          sx += (i / 4) % w; sy += Math.floor(i / 4 / w);
        }
      }
      if (!centroid) return n;
      return { n, x: n ? rect.x + sx / n / k : 0, y: n ? rect.y + sy / n / k : 0 };
    });
  }, { png, colours, tol, rect, centroid });
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
    if (!process.env.SATBOX_PHONE_ONLY) await run(page, base, problems);
    await context.close();
    context = await chromium.launchPersistentContext(profile, {
      executablePath: browserPath,
      headless: true,
      viewport: { width: PHONE.w, height: PHONE.h }, deviceScaleFactor: PHONE.ratio,
      hasTouch: true, isMobile: true,
      args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--no-first-run"],
    });
    const phonePage = context.pages()[0] || (await context.newPage());
    const phoneProblems = [];
    phonePage.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") phoneProblems.push(`${m.type()}: ${m.text()}`); });
    phonePage.on("pageerror", (e) => phoneProblems.push(`page error: ${e.message}`));
    await phone(phonePage, context, base, phoneProblems);
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
  await page.mouse.click(1284, 55);           // "Copy link", in the Scene buttons under the panel's title
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

// a phone: 390 × 844 CSS pixels at ratio 3, touch only
const PHONE = { w: 390, h: 844, ratio: 3 };
// the sheet's bar along the bottom (44 points tall)
const BAR_Y = PHONE.h - 22;

// after one more frame of the app (miniquad draws on the page's animation frames)
async function nextFrames(page, n = 3) {
  for (let i = 0; i < n; i++) {
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
  }
}

// fingers down, moved through `steps` frames and lifted: each finger goes from its `from` to
// its `to` ([x, y] in CSS pixels)
async function fingers(page, cdp, paths, steps = 8) {
  const at = (t) => paths.map(({ from, to }, id) => ({
    x: from[0] + (to[0] - from[0]) * t, y: from[1] + (to[1] - from[1]) * t, id,
  }));
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(0) });
  await nextFrames(page);
  for (let i = 1; i <= steps; i++) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(i / steps) });
    await nextFrames(page, 2);
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await nextFrames(page);
}

// a finger down and up again one frame later, as a quick tap
async function tap(page, cdp, x, y) {
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y, id: 0 }] });
  await nextFrames(page, 1);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await nextFrames(page, 2);
}

// the colour of the open sheet (egui's panel fill) in a band of the screen
const PANEL = [27, 27, 27];
const panelShare = async (page, y, h) => {
  const [n] = await colourCounts(page, [PANEL], 2, { x: 0, y, w: PHONE.w, h });
  return n / (PHONE.w * h * PHONE.ratio * PHONE.ratio);
};

async function phone(page, context, base, problems) {
  const cdp = await context.newCDPSession(page);
  // 1. the loading line is there while the wasm is on its way, and gone with the first frame
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route("**/satbox.wasm", async (route) => { await held; await route.continue(); });
  await page.goto(base + "?phone#satbox=1&mode=2d&a.center=0,0&a.half_extents=1,1&a.angle_deg=0" +
    "&b.center=3,0&b.half_extents=1,1&b.angle_deg=0");
  const loading = await page.evaluate(() => {
    const l = document.getElementById("satbox-loading");
    return { shown: getComputedStyle(l).display !== "none", text: l.textContent };
  });
  check(loading.shown && loading.text.startsWith("Loading satbox"),
    `phone: the page says it is loading before the first frame: ${loading.text}`);
  release();
  await page.waitForFunction(() => document.getElementById("satbox-status").textContent !== "",
    null, { timeout: FIRST_FRAME_MS });
  await page.unroute("**/satbox.wasm");
  const gone = await page.evaluate(() =>
    getComputedStyle(document.getElementById("satbox-loading")).display === "none");
  check(gone, "phone: the loading line is gone after the first frame");
  const first = await status(page);
  check(first.startsWith("2D: Separated"), `phone: the link's verdict: ${first}`);

  // 2. sharp: the canvas is drawn at the device's pixels, not upscaled
  const backing = await page.evaluate(() => {
    const c = document.getElementById("glcanvas");
    return [c.width, c.height, c.clientWidth, c.clientHeight];
  });
  check(backing[0] === PHONE.w * PHONE.ratio && backing[1] === PHONE.h * PHONE.ratio,
    `phone: the canvas's backing store is its CSS size times the pixel ratio: ${backing.join(" × ")}`);

  // 3. the scene first: both boxes across the width, the verdict over them, the sheet closed
  await nextFrames(page, 10);
  const [a, b] = await colourCounts(page, [[69, 140, 255], [255, 148, 41]], 40,
    { x: 0, y: 0, w: PHONE.w, h: PHONE.h - 44 }, true);
  check(a.n > 2000 && b.n > 2000 && b.x > PHONE.w / 2,
    `phone: the scene takes the width (A ${a.n} px at x ${a.x.toFixed(0)}, B ${b.n} px at x ${b.x.toFixed(0)})`);
  const banner = await colourCounts(page, [[64, 242, 115]], 40, { x: 0, y: 0, w: PHONE.w, h: 70 });
  check(banner[0] > 300, `phone: the verdict is written at the top of the scene (${banner[0]} px of its green)`);
  check(await panelShare(page, 300, 300) < 0.2, "phone: the sheet starts closed");

  // 4. a tap on the bar opens the sheet, another closes it
  await tap(page, cdp, PHONE.w / 2, BAR_Y);
  await nextFrames(page, 6);
  const opened = await panelShare(page, PHONE.h - 300, 250);
  // (the band holds the sheet's background between its buttons and the verdict's box: about half
  // of it; a closed sheet leaves the scene there, under 20 %)
  check(opened > 0.4, `phone: a tap on the bar opens the sheet (${(opened * 100).toFixed(0)} % panel)`);
  if (process.env.SATBOX_PHONE_SCREENSHOT) {
    await page.screenshot({ path: process.env.SATBOX_PHONE_SCREENSHOT.replace(".png", "-open.png") });
  }

  // 5. a swipe up in the sheet scrolls it (and selects nothing)
  const sheetBand = { x: 0, y: PHONE.h - 330, w: PHONE.w, h: 280 };
  const before = (await page.screenshot({ clip: { x: sheetBand.x, y: sheetBand.y, width: sheetBand.w, height: sheetBand.h } })).toString("base64");
  await fingers(page, cdp, [{ from: [PHONE.w / 2, PHONE.h - 80], to: [PHONE.w / 2, PHONE.h - 300] }], 10);
  await nextFrames(page, 6);
  const after = (await page.screenshot({ clip: { x: sheetBand.x, y: sheetBand.y, width: sheetBand.w, height: sheetBand.h } })).toString("base64");
  check(before !== after, "phone: a swipe up in the sheet scrolls it");
  check(await page.evaluate(() => String(window.getSelection())) === "", "phone: a swipe selects no text");
  await tap(page, cdp, PHONE.w / 2, PHONE.h - (PHONE.h * 0.5) + 22);
  await nextFrames(page, 6);
  const closed = await panelShare(page, PHONE.h - 300, 250);
  check(closed < 0.2, `phone: a tap on the bar closes the sheet (${(closed * 100).toFixed(0)} % panel)`);

  // 6. one finger on B drags it: the verdict flips
  const [b0] = await colourCounts(page, [[255, 148, 41]], 40, { x: 0, y: 0, w: PHONE.w, h: PHONE.h - 44 }, true);
  await fingers(page, cdp, [{ from: [b0.x, b0.y], to: [a.x + 20, b0.y] }], 12);
  const dragged = await waitForStatus(page, (s) => s.startsWith("2D: Intersecting"), "a finger's drag on B");
  check(dragged.startsWith("2D: Intersecting"), `phone: a one-finger drag on B flips the verdict: ${dragged}`);

  // 7. two fingers spreading apart zoom in
  const [before2] = await colourCounts(page, [[69, 140, 255]], 40, { x: 0, y: 0, w: PHONE.w, h: PHONE.h - 44 });
  const cy = 300;
  await fingers(page, cdp, [{ from: [150, cy], to: [60, cy] }, { from: [240, cy], to: [330, cy] }], 10);
  await nextFrames(page, 4);
  const [zoomed] = await colourCounts(page, [[69, 140, 255]], 40, { x: 0, y: 0, w: PHONE.w, h: PHONE.h - 44 });
  check(zoomed > before2 * 1.5, `phone: a pinch zooms in (A ${before2} px, then ${zoomed} px)`);
  const still = await status(page);
  check(still === dragged, `phone: the pinch moves no box: ${still}`);

  // 8. 3D: one finger on empty space turns the view, the first time, right after the sheet
  await page.goto(base + "?phone3d#satbox=1&mode=3d&a.center=0,0,0&a.half_extents=1,1,1&a.rotation=0,0,0,1" +
    "&b.center=3,0,0&b.half_extents=1,1,1&b.rotation=0,0,0,1");
  await waitForStatus(page, (s) => s.startsWith("3D: Separated"), "the 3D link");
  await nextFrames(page, 10);
  await tap(page, cdp, PHONE.w / 2, BAR_Y);
  await nextFrames(page, 4);
  await tap(page, cdp, PHONE.w / 2, PHONE.h - (PHONE.h * 0.5) + 22);
  await nextFrames(page, 6);
  const [blue3] = await colourCounts(page, [[69, 140, 255]], 40, { x: 0, y: 0, w: PHONE.w, h: PHONE.h - 44 }, true);
  await fingers(page, cdp, [{ from: [PHONE.w / 2, 650], to: [PHONE.w / 2 + 150, 560] }], 10);
  await nextFrames(page, 4);
  const [turned] = await colourCounts(page, [[69, 140, 255]], 40, { x: 0, y: 0, w: PHONE.w, h: PHONE.h - 44 }, true);
  check(Math.abs(turned.x - blue3.x) + Math.abs(turned.y - blue3.y) > 10 || Math.abs(turned.n - blue3.n) > 500,
    `phone: one finger turns the 3D view the first time (A from ${blue3.x.toFixed(0)},${blue3.y.toFixed(0)} to ${turned.x.toFixed(0)},${turned.y.toFixed(0)})`);
  if (process.env.SATBOX_PHONE_SCREENSHOT) {
    await page.screenshot({ path: process.env.SATBOX_PHONE_SCREENSHOT });
  }

  // 9. in the sheet, a tap opens the preset list and a tap on a preset loads it, and the page's
  // link then names the preset
  await tap(page, cdp, PHONE.w / 2, BAR_Y);
  await nextFrames(page, 6);
  const beforePreset = await status(page);
  await tap(page, cdp, 75, PHONE.h / 2 + 218);          // "Presets (N)", under the Scene buttons
  await nextFrames(page, 6);
  await tap(page, cdp, 120, PHONE.h / 2 + 262);         // the first preset
  const preset = await waitForStatus(page, (s) => s !== beforePreset, "a tap on a preset");
  check(preset !== beforePreset, `phone: a tap on a preset loads it: ${preset}`);
  await nextFrames(page, 4);
  check(/&preset=[a-z0-9-]+/.test(page.url()), `phone: the page's link names the preset: ${page.url().split("&preset=")[1]}`);
  if (process.env.SATBOX_PHONE_SCREENSHOT) {
    await page.screenshot({ path: process.env.SATBOX_PHONE_SCREENSHOT.replace(".png", "-preset.png") });
  }
  check(problems.length === 0, `phone: no console error or warning${problems.length ? ": " + problems.join(" | ") : ""}`);
}

const timer = setTimeout(() => { console.log("FAIL the browser test took over 8 minutes"); process.exit(1); }, 480_000);
main().then(() => {
  clearTimeout(timer);
  console.log(`${passed} passed, ${failures.length} failed`);
  process.exit(failures.length ? 1 : 0);
}, (e) => {
  clearTimeout(timer);
  console.log(`FAIL ${e.message}`);
  process.exit(1);
});
