/* The search box's ranking (site/assets/rank.js) run in node over a built site's index: reads
   queries as JSON lines ({"lang": "en", "query": "..."}) on standard input and writes, for each,
   one JSON line with the ids of its first results, the words it does not know and those it
   corrected. Usage: node bench/search_rank.js SITE_DIR [LIMIT] < queries.jsonl */
"use strict";
const fs = require("fs");
const path = require("path");
const readline = require("readline");
const { Ranker } = require(path.join(__dirname, "..", "site", "assets", "rank.js"));

const site = process.argv[2];
const limit = Number(process.argv[3] || 5);
const rankers = {};

function ranker(lang) {
  if (!rankers[lang]) {
    const folder = path.join(site, "kb-rank", lang);
    const read = (file) => {
      try { return JSON.parse(fs.readFileSync(file, "utf-8")); } catch (err) { return null; }
    };
    const fetch = (name) => Promise.resolve(read(path.join(folder, name)));
    rankers[lang] = new Ranker(read(path.join(folder, "core.json")), fetch);
  }
  return rankers[lang];
}

async function main() {
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim()) continue;
    const { lang, query } = JSON.parse(line);
    const started = process.hrtime.bigint();
    const found = await ranker(lang).search(query);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    process.stdout.write(JSON.stringify({
      lang, query, ids: found.results.slice(0, limit).map((r) => r.doc.id),
      number: found.number || null, unknown: found.unknown, corrected: found.corrected || [], ms,
    }) + "\n");
  }
}

main();
