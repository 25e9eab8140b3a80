#!/usr/bin/env bash
# mailstack.sh — a real, throw-away mail system on loopback for amici's tests and try-it.
#
#   Dovecot 2.3   IMAP  127.0.0.1:IMAP_PORT   plain, STARTTLS offered   (default 10143)
#                 IMAPS 127.0.0.1:IMAPS_PORT  implicit TLS              (default 10993)
#                 LMTP  127.0.0.1:LMTP_PORT   delivery into Maildirs    (default 10024)
#   SMTP front    SMTP  127.0.0.1:SMTP_PORT   plain, STARTTLS offered   (default 10025)
#                 SMTPS 127.0.0.1:SMTPS_PORT  implicit TLS              (default 10465)
#
# The SMTP front end is a small aiosmtpd server (Debian's python3-aiosmtpd) that hands every
# message to Dovecot over LMTP *before* it answers DATA: when a client's send returns, the
# letter is already in the recipient's INBOX. Only MAILSTACK_DOMAIN is accepted (no relaying);
# unknown users get 550 at RCPT. AUTH PLAIN/LOGIN is offered but not required.
#
# Usage: mailstack.sh install | mailstack.sh COMMAND DIR
#   install            apt-get install the packages below if any is missing (root)
#   start DIR          set up DIR (config, CA + certificate, users, Maildirs) and start all
#   stop DIR           stop everything started from DIR (DIR itself is left for the logs)
#   status DIR         print what runs; exit 0 only if Dovecot and the SMTP front both run
#   env DIR            print DIR/mailstack.env (KEY=VALUE: ports, CA path, users file …)
#   stop-dovecot DIR   stop only Dovecot (IMAP, IMAPS, LMTP)        — for crash tests
#   start-dovecot DIR  start Dovecot again with the same config and mail
#   stop-smtp DIR      stop only the SMTP front end (SMTP, SMTPS)
#   start-smtp DIR     start the SMTP front end again
#
# Everything (config, certificates, Maildirs, sockets, logs, pid files) lives in DIR.
# Users log in as "name@DOMAIN" or just "name"; clients trust DIR/tls/ca.pem (the server
# certificate names localhost and 127.0.0.1).
#
# Environment (all optional):
#   MAILSTACK_USERS        users, default "bot arbiter white black"; an entry is "name" or
#                          "name:password"
#   MAILSTACK_PASSWORD     password of entries without one (default "password")
#   MAILSTACK_DOMAIN       default example.test
#   MAILSTACK_PORT_OFFSET  added to every default port, so stacks can run side by side
#   MAILSTACK_IMAP_PORT, _IMAPS_PORT, _LMTP_PORT, _SMTP_PORT, _SMTPS_PORT  exact ports
#   MAILSTACK_NO_INSTALL=1 never run apt-get (fail if a package is missing)
#
# Exit codes: 0 done; 1 failure; 2 bad usage; 3 a port is already in use (pick other ports).
# Must run as root: Dovecot's master switches each mail process to user nobody.
set -euo pipefail

PY=/usr/bin/python3      # Debian's python, where python3-aiosmtpd is installed
PKGS=(dovecot-imapd dovecot-lmtpd openssl python3-aiosmtpd)
MAIL_USER=nobody         # Dovecot refuses to run mail processes as root ("returned 0 as uid")
MAIL_GROUP=nogroup

say() { echo "mailstack: $*" >&2; }
die() { say "$*"; exit 1; }
usage() {
  say "usage: $0 install | $0 {start|stop|status|env|stop-dovecot|start-dovecot|stop-smtp|start-smtp} DIR"
  exit 2
}

# ---------------------------------------------------------------- processes and ports

# A process that has exited stays a zombie until PID 1 reaps it, and some sandboxes' PID 1
# reaps lazily, so `kill -0` would call it alive: read its state instead.
alive() {
  [ -n "${1:-}" ] && [ -r "/proc/$1/status" ] &&
    ! grep -q '^State:[[:space:]]*Z' "/proc/$1/status" 2>/dev/null
}

read_pid() { [ -s "$1" ] && tr -dc '0-9' < "$1" || true; }

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Run a daemon with stdio already redirected by the caller and no other inherited fd: a
# long-lived daemon holding, say, the write end of the pipe a test harness reads would keep
# that reader waiting for EOF forever.
exec_clean() {
  local fd
  for fd in /proc/self/fd/*; do
    fd=${fd##*/}
    if [ "$fd" -gt 2 ] 2>/dev/null; then eval "exec $fd>&-" 2>/dev/null || true; fi
  done
  exec "$@"
}

# SIGTERM, wait up to 10 s, then SIGKILL. Returns once the process is gone (or a zombie).
stop_pid() {
  local pid=$1 what=$2 i
  alive "$pid" || return 0
  kill -TERM "$pid" 2>/dev/null || true
  for i in $(seq 200); do alive "$pid" || return 0; sleep 0.05; done
  say "$what (pid $pid) ignored SIGTERM: SIGKILL"
  kill -KILL "$pid" 2>/dev/null || true
  for i in $(seq 40); do alive "$pid" || return 0; sleep 0.05; done
}

# ---------------------------------------------------------------- packages

have_packages() {
  command -v dovecot >/dev/null 2>&1 && [ -x /usr/lib/dovecot/imap ] &&
    [ -x /usr/lib/dovecot/lmtp ] && command -v openssl >/dev/null 2>&1 &&
    getent passwd dovecot >/dev/null && [ -x "$PY" ] &&
    "$PY" -c 'import aiosmtpd' >/dev/null 2>&1
}

install_packages() {
  have_packages && return 0
  [ "${MAILSTACK_NO_INSTALL:-0}" = 1 ] && die "missing packages (${PKGS[*]}) and MAILSTACK_NO_INSTALL=1"
  # several stacks may start at once on a fresh machine: one apt-get at a time
  exec 9>/tmp/.mailstack-apt.lock
  flock -w 900 9 || die "waited too long for /tmp/.mailstack-apt.lock"
  if ! have_packages; then
    say "installing ${PKGS[*]} with apt-get (log: /tmp/mailstack-apt.log)"
    # a package's postinst must not start a system-wide Dovecot on the default ports:
    # policy-rc.d answering 101 forbids it (Docker images usually ship one already)
    local own_policy=0 rc=0
    if [ ! -e /usr/sbin/policy-rc.d ]; then
      printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
      chmod 755 /usr/sbin/policy-rc.d
      own_policy=1
    fi
    {
      DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 update &&
        DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y \
          --no-install-recommends "${PKGS[@]}"
    } > /tmp/mailstack-apt.log 2>&1 || rc=$?
    if [ "$own_policy" = 1 ]; then rm -f /usr/sbin/policy-rc.d; fi
    if [ "$rc" != 0 ]; then tail -n 20 /tmp/mailstack-apt.log >&2; die "apt-get failed"; fi
  fi
  exec 9>&-
  have_packages || die "packages still missing after apt-get: ${PKGS[*]}"
}

# ---------------------------------------------------------------- settings

# D (absolute DIR) and the ports: from the environment on `start`, from DIR/mailstack.env after.
load_dir() {
  [ -d "$1" ] || die "no such directory: $1"
  D=$(cd "$1" && pwd -P)
}

envval() { sed -n "s/^$1=//p" "$D/mailstack.env" 2>/dev/null | head -n 1; }

load_env() {
  [ -f "$D/mailstack.env" ] || die "$D/mailstack.env missing: run '$0 start $D' first"
  DOMAIN=$(envval MAILSTACK_DOMAIN)
  IMAP_PORT=$(envval MAILSTACK_IMAP_PORT)
  IMAPS_PORT=$(envval MAILSTACK_IMAPS_PORT)
  LMTP_PORT=$(envval MAILSTACK_LMTP_PORT)
  SMTP_PORT=$(envval MAILSTACK_SMTP_PORT)
  SMTPS_PORT=$(envval MAILSTACK_SMTPS_PORT)
  RUN=$(envval MAILSTACK_RUN_DIR)
}

settings_from_environment() {
  DOMAIN=${MAILSTACK_DOMAIN:-example.test}
  USERS=${MAILSTACK_USERS:-bot arbiter white black}
  PASSWORD=${MAILSTACK_PASSWORD:-password}
  local off=${MAILSTACK_PORT_OFFSET:-0}
  IMAP_PORT=${MAILSTACK_IMAP_PORT:-$((10143 + off))}
  IMAPS_PORT=${MAILSTACK_IMAPS_PORT:-$((10993 + off))}
  LMTP_PORT=${MAILSTACK_LMTP_PORT:-$((10024 + off))}
  SMTP_PORT=${MAILSTACK_SMTP_PORT:-$((10025 + off))}
  SMTPS_PORT=${MAILSTACK_SMTPS_PORT:-$((10465 + off))}
  # Dovecot's unix sockets live in base_dir and a socket path may hold at most 107 bytes
  # (the longest name Dovecot uses is ~30): a long DIR gets its sockets in a short /tmp dir.
  RUN=$D/run
  if [ ${#RUN} -gt 70 ]; then RUN=$(mktemp -d /tmp/mailstack-run.XXXXXX); fi
}

# ---------------------------------------------------------------- files

write_env() {
  cat > "$D/mailstack.env" <<EOF
MAILSTACK_DIR=$D
MAILSTACK_DOMAIN=$DOMAIN
MAILSTACK_IMAP_PORT=$IMAP_PORT
MAILSTACK_IMAPS_PORT=$IMAPS_PORT
MAILSTACK_LMTP_PORT=$LMTP_PORT
MAILSTACK_SMTP_PORT=$SMTP_PORT
MAILSTACK_SMTPS_PORT=$SMTPS_PORT
MAILSTACK_CA=$D/tls/ca.pem
MAILSTACK_USERS_FILE=$D/users
MAILSTACK_RUN_DIR=$RUN
EOF
}

# A private CA and a server certificate it signs. The server certificate must be a leaf
# (CA:FALSE): rustls, like browsers, rejects a CA certificate presented as a server's.
write_certs() {
  local t=$D/tls
  [ -s "$t/chain.pem" ] && return 0
  mkdir -p "$t"
  openssl req -x509 -new -nodes -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -days 3650 \
    -subj "/CN=mailstack private test CA" -keyout "$t/ca.key" -out "$t/ca.pem" 2>/dev/null
  openssl req -new -nodes -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 \
    -subj "/CN=localhost" -keyout "$t/key.pem" -out "$t/server.csr" 2>/dev/null
  cat > "$t/server.ext" <<EOF
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature, keyEncipherment
extendedKeyUsage = serverAuth
subjectAltName = DNS:localhost, IP:127.0.0.1, DNS:mail.$DOMAIN
EOF
  openssl x509 -req -in "$t/server.csr" -CA "$t/ca.pem" -CAkey "$t/ca.key" -CAcreateserial \
    -days 3650 -extfile "$t/server.ext" -out "$t/cert.pem" 2>/dev/null
  cat "$t/cert.pem" "$t/ca.pem" > "$t/chain.pem"
  chmod 600 "$t/ca.key" "$t/key.pem"
}

write_users() {
  local entry name pw
  : > "$D/users"
  for entry in $USERS; do
    name=${entry%%:*}
    pw=$PASSWORD
    if [ "$entry" != "$name" ]; then pw=${entry#*:}; fi
    printf '%s@%s:{PLAIN}%s::::::\n' "$name" "$DOMAIN" "$pw" >> "$D/users"
  done
  # Dovecot's auth worker reads it as user dovecot; unreadable means every login fails
  # and LMTP answers 451 4.3.0
  chown root:dovecot "$D/users"
  chmod 640 "$D/users"
}

write_dovecot_conf() {
  local dh=""
  if [ -s /usr/share/dovecot/dh.pem ]; then dh="ssl_dh = </usr/share/dovecot/dh.pem"; fi
  cat > "$D/dovecot.conf" <<EOF
# written by mailstack.sh — Dovecot 2.3 syntax (2.4 renamed many settings)
instance_name = mailstack-$(printf '%s' "$D" | md5sum | cut -c1-12)
base_dir = $RUN
state_dir = $D/state
log_path = $D/log/dovecot.log
info_log_path = $D/log/dovecot.log
protocols = imap lmtp
listen = 127.0.0.1
# when the master stops, its imap processes go too (a crash test wants connections cut)
shutdown_clients = yes

ssl = yes
ssl_cert = <$D/tls/chain.pem
ssl_key = <$D/tls/key.pem
$dh

# plain LOGIN on loopback is what the tests use
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_default_realm = $DOMAIN
auth_verbose = yes
# no sleep after a failed login (a wrong-password test must not slow the next one)
auth_failure_delay = 0

first_valid_uid = 1
mail_location = maildir:~/Maildir
mail_fsync = never
recipient_delimiter = +

passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%Lu $D/users
}
userdb {
  driver = static
  args = uid=$MAIL_USER gid=$MAIL_GROUP home=$D/mail/%Ld/%Ln
}

namespace inbox {
  inbox = yes
  mailbox Sent {
    special_use = \Sent
    auto = subscribe
  }
  mailbox Trash {
    special_use = \Trash
    auto = subscribe
  }
}

# the anvil auth penalty would add up to 15 s to logins after failures from 127.0.0.1
service anvil {
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
service imap-login {
  inet_listener imap {
    port = $IMAP_PORT
  }
  inet_listener imaps {
    port = $IMAPS_PORT
    ssl = yes
  }
}
service lmtp {
  inet_listener lmtp {
    port = $LMTP_PORT
  }
}
protocol imap {
  # tests and benchmarks open many connections per user from 127.0.0.1 (default 10)
  mail_max_userip_connections = 200
}
protocol lmtp {
  postmaster_address = postmaster@$DOMAIN
}
EOF
}

write_smtp_front() {
  cat > "$D/smtp_front.py" <<'EOF'
"""mailstack SMTP front end: accepts SMTP, delivers each message over LMTP before answering DATA."""
import asyncio, email.parser, email.policy, errno, logging, os, signal, smtplib, ssl, sys, warnings
warnings.simplefilter("ignore", DeprecationWarning)   # aiosmtpd 1.4 warns about its own internals
from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword

users_file, domain, pid_file, cert, key = sys.argv[1:6]
lmtp_port, smtp_port, smtps_port = (int(p) for p in sys.argv[6:9])
domain = domain.lower()

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
logging.getLogger("mail.log").setLevel(logging.WARNING)   # aiosmtpd logs each command at INFO
log = logging.getLogger("smtp-front")

def passwords():
    """address -> password, read afresh each time (the file is tiny and may be edited)."""
    table = {}
    with open(users_file) as f:
        for line in f:
            fields = line.rstrip("\n").split(":")
            if len(fields) >= 2 and fields[0]:
                pw = fields[1]
                table[fields[0].lower()] = pw.split("}", 1)[1] if pw.startswith("{") else pw
    return table

def mailbox(address):
    local, _, dom = address.lower().rpartition("@")
    return local.split("+", 1)[0] + "@" + dom      # user+tag@domain is user@domain

def check_login(server, session, envelope, mechanism, auth_data):
    if not isinstance(auth_data, LoginPassword):
        return AuthResult(success=False, handled=False)
    user = auth_data.login.decode("utf-8", "replace").lower()
    if "@" not in user:
        user += "@" + domain
    ok = passwords().get(user) == auth_data.password.decode("utf-8", "replace")
    log.info("AUTH %s %s", user, "ok" if ok else "refused")
    return AuthResult(success=ok, handled=False)

def lmtp_deliver(sender, rcpt, data):
    # one recipient per LMTP transaction: smtplib reads a single reply after DATA,
    # while LMTP answers once per recipient
    with smtplib.LMTP("127.0.0.1", lmtp_port) as lmtp:
        lmtp.sendmail(sender, [rcpt], data)

class Deliver:
    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.rpartition("@")[2].lower() != domain:
            return "550 5.7.1 <%s>: relay access denied" % address
        if mailbox(address) not in passwords():
            return "550 5.1.1 <%s>: user unknown" % address
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server, session, envelope):
        data = envelope.original_content
        loop = asyncio.get_running_loop()
        for rcpt in envelope.rcpt_tos:
            try:
                await loop.run_in_executor(None, lmtp_deliver, envelope.mail_from or "", rcpt, data)
            except smtplib.SMTPRecipientsRefused as e:
                code, text = next(iter(e.recipients.values()))
                return "%d %s" % (code, text.decode(errors="replace"))
            except smtplib.SMTPResponseException as e:
                return "%d %s" % (e.smtp_code, e.smtp_error.decode(errors="replace"))
            except Exception as e:   # Dovecot down: a temporary failure, the client retries
                log.warning("LMTP delivery to %s failed: %s", rcpt, e)
                return "451 4.3.0 local delivery failed, try again later"
        # the order messages reached the mailboxes, in the server's own words: a mailbox's
        # UID order can differ (Dovecot's Maildir numbers a file saved while an IMAP session
        # holds its uidlist only at the next sync)
        # (the header block alone: parsing the whole message line by line would cost this
        # server, which the benchmarks measure, more for a big message than for a small one)
        head = data.split(b"\r\n\r\n", 1)[0] + b"\r\n\r\n"
        msgid = email.parser.BytesParser(policy=email.policy.compat32).parsebytes(head, headersonly=True).get("Message-ID", "")
        log.info("delivered from=<%s> to=%s bytes=%d msgid=%s", envelope.mail_from, envelope.rcpt_tos, len(data), str(msgid).strip())
        return "250 2.0.0 OK delivered"

async def main():
    tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    tls.load_cert_chain(cert, key)
    handler = Deliver()
    def server(starttls):
        return SMTP(handler, hostname="mail." + domain, ident="mailstack",
                    authenticator=check_login, auth_required=False, auth_require_tls=False,
                    tls_context=tls if starttls else None, require_starttls=False,
                    decode_data=False)
    loop = asyncio.get_running_loop()
    try:
        plain = await loop.create_server(lambda: server(True), "127.0.0.1", smtp_port)
        implicit = await loop.create_server(lambda: server(False), "127.0.0.1", smtps_port, ssl=tls)
    except OSError as e:
        log.error("cannot listen: %s", e)
        sys.exit(3 if e.errno == errno.EADDRINUSE else 1)
    stop = asyncio.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    # the pid file appears only once both ports listen: the start script waits for it
    with open(pid_file + ".tmp", "w") as f:
        f.write("%d\n" % os.getpid())
    os.rename(pid_file + ".tmp", pid_file)
    log.info("listening smtp=%d smtps=%d, delivering to lmtp=%d", smtp_port, smtps_port, lmtp_port)
    await stop.wait()
    plain.close()
    implicit.close()
    os.unlink(pid_file)
    log.info("stopped")

try:
    os.setsid()   # out of the caller's process group: a Ctrl-C there does not reach us
except OSError:
    pass
asyncio.run(main())
EOF
}

# ---------------------------------------------------------------- the two services

dovecot_pid() { read_pid "$RUN/master.pid"; }
smtp_pid() { read_pid "$D/smtp.pid"; }

start_dovecot() {
  if alive "$(dovecot_pid)"; then say "dovecot already runs in $D"; return 0; fi
  # a crash leaves sockets and master.pid behind ("Socket already exists"): start clean
  rm -rf "$RUN"
  mkdir -p "$RUN"
  chmod 755 "$RUN"
  : > "$D/log/dovecot-start.log"
  # Dovecot's daemonized master keeps the stderr it was started with: give it a file
  if ! (exec_clean dovecot -c "$D/dovecot.conf") < /dev/null >> "$D/log/dovecot-start.log" 2>&1; then
    cat "$D/log/dovecot-start.log" >&2
    if grep -q 'Address already in use' "$D/log/dovecot-start.log"; then return 3; fi
    return 1
  fi
  local i
  for i in $(seq 200); do
    if port_open "$IMAP_PORT" && port_open "$IMAPS_PORT" && port_open "$LMTP_PORT"; then
      return 0
    fi
    sleep 0.05
  done
  tail -n 20 "$D/log/dovecot.log" >&2 || true
  say "dovecot did not open its ports"
  return 1
}

stop_dovecot() { stop_pid "$(dovecot_pid)" dovecot; }

start_smtp() {
  if alive "$(smtp_pid)"; then say "SMTP front end already runs in $D"; return 0; fi
  rm -f "$D/smtp.pid" "$D/smtp.pid.tmp"
  # `( exec … ) &`: $! is the python process itself, which writes $D/smtp.pid once listening
  (exec_clean "$PY" "$D/smtp_front.py" "$D/users" "$DOMAIN" "$D/smtp.pid" \
    "$D/tls/chain.pem" "$D/tls/key.pem" "$LMTP_PORT" "$SMTP_PORT" "$SMTPS_PORT") \
    < /dev/null >> "$D/log/smtp.log" 2>&1 &
  local pid=$! i rc
  for i in $(seq 400); do
    if [ -s "$D/smtp.pid" ]; then return 0; fi
    if ! alive "$pid"; then
      rc=0; wait "$pid" || rc=$?
      tail -n 5 "$D/log/smtp.log" >&2 || true
      if [ "$rc" = 3 ]; then return 3; fi
      return 1
    fi
    sleep 0.05
  done
  say "SMTP front end did not come up"
  stop_pid "$pid" "smtp front end"
  return 1
}

stop_smtp() {
  stop_pid "$(smtp_pid)" "smtp front end"
  rm -f "$D/smtp.pid"
}

# ---------------------------------------------------------------- commands

cmd_start() {
  [ "$(id -u)" = 0 ] || die "must run as root (Dovecot's master drops privileges per process)"
  install_packages
  case "$(dovecot --version)" in
    2.3.*) ;;
    *) die "dovecot $(dovecot --version) found; this configuration is Dovecot 2.3 syntax" ;;
  esac
  mkdir -p "$1"
  load_dir "$1"
  if [ -f "$D/mailstack.env" ]; then
    load_env
    if alive "$(dovecot_pid)" || alive "$(smtp_pid)"; then die "already running in $D"; fi
    case "$RUN" in /tmp/mailstack-run.*) rm -rf "$RUN" ;; esac
  fi
  settings_from_environment
  local p
  for p in "$IMAP_PORT" "$IMAPS_PORT" "$LMTP_PORT" "$SMTP_PORT" "$SMTPS_PORT"; do
    if port_open "$p"; then say "127.0.0.1:$p is already in use"; exit 3; fi
  done
  # mail processes run as nobody and must reach DIR/mail: every ancestor needs o+x
  # (mktemp -d and Rust's tempfile make 0700 directories)
  local a=$D
  while [ "$a" != / ]; do
    if [ -z "$(find "$a" -maxdepth 0 -perm -o+x)" ]; then chmod o+x "$a"; fi
    a=$(dirname "$a")
  done
  mkdir -p "$D/log" "$D/state" "$D/mail"
  chown "$MAIL_USER:$MAIL_GROUP" "$D/mail"
  write_certs
  write_users
  write_dovecot_conf
  write_smtp_front
  write_env
  local rc=0
  start_dovecot || rc=$?
  if [ "$rc" = 0 ]; then start_smtp || rc=$?; fi
  if [ "$rc" != 0 ]; then
    stop_smtp
    stop_dovecot
    say "start failed (logs in $D/log)"
    exit "$rc"
  fi
  say "up in $D: imap=$IMAP_PORT imaps=$IMAPS_PORT lmtp=$LMTP_PORT smtp=$SMTP_PORT smtps=$SMTPS_PORT"
}

cmd_stop() {
  if [ ! -f "$1/mailstack.env" ]; then say "nothing to stop in $1"; return 0; fi
  load_dir "$1"
  load_env
  stop_smtp
  stop_dovecot
  case "$RUN" in /tmp/mailstack-run.*) rm -rf "$RUN" ;; esac
  say "stopped $D"
}

cmd_status() {
  load_dir "$1"
  load_env
  local ok=0 pid
  pid=$(dovecot_pid)
  if alive "$pid"; then echo "dovecot: running (pid $pid) imap=$IMAP_PORT imaps=$IMAPS_PORT lmtp=$LMTP_PORT"
  else echo "dovecot: stopped"; ok=1; fi
  pid=$(smtp_pid)
  if alive "$pid"; then echo "smtp: running (pid $pid) smtp=$SMTP_PORT smtps=$SMTPS_PORT"
  else echo "smtp: stopped"; ok=1; fi
  return "$ok"
}

# one service of a running stack: stop-X / start-X
cmd_service() {
  local action=$1 service=$2 rc=0
  load_dir "$3"
  load_env
  "${action}_${service}" || rc=$?
  [ "$rc" = 0 ] || say "$action-$service failed"
  return "$rc"
}

if [ "${1:-}" = install ] && [ $# -eq 1 ]; then
  [ "$(id -u)" = 0 ] || have_packages || die "packages missing (${PKGS[*]}); run as root to install"
  install_packages
  exit 0
fi
[ $# -eq 2 ] || usage
case "$1" in
  start) cmd_start "$2" ;;
  stop) cmd_stop "$2" ;;
  status) cmd_status "$2" ;;
  env) load_dir "$2"; cat "$D/mailstack.env" ;;
  stop-dovecot) cmd_service stop dovecot "$2" ;;
  start-dovecot) cmd_service start dovecot "$2" ;;
  stop-smtp) cmd_service stop smtp "$2" ;;
  start-smtp) cmd_service start smtp "$2" ;;
  *) usage ;;
esac
