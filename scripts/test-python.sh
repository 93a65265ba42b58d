#!/usr/bin/env bash
# The Python package (python/) and the example notebook, as a user installs them: Debian's python3
# and packages (installed here when missing, as test.sh installs Chromium), a virtual environment
# that sees them (--system-site-packages), `pip install --no-build-isolation --no-index ./python`
# (which builds the shared library with Go), then the pytest suite and the notebook executed top to
# bottom. Without root (or apt) a missing package skips this outside CI and fails it in CI.
set -euo pipefail
cd "$(dirname "$0")/.."

debs="python3 python3-venv python3-pip python3-setuptools python3-wheel python3-numpy python3-matplotlib
  python3-pytest python3-networkx python3-tqdm python3-ipykernel jupyter-nbconvert"
missing=$(for p in $debs; do dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed' || echo "$p"; done)
if [ -n "$missing" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== installing $(echo $missing) (for the Python package's tests)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq --no-install-recommends $missing >/dev/null
  elif [ "${CI:-}" = true ]; then
    echo "== the Python tests need $(echo $missing), which cannot be installed here (not root or no apt-get)"; exit 1
  else
    echo "== skipping the Python tests: $(echo $missing) missing and cannot be installed here (not root or no apt-get)"; exit 0
  fi
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "== python: pip install ./python (a venv over Debian's packages)"
/usr/bin/python3 -m venv --system-site-packages "$tmp/venv"
"$tmp/venv/bin/pip" install -q --disable-pip-version-check --no-build-isolation --no-index ./python

echo "== python: pytest"
# From the tests' directory, so that the installed package is imported, not python/grundy.
(cd python/tests && "$tmp/venv/bin/python" -m pytest -q -p no:cacheprovider .)

echo "== python: examples/notebooks/tour.ipynb, executed"
# The notebook's kernel is this venv's python (a kernel spec in the venv, found first).
"$tmp/venv/bin/python" -m ipykernel install --sys-prefix --name python3 --display-name "Python 3 (grundy)" >/dev/null
MPLBACKEND=Agg PYDEVD_DISABLE_FILE_VALIDATION=1 "$tmp/venv/bin/python" -m nbconvert --to notebook --execute examples/notebooks/tour.ipynb \
  --output-dir "$tmp/notebook" --ExecutePreprocessor.timeout=600
