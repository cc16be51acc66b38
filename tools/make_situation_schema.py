"""Write lawkit/schemas/situation.schema.json (and the copy in scenarios.schema.json) from laws/record.yaml.

    .venv/bin/python tools/make_situation_schema.py

Run it after changing laws/record.yaml; tests/test_situation_schema.py fails until the shipped schema
matches what record.yaml says.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

import lawkit  # noqa: E402
from lawkit.rules.engine import Engine  # noqa: E402
from lawkit.rules.record import situation_schema  # noqa: E402


def main() -> None:
    schema = situation_schema(Engine(lawkit.load(REPO / "laws")).model.vocabulary)
    schemas = REPO / "lawkit" / "schemas"
    (schemas / "situation.schema.json").write_text(json.dumps(schema, indent=2, ensure_ascii=False) + "\n", "utf-8")
    scenarios_path = schemas / "scenarios.schema.json"
    scenarios = json.loads(scenarios_path.read_text("utf-8"))
    scenarios.setdefault("$defs", {})["situation"] = {k: v for k, v in schema.items()
                                                      if k not in ("$schema", "$id", "title")}
    scenarios_path.write_text(json.dumps(scenarios, indent=1, ensure_ascii=False) + "\n", "utf-8")


if __name__ == "__main__":
    main()
