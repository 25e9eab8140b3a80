#!/usr/bin/env bash
# Builds fixtures/audit/old-rules.sqlite3: a database made by an older amici (commit a7dcd81,
# before the real-letters fixes of issue 9), with two letters it answered wrongly:
#   T/1 — White quotes the last full pair: `2. Кg1-f3 Кb8-c6 3. Оf1-b5` (old: +5 days, Art. 17,
#         "impossible «Кg1-f3» (Art. 14)")
#   T/2 — White castles after Black castled: `7. 0-0` (old: "no move found")
# `amici audit` with today's rules must list exactly these (tests/audit.rs).
#
# Usage: scripts/make-audit-fixture.sh PATH/TO/OLD/amici
# (build the old binary with: git worktree add /tmp/old a7dcd81 && cd /tmp/old && cargo build)
set -euo pipefail
old="${1:?the old amici binary}"
here="$(cd "$(dirname "$0")/.." && pwd)"
out="$here/fixtures/audit"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$out/amici.toml" "$work/amici.toml"
n=0
letter() { # game from day body
  n=$((n + 1))
  local f="$work/l$n.eml"
  printf 'From: %s\r\nTo: bot@example.test\r\nSubject: %s\r\nMessage-ID: <old-%02d@example.test>\r\nDate: Mon, %s Jan 2026 10:00:00 +0200\r\n\r\n%s\r\n' \
    "$2" "$1" "$n" "$3" "$4" > "$f"
  AMICI_NOW="2026-01-${3}T10:00:00+02:00" "$old" --config "$work/amici.toml" ingest "$f" > /dev/null
}
w=ivan@example.test
b=petar@example.test
# T/1: the quoted pair.
letter T/1 $w 11 '1. e2-e4'
letter T/1 $b 12 '1. ... e7-e5'
letter T/1 $w 13 '2. Кg1-f3'
letter T/1 $b 14 '2. ... Кb8-c6'
letter T/1 $w 15 '2. Кg1-f3 Кb8-c6 3. Оf1-b5'
# T/2: castling after castling.
letter T/2 $b 11 '1. e2-e4'
letter T/2 $w 12 '1. ... e7-e5'
letter T/2 $b 13 '2. Кg1-f3'
letter T/2 $w 14 '2. ... Кb8-c6'
letter T/2 $b 15 '3. Оf1-c4'
letter T/2 $w 16 '3. ... Оf8-c5'
letter T/2 $b 17 '4. d2-d3'
letter T/2 $w 18 '4. ... Кg8-f6'
letter T/2 $b 19 '5. Кb1-c3'
letter T/2 $w 20 '5. ... d7-d6'
letter T/2 $b 21 '6. Оc1-e3'
letter T/2 $w 22 '6. ... 0-0'
letter T/2 $b 23 '7. 0-0'
sqlite3 "$work/amici.sqlite3" 'PRAGMA wal_checkpoint(TRUNCATE);' > /dev/null 2>&1 || true
cp "$work/amici.sqlite3" "$out/old-rules.sqlite3"
echo "wrote $out/old-rules.sqlite3 ($n letters, made by $("$old" --version 2>/dev/null || echo "$old"))"
