#!/usr/bin/env bash
# Install the test tools and run every test: engine unit tests (tests/) and the
# site tests in headless Chromium (e2e/). Extra arguments go to pytest.
#
#   bash test.sh            # everything
#   bash test.sh -k board   # a subset
#
# Uses Debian's /usr/bin/chromium (installed with apt-get if missing); never
# `playwright install`. Set PYTHON to choose the interpreter (default python3).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_ROOT_USER_ACTION=ignore

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
apt_install() {
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

if [ ! -x /usr/bin/chromium ]; then
  echo "[test] installing Debian's chromium"
  apt_install chromium
fi

PY="${PYTHON:-python3}"
"$PY" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
  || { echo "[test] $PY is older than Python 3.11" >&2; exit 2; }

# Debian's own python3 refuses `pip install` outside a virtual environment (PEP 668):
# there, and wherever pip is missing, use a private .venv instead.
externally_managed() {
  "$PY" - <<'PYEOF'
import os, sys, sysconfig
marker = os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED")
sys.exit(0 if sys.prefix == sys.base_prefix and os.path.exists(marker) else 1)
PYEOF
}
if ! "$PY" -m pip --version >/dev/null 2>&1 || externally_managed; then
  if [ ! -x .venv/bin/python ]; then
    echo "[test] creating .venv"
    if ! "$PY" -m venv .venv; then
      apt_install python3-venv
      rm -rf .venv
      "$PY" -m venv .venv
    fi
  fi
  PY=.venv/bin/python
fi

echo "[test] installing the test tools (pip install -e '.[test]')"
"$PY" -m pip install -q -e '.[test]'
"$PY" build.py
echo "[test] running pytest"
exec "$PY" -m pytest "$@"
