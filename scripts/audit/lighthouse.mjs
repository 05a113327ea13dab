// Lighthouse (mobile, its defaults) on a list of pages in one Chromium: the four
// category scores and the audits that cost points, one JSON line per page.
//
//   CHROME_PATH=/usr/bin/chromium node scripts/audit/lighthouse.mjs pages.json
//
// pages.json: [{"name": ..., "url": ..., "headers": {...}}]. Called by
// scripts/audits.py (`make audits`), which serves the app and judges the scores.
import fs from "node:fs";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const pages = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  for (const page of pages) {
    const result = await lighthouse(page.url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
      extraHeaders: page.headers || {},
    });
    const lhr = result.lhr;
    const scores = {};
    const lost = [];
    for (const name of CATEGORIES) {
      const category = lhr.categories[name];
      scores[name] = category.score === null ? null : Math.round(category.score * 100);
      for (const ref of category.auditRefs) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
          lost.push(`${name}: ${audit.id} (${audit.displayValue || audit.score})`);
        }
      }
    }
    // The back/forward cache: scored in no category, so reported on its own, with
    // the reasons Chromium gives for refusing it.
    const bf = lhr.audits["bf-cache"];
    const bfcache = bf ? {
      score: bf.score,
      reasons: ((bf.details && bf.details.items) || []).map((i) => i.reason || JSON.stringify(i)),
    } : null;
    const errors = lhr.runtimeError ? [lhr.runtimeError.message] : [];
    const warnings = lhr.runWarnings || [];
    console.log(JSON.stringify({ name: page.name, scores, lost, bfcache, errors, warnings }));
  }
} finally {
  await chrome.kill();
}
