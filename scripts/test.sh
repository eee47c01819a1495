#!/usr/bin/env bash
# Everything CI runs: lint, types and a production build (side by side), the first-load size
# budgets, unit + component + API tests with coverage (PGlite, and PostgreSQL when
# TEST_DATABASE_URL is set; components in Chromium), then the browser journeys against the build.
# Ends with a table of each stage's seconds, then one line "tests: N passed, N failed" summing
# both runners.
set -euo pipefail
cd "$(dirname "$0")/.."

find_chromium() {
  if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then echo "$CHROMIUM_PATH"; return; fi
  command -v chromium || command -v chromium-browser || true
}

# Debian's headless shell (same source and version) runs every journey but the push ones, at about
# a quarter less CPU (decision 030, playwright.config.ts); full Chromium runs the push journeys
# and the component tests. Both come from Debian's packages, never a Playwright download.
HEADLESS_SHELL="${HEADLESS_SHELL_PATH-/usr/bin/chromium-headless-shell}"
CHROMIUM="$(find_chromium)"
missing=()
[ -n "$CHROMIUM" ] || missing+=(chromium)
[ -z "$HEADLESS_SHELL" ] || [ -x "$HEADLESS_SHELL" ] || missing+=(chromium-headless-shell)
if [ "${#missing[@]}" -gt 0 ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's ${missing[*]} for the browser tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null || true
  CHROMIUM="$(find_chromium)"
fi
if [ -z "$CHROMIUM" ]; then
  echo "Chromium is needed for the browser tests. Install it with: sudo apt-get install chromium" >&2
  echo "(or set CHROMIUM_PATH to a Chromium binary). Playwright's own browser download is not used." >&2
  exit 1
fi
if [ -n "$HEADLESS_SHELL" ] && [ ! -x "$HEADLESS_SHELL" ]; then
  echo "chromium-headless-shell not found: every journey runs on full Chromium (slower)."
  echo "(sudo apt-get install chromium-headless-shell, or HEADLESS_SHELL_PATH= to silence this)"
fi
export CHROMIUM_PATH="$CHROMIUM"

mkdir -p test-results

# Each stage's seconds go to STAGES_FILE (name, start and length in ms since T0, exit status) and
# are printed as a table at the end (issue 34), failed run or not.
now_ms() { date +%s%3N; }
T0="$(now_ms)"
STAGES_FILE="test-results/stages.tsv"
: > "$STAGES_FILE"
stage() { # stage NAME COMMAND…: runs COMMAND, records its time, returns its status
  local name="$1" start status=0
  shift
  start="$(now_ms)"
  "$@" || status=$?
  printf '%s\t%s\t%s\t%s\n' "$name" "$((start - T0))" "$(($(now_ms) - start))" "$status" >> "$STAGES_FILE"
  return "$status"
}
print_stages() {
  node -e '
    const rows = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").filter(Boolean)
      .map((line) => { const [name, start, ms, status] = line.split("\t"); return { name, start: +start, ms: +ms, status: +status }; })
      .sort((a, b) => a.start - b.start);
    const s = (ms) => (ms / 1000).toFixed(1).padStart(7);
    console.log(`\n${"stage".padEnd(32)} ${"start".padStart(7)} ${"seconds".padStart(7)}`);
    for (const r of rows) console.log(`${r.name.padEnd(32)} ${s(r.start)} ${s(r.ms)}${r.status ? "  FAILED (" + r.status + ")" : ""}`);
    console.log(`${"whole run".padEnd(32)} ${s(0)} ${s(Date.now() - Number(process.argv[2]))}`);
  ' "$STAGES_FILE" "$T0"
}
trap print_stages EXIT

# Lint, typecheck and the build need nothing from each other and are mostly one thread each (tsc,
# eslint, prettier): side by side they fill both cores of a CI machine. Each writes its own log,
# shown whole once all are done, so the output reads as if they had run in turn.
echo "▶ lint, typecheck, build and first-load sizes, side by side (their logs follow)"
logs="test-results/logs"
rm -rf "$logs" && mkdir -p "$logs"
(stage "lint: eslint" npx eslint .) > "$logs/1-eslint.log" 2>&1 &
eslint_pid=$!
(stage "lint: prettier" npx prettier --check . && stage "typecheck" npm run --silent typecheck) > "$logs/2-typecheck.log" 2>&1 &
typecheck_pid=$!
(stage "build" npm run --silent build) > "$logs/3-build.log" 2>&1 &
build_pid=$!
first_status=0
wait "$eslint_pid" || first_status=$?
wait "$typecheck_pid" || first_status=$?
build_status=0
wait "$build_pid" || build_status=$?
echo "▶ lint (eslint)" && cat "$logs/1-eslint.log"
echo "▶ lint (prettier) and typecheck" && cat "$logs/2-typecheck.log"
echo "▶ build" && cat "$logs/3-build.log"
if [ "$first_status" -ne 0 ] || [ "$build_status" -ne 0 ]; then
  echo "lint, typecheck or build failed (see above)" >&2
  exit 1
fi
echo "▶ landing first-load size"
size_status=0
stage "size: landing" node scripts/check-landing-size.mjs || size_status=$?
echo "▶ /auth and dashboard first-load sizes"
page_size_status=0
stage "size: pages" node scripts/check-page-sizes.mjs || page_size_status=$?

echo "▶ unit, component and API tests${TEST_DATABASE_URL:+ (PGlite and PostgreSQL)}, with coverage"
# Coverage (V8's counters, vitest.config.ts) ends the output with its summary; the per-file
# figures are in test-results/coverage/coverage-summary.json.
stage "vitest (with coverage)" npx vitest run --coverage --reporter=default --reporter=json --outputFile.json=test-results/unit.json
if [ -n "$HEADLESS_SHELL" ] && [ -x "$HEADLESS_SHELL" ]; then
  echo "▶ browser journeys ($HEADLESS_SHELL; the push journeys on $CHROMIUM)"
else
  echo "▶ browser journeys (Chromium: $CHROMIUM)"
fi
export E2E_RUN_ID="$$"
e2e_status=0
export PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/e2e.json
stage "playwright" npx playwright test --reporter=list,json || e2e_status=$?
trap - EXIT
print_stages

node -e '
  const fs = require("fs");
  const unit = JSON.parse(fs.readFileSync("test-results/unit.json", "utf8"));
  const e2e = fs.existsSync("test-results/e2e.json") ? JSON.parse(fs.readFileSync("test-results/e2e.json", "utf8")).stats : { expected: 0, unexpected: 0, flaky: 0 };
  const passed = unit.numPassedTests + e2e.expected + e2e.flaky;
  const failed = unit.numFailedTests + e2e.unexpected;
  console.log(`\ntests: ${passed} passed, ${failed} failed`);
'
if [ "$size_status" -ne 0 ]; then echo "landing first-load JS is over 100 kB gzip (see above)"; fi
if [ "$page_size_status" -ne 0 ]; then echo "a page's first-load JS is over its budget (see above)"; fi
if [ "$e2e_status" -ne 0 ]; then exit "$e2e_status"; fi
if [ "$size_status" -ne 0 ]; then exit "$size_status"; fi
exit "$page_size_status"
