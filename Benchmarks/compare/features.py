"""What rules, unions and an output profile cost, for make bench-compare.

`Benchmarks/features/schemas/features.yaml` holds `Plain`, the bundled GithubUser, and
`Featured`, the same model with two of its properties unions (`company: "string | Company?"`,
`blog: "url | Link?"`) and two rules (one decided on the written text, one that runs its
program), written under the built-in profile `js`. user.json goes through both in CompareRunner's
engine, in interleaved rounds; the ratio of their rates is what the three features cost.
"""

import json
import statistics
import subprocess
from pathlib import Path

TARGET = 1.2  # Featured under `js` costs at most 1.2× Plain
PAYLOAD = "user.json"
SYSTEMS = [("Plain", []), ("Featured", ["--profile", "js"])]


def run(runner: Path, corpus: Path, root: Path, rounds: int, seconds: float) -> None:
    """Measures and prints the two rates, their ratio and the target."""
    schemas = root / "Benchmarks" / "features" / "schemas"
    payload = corpus / PAYLOAD
    print(f"\nrules, unions and a profile: {PAYLOAD} into {schemas.relative_to(root)}/features.yaml's models")
    check(runner, schemas, payload)
    rates = {model: [] for model, _ in SYSTEMS}
    for round_number in range(1, rounds + 1):
        for model, flags in SYSTEMS:
            result = subprocess.run([runner, "rate", "engine", model, payload, str(seconds), "--schemas", schemas, *flags],
                                    check=True, capture_output=True, text=True)
            rates[model].append(float(result.stdout))
        print(f"round {round_number}/{rounds}  " + "   ".join(f"{model} {rates[model][-1]:,.0f}/s" for model, _ in SYSTEMS), flush=True)
    costs = [plain / featured for plain, featured in zip(rates["Plain"], rates["Featured"])]
    for model, flags in SYSTEMS:
        values = rates[model]
        print(f"  {model + ' ' + ' '.join(flags):<24} {statistics.median(values):>10,.0f}/s ({min(values):,.0f}–{max(values):,.0f})")
    ratio = statistics.median(costs)
    print(f"target: Featured under js costs ≤ {TARGET:g}× Plain, on the median ratio of rates: "
          f"{ratio:.2f}× ({min(costs):.2f}–{max(costs):.2f}) {'met' if ratio <= TARGET else 'MISSED'}")


def check(runner: Path, schemas: Path, payload: Path) -> None:
    """Both models convert the payload, and to the same document but for what `js` changes (the
    uint64 `id` as a string): the rules hold and each union takes the branch of its input."""
    documents = {}
    for model, flags in SYSTEMS:
        result = subprocess.run([runner, "convert", "engine", model, payload, "--schemas", schemas, *flags],
                                check=True, capture_output=True)
        documents[model] = json.loads(result.stdout)
    featured = documents["Featured"]
    if featured.get("id") != str(documents["Plain"].get("id")):
        raise SystemExit(f"Featured under js wrote id {featured.get('id')!r}, not Plain's {documents['Plain'].get('id')} as a string")
    featured["id"] = documents["Plain"]["id"]
    if featured != documents["Plain"]:
        raise SystemExit("Featured and Plain converted user.json to different documents beyond the id")
    print("  Featured under js: Plain's document, its id as a string")
