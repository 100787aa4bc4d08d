"""make bench-compare: convertd's engine, pydantic v2, msgspec and Swift Codable on the same payloads.

Checks first that they produce the same documents (compared as parsed JSON against convertd's
output), then measures them back to back in interleaved rounds so that every ratio comes from
one moment of this shared machine, and prints medians with their ranges.

Then what rules, unions and a profile cost a model (`features.py`), and the same for big documents (`arrays.py`): arrays generated from the payloads, through the
real `convertd convert` against pydantic's `TypeAdapter(list[Model])` and msgspec's
`Decoder(list[Model])`, and a 1 GB array for convertd's peak memory. Every target is printed
with `met` or `MISSED`.
"""

import argparse
import functools
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import msgspec
import pydantic
import pydantic_core

import arrays
import features
import msgspec_models
from jsondiff import differences, show
from models import MODELS, PLAIN_MODELS

ROOT = Path(__file__).resolve().parents[2]
PAYLOADS = [("user.json", "GithubUser"), ("weibo.json", "WeiboStatus")]
SYSTEMS = ["convertd", "pydantic", "pydantic-plain", "msgspec", "Codable"]
# The target is judged against the faster pydantic: the plain model, which skips the URL checks
# and leaves dates, gender codes and blank URLs as they come (its listed differences).
YARDSTICK = "pydantic-plain"
TARGET, GOAL = 8.0, 10.0
# msgspec's Structs (msgspec_models.py) check what msgspec can and leave the rest as pydantic-plain
# does; its round trip writes the keys as it read them (msgspec renames both ways).
MSGSPEC_TARGET = 3.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runner", type=Path, required=True, help="the CompareRunner executable (release build)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=2.0, help="length of each measurement")
    parser.add_argument("--convertd", type=Path, help="the convertd executable (release build) for the big documents")
    parser.add_argument("--huge-mb", type=int, default=1024, help="size of the array for the memory target (0: skip it)")
    parser.add_argument("--only", choices=["single", "features", "arrays"], help="run one part only")
    args = parser.parse_args()

    corpus = Path(os.environ.get("CONVERTD_CORPUS") or ROOT.parent / "shared" / "corpus")
    missing = [name for name, _ in PAYLOADS if not (corpus / name).is_file()]
    if missing:
        print(f"bench-compare skipped: {', '.join(missing)} not found in {corpus} "
              "(set CONVERTD_CORPUS or place the corpus at ../shared/corpus)")
        return 0

    systems = {
        "convertd": lambda path, model, seconds: runner_rate(args.runner, "engine", path, model, seconds),
        "pydantic": lambda path, model, seconds: pydantic_rate(MODELS[model], path, seconds),
        "pydantic-plain": lambda path, model, seconds: pydantic_rate(PLAIN_MODELS[model], path, seconds),
        "msgspec": lambda path, model, seconds: msgspec_rate(model, path, seconds),
        "Codable": lambda path, model, seconds: runner_rate(args.runner, "codable", path, model, seconds),
    }
    print(f"pydantic {pydantic.VERSION} (pydantic-core {pydantic_core.__version__}), msgspec {msgspec.__version__}, "
          f"Python {sys.version.split()[0]}")
    if args.only in (None, "single"):
        single_objects(args, corpus, systems)
    if args.only in (None, "features"):
        features.run(args.runner, corpus, ROOT, rounds=args.rounds, seconds=args.seconds)
    if args.only in (None, "arrays"):
        if args.convertd is None or not args.convertd.is_file():
            print(f"\nbig documents skipped: no convertd executable at {args.convertd} (pass --convertd, a release build)")
        else:
            arrays.run(args.runner, args.convertd, corpus, ROOT, rounds=args.rounds, huge_mb=args.huge_mb)
    return 0


def single_objects(args, corpus: Path, systems: dict) -> None:
    """The single-object round trips, interleaved, with their ratios and targets."""
    check_equivalence(args.runner, corpus)

    rates = {(name, system): [] for name, _ in PAYLOADS for system in SYSTEMS}
    for round_number in range(1, args.rounds + 1):
        for name, model in PAYLOADS:
            line = []
            for system in SYSTEMS:
                rate = systems[system](corpus / name, model, args.seconds)
                rates[(name, system)].append(rate)
                line.append(f"{system} {rate:,.0f}/s")
            print(f"round {round_number}/{args.rounds}  {name:<11} " + "   ".join(line), flush=True)
    print_table(rates, args.rounds, args.seconds)


def runner_output(runner: Path, contender: str, path: Path, model: str) -> bytes:
    """The document CompareRunner's `contender` makes of `path`."""
    return subprocess.run([runner, "convert", contender, model, path], check=True, capture_output=True).stdout


def runner_rate(runner: Path, contender: str, path: Path, model: str, seconds: float) -> float:
    """Conversions per second of `contender` in CompareRunner."""
    result = subprocess.run([runner, "rate", contender, model, path, str(seconds)], check=True, capture_output=True, text=True)
    return float(result.stdout)


def pydantic_convert(cls: type[pydantic.BaseModel], raw: bytes) -> str:
    """pydantic's round trip: validate the raw bytes, dump the normalized document."""
    return cls.model_validate_json(raw).model_dump_json(by_alias=True, exclude_unset=True)


def pydantic_rate(cls: type[pydantic.BaseModel], path: Path, seconds: float) -> float:
    """Conversions per second of pydantic's round trip, after a warm-up of a tenth of `seconds`."""
    dump = functools.partial(pydantic.BaseModel.model_dump_json, by_alias=True, exclude_unset=True)
    return round_trip_rate(cls.model_validate_json, dump, path.read_bytes(), seconds)


def msgspec_rate(model: str, path: Path, seconds: float) -> float:
    """Conversions per second of msgspec's round trip — the lax decoder's Struct encoded to JSON
    bytes — after a warm-up of a tenth of `seconds`."""
    return round_trip_rate(msgspec_models.decoder(model).decode, msgspec_models.ENCODER.encode, path.read_bytes(), seconds)


def round_trip_rate(read, write, raw: bytes, seconds: float) -> float:
    """Round trips per second, `write(read(raw))`, after a warm-up of a tenth of `seconds`; the
    two are called directly in the loop, so that no wrapper's call is timed with them."""

    def measure(duration: float) -> float:
        calls, batch = 0, 1
        start = time.perf_counter()
        while True:
            for _ in range(batch):
                write(read(raw))
            calls += batch
            elapsed = time.perf_counter() - start
            if elapsed >= duration:
                return calls / elapsed
            # Batches of about 10 ms: the clock is read rarely and the end is not overshot.
            batch = max(1, int(calls * 0.01 / elapsed))

    measure(seconds / 10)
    return measure(seconds)


def check_equivalence(runner: Path, corpus: Path) -> None:
    """Converts each payload with each of the others and lists every difference from convertd's
    output (msgspec's document with convertd's keys: `msgspec_models.document`)."""
    print("equivalence (parsed JSON, against convertd's output):")
    for name, model in PAYLOADS:
        path = corpus / name
        expected = json.loads(runner_output(runner, "engine", path, model))
        others = {
            "pydantic": json.loads(pydantic_convert(MODELS[model], path.read_bytes())),
            "pydantic-plain": json.loads(pydantic_convert(PLAIN_MODELS[model], path.read_bytes())),
            "msgspec": json.loads(msgspec_models.document(msgspec_models.decoder(model), path.read_bytes())),
            "Codable": json.loads(runner_output(runner, "codable", path, model)),
        }
        for system, document in others.items():
            found = differences(expected, document, "")
            verdict = "identical" if not found else f"{len(found)} difference(s)"
            print(f"  {name:<11} {system:<14} {verdict}")
            for pointer, ours, theirs in found:
                print(f"      {pointer or '/'}: convertd {show(ours)}, {system} {show(theirs)}")


def print_table(rates: dict, rounds: int, seconds: float) -> None:
    """Medians and ranges of the rates, and of the per-round ratios."""

    def summary(values: list, unit: str = "") -> str:
        if unit:
            return f"{statistics.median(values):.1f}{unit} ({min(values):.1f}–{max(values):.1f})"
        return f"{statistics.median(values):,.0f} ({min(values):,.0f}–{max(values):,.0f})"

    print(f"\nconversions per second, median (range) of {rounds} rounds of {seconds:g} s each:")
    others = SYSTEMS[1:]
    header = ["payload"] + SYSTEMS + [f"convertd/{system}" for system in others]
    rows = [header]
    ratios, msgspec_ratios = {}, {}
    for name, _ in PAYLOADS:
        engine = rates[(name, "convertd")]
        per_system = {system: [e / o for e, o in zip(engine, rates[(name, system)])] for system in others}
        ratios[name] = per_system[YARDSTICK]
        msgspec_ratios[name] = per_system["msgspec"]
        rows.append([name] + [summary(rates[(name, system)]) for system in SYSTEMS]
                    + [summary(per_system[system], "×") for system in others])
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    for row in rows:
        print("  " + "  ".join(cell.ljust(width) if i == 0 else cell.rjust(width) for i, (cell, width) in enumerate(zip(row, widths))))

    print("\npydantic: models equivalent to the schemas (URLs checked, dates, gender codes and blank URLs converted); "
          "pydantic-plain: the same fields and types with those left as text, no Python code per field; "
          "msgspec: pydantic-plain's fields and checks in msgspec Structs, lax (strict=False), less uint64's upper "
          "bound, writing the keys as read (msgspec's renames work both ways).")
    print(f"target: convertd ≥ {TARGET:g}× {YARDSTICK} on both payloads (goal {GOAL:g}×), on the median ratio:")
    for name, _ in PAYLOADS:
        ratio = statistics.median(ratios[name])
        target = "met" if ratio >= TARGET else "MISSED"
        goal = "reached" if ratio >= GOAL else "not reached"
        print(f"  {name:<11} {ratio:.1f}×  ≥ {TARGET:g}×: {target} (goal {GOAL:g}×: {goal})")
    print(f"target: convertd ≥ {MSGSPEC_TARGET:g}× msgspec on both payloads, one object in process, on the median ratio:")
    for name, _ in PAYLOADS:
        ratio = statistics.median(msgspec_ratios[name])
        print(f"  {name:<11} {ratio:.1f}×  ≥ {MSGSPEC_TARGET:g}×: {'met' if ratio >= MSGSPEC_TARGET else 'MISSED'}")


if __name__ == "__main__":
    sys.exit(main())
