#!/usr/bin/env bash
# scripts/test.sh — amici's test command, the same on a laptop and in CI.
#
#   scripts/test.sh            cargo test --all-targets --no-fail-fast (everything, end-to-end
#                              tests included; every failing test binary is reported)
#   scripts/test.sh ARGS...    cargo test ARGS... instead, e.g. `scripts/test.sh --test e2e`
#
# 1. installs what the end-to-end tests need, only if something is missing (needs root):
#    Dovecot (dovecot-imapd, dovecot-lmtpd), openssl and python3-aiosmtpd, via
#    scripts/mailstack.sh install; chromium (headless) and tidy for the screenshot and HTML
#    tests; the Syzygy test tables; caissify-pairings 0.5.0 (the independent Dutch pairing
#    engine) and python-chess 1.11.2 (for the letter generator) in a venv under
#    target/pairings-venv;
# 2. builds every test target;
# 3. runs the tests. The end-to-end tests start their own private mail systems
#    (scripts/mailstack.sh, from tests/support) on free loopback ports: nothing needs to run
#    beforehand, and no system-wide mail server is touched;
# 4. prints a summary; the exit code is cargo's (non-zero when anything failed).
set -euo pipefail

cd "$(dirname "$0")/.."

STARTED=$SECONDS
step() { printf '\n==> %s\n' "$*"; }
elapsed() { local s=$((SECONDS - STARTED)); printf '%dm%02ds' $((s / 60)) $((s % 60)); }
die() { printf 'test.sh: %s\n' "$*" >&2; exit 1; }

if [ $# -gt 0 ]; then ARGS=("$@"); else ARGS=(--all-targets --no-fail-fast); fi
# the bounded no-panic test of the letter reader: the full million inputs (issue 3)
export AMICI_FUZZ_ITER=${AMICI_FUZZ_ITER:-1000000}
# no colour codes in CI logs and in the summary below
if [ ! -t 1 ]; then export CARGO_TERM_COLOR=never; fi

step "mail system packages (Dovecot, openssl, python3-aiosmtpd)"
bash scripts/mailstack.sh install
echo "dovecot $(dovecot --version)"

step "headless Chromium (the screenshot tests of the standings page and the site)"
if [ ! -x /usr/bin/chromium ]; then
  { DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 update -qq &&
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends chromium; } \
    >/tmp/amici-chromium-apt.log 2>&1 || { tail -n 20 /tmp/amici-chromium-apt.log; die "cannot install chromium"; }
fi
/usr/bin/chromium --version || true

step "systemd-analyze (tests/service_unit.rs checks the systemd unit with it)"
if ! command -v systemd-analyze >/dev/null 2>&1; then
  { DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 update -qq &&
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends systemd; } \
    >/tmp/amici-systemd-apt.log 2>&1 || { tail -n 20 /tmp/amici-systemd-apt.log; die "cannot install systemd (systemd-analyze)"; }
fi
systemd-analyze --version | head -n 1

step "tidy (the HTML validity test of the static site, tests/site.rs)"
if [ ! -x /usr/bin/tidy ]; then
  { DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 update -qq &&
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends tidy; } \
    >/tmp/amici-tidy-apt.log 2>&1 || { tail -n 20 /tmp/amici-tidy-apt.log; die "cannot install tidy"; }
fi
/usr/bin/tidy --version || true

step "Syzygy test tables (the \`chess\` package's source on PyPI carries small ones)"
SYZYGY_DIR=$(pwd)/target/syzygy
if [ ! -f "$SYZYGY_DIR/KQvK.rtbw" ]; then
  tmp=$(mktemp -d /tmp/amici-syzygy.XXXXXX)
  if python3 -m pip download --quiet --timeout 30 --retries 1 --no-deps --no-binary :all: -d "$tmp" chess==1.11.2 >/dev/null 2>&1 &&
     mkdir -p "$SYZYGY_DIR" &&
     tar xzf "$tmp"/chess-1.11.2.tar.gz -C "$tmp" chess-1.11.2/data/syzygy/regular &&
     cp "$tmp"/chess-1.11.2/data/syzygy/regular/* "$SYZYGY_DIR"/; then
    echo "tables in $SYZYGY_DIR"
  else
    if [ "${CI:-}" = true ]; then
      die "could not fetch the Syzygy test tables (pip download chess from PyPI)"
    fi
    echo "WARNING: could not fetch the Syzygy test tables (PyPI not reachable?): the tablebase tests will NOT run"
    TABLES_MISSING=1
  fi
  rm -rf "$tmp"
fi
export AMICI_TEST_SYZYGY=$SYZYGY_DIR

step "the independent Dutch pairing engine (caissify-pairings from PyPI, for tests/dutch_agreement.rs)"
PAIRINGS_VENV=$(pwd)/target/pairings-venv
if ! "$PAIRINGS_VENV/bin/python" -c "import caissify_pairings" >/dev/null 2>&1; then
  { python3 -m venv "$PAIRINGS_VENV" 2>/dev/null ||
      { DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 update -qq &&
        DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends python3-venv &&
        python3 -m venv "$PAIRINGS_VENV"; }; } >/tmp/amici-pairings-venv.log 2>&1 &&
    "$PAIRINGS_VENV/bin/pip" install --quiet --timeout 30 --retries 1 caissify-pairings==0.5.0 >>/tmp/amici-pairings-venv.log 2>&1 ||
    { tail -n 20 /tmp/amici-pairings-venv.log
      if [ "${CI:-}" = true ]; then
        die "could not install caissify-pairings 0.5.0 from PyPI into $PAIRINGS_VENV"
      fi
      echo "WARNING: caissify-pairings is not installed: tests/dutch_agreement.rs will NOT run"
      PAIRINGS_MISSING=1; }
fi
"$PAIRINGS_VENV/bin/python" -c "import caissify_pairings; print('caissify-pairings', caissify_pairings.__version__)" || true

step "python-chess 1.11.2 (tests/letters_generator.rs runs scripts/gen-letters.py with it)"
if ! "$PAIRINGS_VENV/bin/python" -c "import chess" >/dev/null 2>&1; then
  "$PAIRINGS_VENV/bin/python" -m pip install --quiet --timeout 30 --retries 1 chess==1.11.2 >/tmp/amici-chess-pip.log 2>&1 ||
    { tail -n 20 /tmp/amici-chess-pip.log
      if [ "${CI:-}" = true ]; then
        die "could not install chess 1.11.2 from PyPI into $PAIRINGS_VENV"
      fi
      echo "WARNING: python-chess is not installed: tests/letters_generator.rs will NOT run"
      CHESS_MISSING=1; }
fi

step "toolchain"
command -v cargo >/dev/null 2>&1 || die "cargo not found: install the Rust toolchain (rustup) first"
cargo --version
rustc --version

step "build: cargo test --no-run ${ARGS[*]}"
cargo test --no-run "${ARGS[@]}"
echo "built in $(elapsed)"

step "test: cargo test ${ARGS[*]}"
LOG=$(mktemp /tmp/amici-test.XXXXXX)
# tee for the summary; safe because the mail stacks never hold the tests' stdout
# (the harness sends the script's and the daemons' output to files)
set +e
cargo test "${ARGS[@]}" 2>&1 | tee "$LOG"
rc=${PIPESTATUS[0]}
set -e

step "summary"
awk '/^test result:/ { p += $4; f += $6; i += $8; n++ }
     END { printf "%d test binaries: %d passed, %d failed, %d ignored\n", n, p, f, i }' "$LOG"
if grep -q ' \.\.\. FAILED$' "$LOG"; then
  echo "failed tests:"
  sed -n 's/^test \(.*\) \.\.\. FAILED$/  \1/p' "$LOG"
fi
if grep -q '^error\(\[E[0-9]*\]\)\?:' "$LOG"; then
  echo "cargo reported errors:"
  grep '^error' "$LOG" | head -n 20 | sed 's/^/  /'
fi
rm -f "$LOG"
if [ -n "${TABLES_MISSING:-}" ]; then
  echo "WARNING: the Syzygy tables were not fetched: the tablebase tests (§707.3) did NOT run"
fi
if [ -n "${PAIRINGS_MISSING:-}" ]; then
  echo "WARNING: caissify-pairings is not installed: tests/dutch_agreement.rs did NOT run"
fi
if [ -n "${CHESS_MISSING:-}" ]; then
  echo "WARNING: python-chess is not installed: tests/letters_generator.rs did NOT run"
fi
if [ "$rc" = 0 ]; then
  echo "ALL TESTS PASSED in $(elapsed)"
else
  echo "TESTS FAILED (cargo exit code $rc) after $(elapsed)"
fi
exit "$rc"
