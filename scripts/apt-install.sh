#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages of one list that are missing, with apt-get (through sudo when
# not root). Prints one line; apt's own output goes to LOG (its last lines are shown on failure).
# Usage: scripts/apt-install.sh LOG "what they are for" [--no-recommends] [--no-service PKG:UNIT] PACKAGE...
#   --no-recommends      install without Recommends (Chromium recommends printer setup and avahi)
#   --no-service P:U     when this run installs package P, stop and disable its system service U
#                        (the tests start their own sshd; a desktop needs no SSH server for them)
set -euo pipefail
log=$1 what=$2
shift 2
opts=() services=()
while [ $# -gt 0 ]; do
  case $1 in
    --no-recommends) opts+=(--no-install-recommends); shift ;;
    --no-service) services+=("$2"); shift 2 ;;
    *) break ;;
  esac
done
mkdir -p "$(dirname "$log")"

if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
  echo "System packages $what: this is not Debian or Ubuntu (no apt-get); install these with your package manager: $*" >&2
  exit 1
fi
missing=()
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "System packages $what: all present."
  exit 0
fi
sudo=""
[ "$(id -u)" = 0 ] || sudo=sudo
echo "System packages $what: installing ${missing[*]} with apt-get (log: $log)"
{
  echo "== $(date -u '+%Y-%m-%d %H:%M:%S') apt-get install ${opts[*]:-} ${missing[*]}"
  $sudo apt-get update -q &&
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${opts[@]}" "${missing[@]}"
} >>"$log" 2>&1 || {
  echo "apt-get failed; the last lines of $log:" >&2
  tail -n 20 "$log" >&2
  exit 1
}
for s in ${services[@]+"${services[@]}"}; do
  pkg=${s%%:*} unit=${s#*:}
  case " ${missing[*]} " in *" $pkg "*) ;; *) continue ;; esac
  # Only on a running systemd: in a container without one the package started nothing.
  if [ -d /run/systemd/system ] && command -v systemctl >/dev/null 2>&1; then
    $sudo systemctl disable --now "$unit" >>"$log" 2>&1 || true
    echo "  $pkg is there for the tests only: its service $unit is stopped and disabled."
  fi
done
