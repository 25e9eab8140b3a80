#!/usr/bin/env bash
# try.sh — see amici work, on this machine, with real mail.
#
# Starts a throw-away mail system on loopback (Dovecot IMAP + an SMTP server, scripts/mailstack.sh),
# starts `amici run` on an example tournament of three players, sends a few letters from two
# players over SMTP as a mail client would, and prints amici's answers as the players find them
# in their mailboxes. Everything lives in one temporary folder, which is stopped and removed at
# the end (kept, with its logs, when something failed).
#
# Usage: scripts/try.sh            (as root, on Debian 12 with the Rust toolchain)
#        KEEP=1 scripts/try.sh     keep the mail system, amici and the folder afterwards
#        AMICI=PATH scripts/try.sh use this amici binary instead of building one (the test
#                                  suite does, tests/try_script.rs)
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)
PY=/usr/bin/python3

if [ -z "${AMICI:-}" ]; then
  echo "== building amici (cargo build --bin amici; the first build takes a few minutes)"
  cargo build --bin amici
  AMICI=${CARGO_TARGET_DIR:-$ROOT/target}/debug/amici
fi

DIR=$(mktemp -d /tmp/amici-try.XXXXXX)
chmod o+x "$DIR"
echo "== everything lives in $DIR (removed at the end; KEEP=1 keeps it)"
export MAILSTACK_USERS="bot arbiter admin ivan petar maria"
export MAILSTACK_PORT_OFFSET=${MAILSTACK_PORT_OFFSET:-300}

cleanup() {
  local rc=$?
  if [ "${KEEP:-0}" = 1 ]; then
    echo "== left running: mail system in $DIR/mail, amici pid $(cat "$DIR/amici.pid" 2>/dev/null)"
    echo "== to stop: kill $(cat "$DIR/amici.pid" 2>/dev/null); bash scripts/mailstack.sh stop $DIR/mail; rm -rf $DIR"
    return
  fi
  if [ -f "$DIR/amici.pid" ]; then
    kill "$(cat "$DIR/amici.pid")" 2>/dev/null || true
    wait "$(cat "$DIR/amici.pid")" 2>/dev/null || true
  fi
  bash "$ROOT/scripts/mailstack.sh" stop "$DIR/mail" >/dev/null 2>&1 || true
  if [ "$rc" = 0 ]; then
    rm -rf "$DIR"
    echo "== stopped; $DIR removed"
  else
    echo "== stopped after a failure; the logs are kept in $DIR (amici.log, mailstack.log, mail/log)"
  fi
}
trap cleanup EXIT

echo "== starting the mail system (Dovecot + SMTP on 127.0.0.1)"
bash scripts/mailstack.sh start "$DIR/mail" </dev/null >"$DIR/mailstack.log" 2>&1 || {
  cat "$DIR/mailstack.log"; exit 1; }
# shellcheck disable=SC1091
set -a; . "$DIR/mail/mailstack.env"; set +a

cat >"$DIR/amici.toml" <<EOF
[bot]
address  = "bot@example.test"
database = "amici.sqlite3"
timezone = "Europe/Sofia"
language = "bg"
admin    = "admin@example.test"

[imap]
host = "127.0.0.1"
port = $MAILSTACK_IMAPS_PORT
security = "tls"
ca_file = "$MAILSTACK_CA"
user = "bot"
password_env = "AMICI_IMAP_PASSWORD"
poll_seconds = 10

[smtp]
host = "127.0.0.1"
port = $MAILSTACK_SMTPS_PORT
security = "tls"
ca_file = "$MAILSTACK_CA"
user = "bot"
password_env = "AMICI_SMTP_PASSWORD"

[[tournament]]
id       = "TRY-1"
name     = "Try-it tournament"
mode     = "email"
notation = "bg"
start    = $(date +%F)
end      = $(date -d '+1 year' +%F)
arbiter  = "arbiter@example.test"
pairing  = "explicit"
players  = [
  { name = "Иван Петров", email = "ivan@example.test", language = "bg" },
  { name = "Petar Georgiev", email = "petar@example.test", language = "en" },
  { name = "Мария Иванова", email = "maria@example.test", language = "ru" },
]
games = [
  { white = "ivan@example.test", black = "petar@example.test" },
  { white = "maria@example.test", black = "ivan@example.test" },
]
EOF

echo "== starting amici run (config $DIR/amici.toml)"
export AMICI_IMAP_PASSWORD=password AMICI_SMTP_PASSWORD=password
"$AMICI" --config "$DIR/amici.toml" check-config
"$AMICI" --config "$DIR/amici.toml" run >"$DIR/amici.log" 2>&1 </dev/null &
echo $! >"$DIR/amici.pid"
for _ in $(seq 100); do grep -q "IMAP connected" "$DIR/amici.log" && break; sleep 0.1; done
grep -q "IMAP connected" "$DIR/amici.log" || { cat "$DIR/amici.log"; echo "amici did not connect"; exit 1; }

send() { # from subject body
  "$PY" - "$MAILSTACK_SMTP_PORT" "$@" <<'PYEOF'
import smtplib, sys
from email.message import EmailMessage
from email.utils import make_msgid
port, sender, subject, body = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
m = EmailMessage()
m["From"], m["To"], m["Subject"] = sender, "bot@example.test", subject
m["Message-ID"] = make_msgid(domain="example.test")
m.set_content(body)
with smtplib.SMTP("127.0.0.1", int(port)) as s:
    s.send_message(m)
PYEOF
  echo "   sent by $1 ($2): $(echo "$3" | tr '\n' ' ' | cut -c1-70)"
}

echo "== players write"
send ivan@example.test "TRY-1/1 ход" $'Здравей Петър,\n\n1. e2-e4\n\nПоздрави,\nИван'
sleep 2
send petar@example.test "Re: TRY-1/1" $'Hello Ivan,\n\n1... e7-e5\n\nPetar\n-- \nsent from my phone'
sleep 2
send ivan@example.test "TRY-1/1" $'2. Кg1-e3'
sleep 2
send maria@example.test "TRY-1/2" $'Добрый день!\n1. d2-d4'
sleep 3

echo "== what the players and the arbiter received"
"$PY" - "$MAILSTACK_IMAP_PORT" <<'PYEOF'
import imaplib, sys, email
from email.header import decode_header, make_header
port = int(sys.argv[1])
for user in ["ivan", "petar", "maria", "arbiter"]:
    c = imaplib.IMAP4("127.0.0.1", port)
    c.login(user, "password")
    c.select("INBOX")
    _, data = c.search(None, "ALL")
    for num in data[0].split():
        _, msg = c.fetch(num, "(RFC822)")
        m = email.message_from_bytes(msg[0][1])
        print("-" * 78)
        print(f"To {user}@example.test  [X-Amici-Kind: {m['X-Amici-Kind']}]  Subject: {make_header(decode_header(m['Subject']))}")
        # The text part: a letter with a board picture is multipart (text, HTML, PNG).
        part = next((p for p in m.walk() if p.get_content_type() == "text/plain"), m)
        print(part.get_payload(decode=True).decode("utf-8", "replace").rstrip())
    c.logout()
print("-" * 78)
PYEOF
echo "== amici's status"
"$AMICI" --config "$DIR/amici.toml" status
