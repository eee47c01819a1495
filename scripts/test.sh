#!/usr/bin/env bash
# Everything CI runs, in order: lint, types, unit + component + API tests with coverage (PGlite,
# and PostgreSQL when TEST_DATABASE_URL is set; components in Chromium), a production build, then
# the browser journeys against that build.
# Ends with one line "tests: N passed, N failed" summing both runners.
set -euo pipefail
cd "$(dirname "$0")/.."

find_chromium() {
  if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then echo "$CHROMIUM_PATH"; return; fi
  command -v chromium || command -v chromium-browser || true
}

CHROMIUM="$(find_chromium)"
if [ -z "$CHROMIUM" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Chromium not found: installing Debian's chromium package…"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    CHROMIUM="$(find_chromium)"
  else
    echo "Chromium is needed for the browser tests. Install it with: sudo apt-get install chromium" >&2
    echo "(or set CHROMIUM_PATH to a Chromium binary). Playwright's own browser download is not used." >&2
    exit 1
  fi
fi
export CHROMIUM_PATH="$CHROMIUM"

mkdir -p test-results
echo "▶ lint"
npm run --silent lint
echo "▶ typecheck"
npm run --silent typecheck
echo "▶ unit, component and API tests${TEST_DATABASE_URL:+ (PGlite and PostgreSQL)}, with coverage"
# Coverage (V8's counters, vitest.config.ts) ends the output with its summary; the per-file
# figures are in test-results/coverage/coverage-summary.json.
npx vitest run --coverage --reporter=default --reporter=json --outputFile.json=test-results/unit.json
echo "▶ build"
npm run --silent build
echo "▶ landing first-load size"
size_status=0
node scripts/check-landing-size.mjs || size_status=$?
echo "▶ /auth and dashboard first-load sizes"
page_size_status=0
node scripts/check-page-sizes.mjs || page_size_status=$?
echo "▶ browser journeys (Chromium: $CHROMIUM)"
export E2E_RUN_ID="$$"
e2e_status=0
PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/e2e.json npx playwright test --reporter=list,json || e2e_status=$?

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
