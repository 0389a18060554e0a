#!/usr/bin/env bash
# Installs the Debian packages Rookclub needs beyond Python, only when missing:
#   - WeasyPrint's libraries (pango, harfbuzz-subset: several times faster PDF rendering)
#   - fonts for the printed sheets
#   - poppler-utils (pdftotext/pdftoppm: tests read the PDFs back)
#   - chromium (browser tests drive Debian's chromium through Playwright; never a downloaded browser)
#   - zbar-tools (zbarimg: the venue test reads a printed table card's QR code back)
#   - nginx (deploy/nginx.conf: the live pages' tests and bench/tuesday.py run it in front
#     of Django, as a child process with its own folder; the machine's own site is unused)
# Safe to run again: it does nothing when everything is present. Needs root (or sudo) to install.
set -euo pipefail

packages=(
  libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0
  fonts-dejavu-core fonts-liberation2
  poppler-utils
  chromium
  zbar-tools
  nginx
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "system packages: all present"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  sudo=""
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  sudo="sudo"
else
  echo "system packages missing and no root to install them: ${missing[*]}" >&2
  echo "install them with: sudo apt-get install ${missing[*]}" >&2
  echo "(tests that need them are skipped locally; CI installs them)" >&2
  exit 0
fi

echo "system packages: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "system packages: installed"
