#!/usr/bin/env bash
# Everything CI runs, in order: lint, types, unit + API tests (PGlite, and PostgreSQL when
# TEST_DATABASE_URL is set), a production build, then the browser journeys against that build.
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
echo "▶ unit and API tests${TEST_DATABASE_URL:+ (PGlite and PostgreSQL)}"
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/unit.json
echo "▶ build"
npm run --silent build
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
exit "$e2e_status"
