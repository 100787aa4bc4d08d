"""Big documents for make bench-compare: top-level arrays through the real `convertd convert`.

Arrays of the corpus payloads (20,000 GitHub users, 1,000 Weibo statuses, each copy with its own
id) are written under `.build/bench-arrays/` at run time, never committed. In interleaved rounds:

- `convertd convert FILE > OUT`, OUT a file beside it, wall time of the whole process (start-up
  included), and of the same command on `[]` (the start-up alone);
- pydantic's round trip of the same bytes in this process, `TypeAdapter(list[Model]).validate_json`
  then `dump_json`, with the plain models (the yardstick of the single-object comparison);
- msgspec's, measured the same way: `msgspec.json.Decoder(list[Model], strict=False)` then
  `Encoder.encode` (msgspec_models.py: its keys written as read);
- convertd's single-object hot loop (CompareRunner `engine`) and the same array streamed in
  process (CompareRunner `stream`), for the per-item rate.

Then an array of about `huge_mb` MB is generated, converted by `convertd convert` with its peak
resident memory measured by GNU time (`/usr/bin/time -f %M`: its own small child, not a fork of
this process, whose memory a fork would count until the exec), and deleted.
"""

import json
import re
import statistics
import subprocess
import time
from pathlib import Path

from pydantic import TypeAdapter

import msgspec_models
from jsondiff import differences, show
from models import PLAIN_MODELS

# (corpus file, model, copies in the array)
ARRAYS = [("user.json", "GithubUser", 20_000), ("weibo.json", "WeiboStatus", 1_000)]
PYDANTIC_TARGET = 5.0  # convertd convert ≥ 5× pydantic-plain's list round trip, on each array
MSGSPEC_TARGET = 2.5  # convertd convert ≥ 2.5× msgspec's list round trip, on each array
PER_ITEM_TARGET = 0.8  # items/s of the streamed array ≥ 0.8× the single-object hot loop
PER_ITEM_ARRAY = "user.json"  # the 25 MB array the per-item target is about
RSS_TARGET_MB = 64  # peak resident memory of convertd convert on the 1 GB array, per job
JOBS_TARGET = 1.7  # convertd convert --jobs 2 against --jobs 1, on the user array and its NDJSON form
JOBS = 2
FIRST_ID = re.compile(rb'("id"\s*:\s*)(\d+)')
GNU_TIME = "/usr/bin/time"


def run(runner: Path, convertd: Path, corpus: Path, root: Path, rounds: int, huge_mb: int) -> None:
    """Measures and prints the big-document comparison and its targets."""
    directory = root / ".build" / "bench-arrays"
    directory.mkdir(parents=True, exist_ok=True)
    files = {name: write_array(corpus / name, directory, count) for name, _, count in ARRAYS}
    empty = directory / "empty.json"
    empty.write_bytes(b"[]\n")
    schemas = root / "schemas"

    print(f"\nbig documents: {', '.join(f'{p.name} ({p.stat().st_size / 1e6:.1f} MB)' for p in files.values())}")
    check(convertd, schemas, files)

    results = {name: {key: [] for key in ("cli", "startup", "pydantic", "msgspec", "hot", "stream")} for name, _, _ in ARRAYS}
    for round_number in range(1, rounds + 1):
        for name, model, count in ARRAYS:
            measured = results[name]
            measured["hot"].append(rate(runner, "engine", corpus / name, model, 1.0))
            measured["stream"].append(rate(runner, "stream", files[name], model, 2.0) * count)
            measured["startup"].append(statistics.median(wall(convertd, schemas, model, empty, directory) for _ in range(3)))
            measured["cli"].append(statistics.median(wall(convertd, schemas, model, files[name], directory) for _ in range(3)))
            measured["pydantic"].append(pydantic_seconds(model, files[name]))
            measured["msgspec"].append(msgspec_seconds(model, files[name]))
            print(f"round {round_number}/{rounds}  {files[name].name:<20} convertd convert {measured['cli'][-1] * 1e3:.0f} ms "
                  f"(start-up {measured['startup'][-1] * 1e3:.0f} ms)   pydantic-plain {measured['pydantic'][-1] * 1e3:.0f} ms   "
                  f"msgspec {measured['msgspec'][-1] * 1e3:.0f} ms   hot loop {measured['hot'][-1]:,.0f}/s   streamed in process {measured['stream'][-1]:,.0f}/s", flush=True)
    summarize(results, files, rounds)
    jobs(convertd, schemas, corpus, files, directory, rounds)
    (directory / "out.json").unlink(missing_ok=True)
    if huge_mb > 0:
        huge(convertd, schemas, corpus, directory, huge_mb)


def write_array(source: Path, directory: Path, count: int) -> Path:
    """`count` copies of the payload as one array (each with its first `"id"` counted up), made once."""
    target = directory / f"{source.stem}-{count}.json"
    if target.is_file() and target.stat().st_mtime >= source.stat().st_mtime:
        return target
    write_copies(source.read_bytes().strip(), target, count, source)
    return target


def write_copies(payload: bytes, target: Path, count: int, source: Path, lines: bool = False) -> None:
    """`count` copies of `payload` written to `target` as one array, each with its first `"id"`
    counted up from the payload's; with `lines`, as NDJSON, each copy on a line of its own (a
    JSON text holds no newline but between tokens, where a space does as well)."""
    if lines:
        payload = payload.replace(b"\n", b" ")
    match = FIRST_ID.search(payload)
    if match is None:
        raise SystemExit(f"{source} has no numeric \"id\" to vary")
    head, tail, first = payload[: match.start(2)], payload[match.end(2):], int(match.group(2))
    with target.open("wb") as out:
        out.write(b"" if lines else b"[")
        for index in range(count):
            if index:
                out.write(b"\n" if lines else b",\n")
            out.write(head + str(first + index).encode() + tail)
        out.write(b"\n" if lines else b"]\n")


def check(convertd: Path, schemas: Path, files: dict) -> None:
    """Converts each array with convertd, pydantic-plain and msgspec; lists where their first and
    last elements differ (as the single-object check does) and that every element came out.
    msgspec's elements are compared with convertd's keys (`msgspec_models.document`)."""
    print("equivalence (parsed JSON, first and last element, against convertd's output):")
    for name, model, count in ARRAYS:
        result = subprocess.run([convertd, "convert", "--schemas", schemas, "--schema", model, files[name]],
                                check=True, capture_output=True)
        ours = json.loads(result.stdout)
        raw = files[name].read_bytes()
        adapter = TypeAdapter(list[PLAIN_MODELS[model]])
        others = {
            "pydantic-plain": json.loads(adapter.dump_json(adapter.validate_json(raw), by_alias=True, exclude_unset=True)),
            "msgspec": json.loads(msgspec_models.document(msgspec_models.decoder(model, array=True), raw)),
        }
        for system, theirs in others.items():
            if len(ours) != count or len(theirs) != count:
                raise SystemExit(f"{files[name].name}: convertd gave {len(ours)} elements, {system} {len(theirs)}, of {count}")
            found = differences(ours[0], theirs[0], "/0") + differences(ours[-1], theirs[-1], f"/{count - 1}")
            print(f"  {files[name].name:<20} {system:<15} {count:,} elements; "
                  + ("identical" if not found else f"{len(found)} difference(s) in those two"))
            for pointer, mine, other in found:
                print(f"      {pointer}: convertd {show(mine)}, {system} {show(other)}")


def wall(convertd: Path, schemas: Path, model: str, path: Path, directory: Path, jobs: int | None = None) -> float:
    """Seconds `convertd convert` takes on `path`, from start to exit, its output to a file (as
    `> out.json` writes it; the file is emptied before the clock starts); with `jobs`, `--jobs`
    (else its default, the machine's cores)."""
    flags = ["--jobs", str(jobs)] if jobs else []
    with (directory / "out.json").open("wb") as out:
        start = time.perf_counter()
        subprocess.run([convertd, "convert", "--schemas", schemas, "--schema", model, *flags, path], check=True, stdout=out)
        return time.perf_counter() - start


def jobs(convertd: Path, schemas: Path, corpus: Path, files: dict, directory: Path, rounds: int) -> None:
    """`convertd convert --jobs 2` against `--jobs 1` on each array and its NDJSON form, start-up
    included, interleaved rounds; the outputs are compared byte for byte first."""
    print(f"\n--jobs {JOBS} against --jobs 1 (start-up included; median of 3 runs a round, {rounds} rounds):")
    forms = []
    for name, model, count in ARRAYS:
        lines = directory / f"{files[name].stem}.ndjson"
        if not lines.is_file() or lines.stat().st_mtime < (corpus / name).stat().st_mtime:
            write_copies((corpus / name).read_bytes().strip(), lines, count, corpus / name, lines=True)
        forms += [(files[name], model), (lines, model)]
    for path, model in forms:
        outputs = []
        for count in (1, JOBS):
            result = subprocess.run([convertd, "convert", "--schemas", schemas, "--schema", model, "--jobs", str(count), path],
                                    check=True, capture_output=True)
            outputs.append(result.stdout)
        if outputs[0] != outputs[1]:
            raise SystemExit(f"{path.name}: --jobs {JOBS} wrote other bytes than --jobs 1")
    ratios = {path.name: [] for path, _ in forms}
    for _ in range(rounds):
        for path, model in forms:
            one = statistics.median(wall(convertd, schemas, model, path, directory, jobs=1) for _ in range(3))
            many = statistics.median(wall(convertd, schemas, model, path, directory, jobs=JOBS) for _ in range(3))
            ratios[path.name].append(one / many)
            print(f"  {path.name:<24} --jobs 1 {one * 1e3:.0f} ms, --jobs {JOBS} {many * 1e3:.0f} ms: {one / many:.2f}×", flush=True)
    print("targets:")
    for path, _ in forms:
        ratio = statistics.median(ratios[path.name])
        aimed = path.stem.startswith("user")
        verdict = ("met" if ratio >= JOBS_TARGET else "MISSED") if aimed else "(no target)"
        print(f"  {path.name:<24} --jobs {JOBS} ≥ {JOBS_TARGET:g}× --jobs 1: {ratio:.2f}× {verdict}")


def rate(runner: Path, contender: str, path: Path, model: str, seconds: float) -> float:
    """Conversions of `path` per second by CompareRunner's `contender`."""
    result = subprocess.run([runner, "rate", contender, model, path, str(seconds)], check=True, capture_output=True, text=True)
    return float(result.stdout)


def pydantic_seconds(model: str, path: Path) -> float:
    """Median seconds of 3 round trips of the whole array through pydantic-plain, the file read before."""
    adapter = TypeAdapter(list[PLAIN_MODELS[model]])
    raw = path.read_bytes()
    adapter.dump_json(adapter.validate_json(raw), by_alias=True, exclude_unset=True)
    times = []
    for _ in range(3):
        start = time.perf_counter()
        adapter.dump_json(adapter.validate_json(raw), by_alias=True, exclude_unset=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def msgspec_seconds(model: str, path: Path) -> float:
    """Median seconds of 3 round trips of the whole array through msgspec (`Decoder(list[Model],
    strict=False)`, then `Encoder.encode` to JSON bytes), the file read before, as pydantic's."""
    decoder, encoder = msgspec_models.decoder(model, array=True), msgspec_models.ENCODER
    raw = path.read_bytes()
    encoder.encode(decoder.decode(raw))
    times = []
    for _ in range(3):
        start = time.perf_counter()
        encoder.encode(decoder.decode(raw))
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def summarize(results: dict, files: dict, rounds: int) -> None:
    """Medians (ranges) of the per-round figures, and the targets."""

    def summary(values: list, unit: str = "×", digits: int = 2) -> str:
        return f"{statistics.median(values):.{digits}f}{unit} ({min(values):.{digits}f}–{max(values):.{digits}f})"

    print(f"\nbig documents, median (range) of {rounds} rounds:")
    verdicts = []
    for name, _, count in ARRAYS:
        measured = results[name]
        versus_pydantic = [p / c for p, c in zip(measured["pydantic"], measured["cli"])]
        versus_msgspec = [m / c for m, c in zip(measured["msgspec"], measured["cli"])]
        per_item_total = [count / c / h for c, h in zip(measured["cli"], measured["hot"])]
        per_item = [count / (c - s) / h for c, s, h in zip(measured["cli"], measured["startup"], measured["hot"])]
        in_process = [r / h for r, h in zip(measured["stream"], measured["hot"])]
        print(f"  {files[name].name}: convertd convert {summary([c * 1e3 for c in measured['cli']], ' ms', 0)}, "
              f"of which start-up {summary([s * 1e3 for s in measured['startup']], ' ms', 0)}; "
              f"pydantic-plain {summary([p * 1e3 for p in measured['pydantic']], ' ms', 0)}, "
              f"msgspec {summary([m * 1e3 for m in measured['msgspec']], ' ms', 0)}")
        print(f"      convertd / pydantic-plain {summary(versus_pydantic, '×', 1)}, convertd / msgspec {summary(versus_msgspec, '×', 1)}")
        print(f"      items/s against the single-object hot loop: convertd convert {summary(per_item_total)}, "
              f"without its start-up {summary(per_item)}, streamed in process {summary(in_process)}")
        ratio = statistics.median(versus_pydantic)
        verdicts.append(f"  {files[name].name:<20} convertd convert ≥ {PYDANTIC_TARGET:g}× pydantic-plain: "
                        f"{ratio:.1f}× {'met' if ratio >= PYDANTIC_TARGET else 'MISSED'}")
        ratio = statistics.median(versus_msgspec)
        verdicts.append(f"  {files[name].name:<20} convertd convert ≥ {MSGSPEC_TARGET:g}× msgspec: "
                        f"{ratio:.1f}× {'met' if ratio >= MSGSPEC_TARGET else 'MISSED'}")
        if name == PER_ITEM_ARRAY:
            for label, values in (("convertd convert without its start-up", per_item), ("streamed in process", in_process),
                                  ("convertd convert, start-up included", per_item_total)):
                ratio = statistics.median(values)
                verdicts.append(f"  {files[name].name:<20} per-item rate ≥ {PER_ITEM_TARGET:g}× the hot loop, {label}: "
                                f"{ratio:.2f}× {'met' if ratio >= PER_ITEM_TARGET else 'MISSED'}")
    print("targets:")
    for verdict in verdicts:
        print(verdict)


def huge(convertd: Path, schemas: Path, corpus: Path, directory: Path, megabytes: int) -> None:
    """A `megabytes` MB array of users through convertd convert, its output to /dev/null (so it
    waits in the spool's temporary file): its peak resident memory."""
    payload = (corpus / "user.json").read_bytes().strip()
    count = max(1, megabytes * 1_000_000 // (len(payload) + 2))
    path = directory / f"huge-{megabytes}mb.json"
    try:
        write_copies(payload, path, count, corpus / "user.json")
        size = path.stat().st_size
        if not Path(GNU_TIME).is_file():
            print(f"\n{path.name}: skipped, {GNU_TIME} (GNU time, Debian's package time) is not installed")
            return
        for jobs in (1, JOBS):
            start = time.perf_counter()
            result = subprocess.run([GNU_TIME, "-f", "%M", convertd, "convert", "--schemas", schemas, "--schema", "GithubUser",
                                     "--jobs", str(jobs), path], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            seconds = time.perf_counter() - start
            peak_mb = int(result.stderr.strip().splitlines()[-1]) / 1024
            verdict = "met" if result.returncode == 0 and peak_mb < RSS_TARGET_MB * jobs else "MISSED"
            print(f"\n{path.name}: {size / 1e9:.2f} GB, {count:,} users; convertd convert --jobs {jobs} exit {result.returncode} "
                  f"in {seconds:.1f} s ({count / seconds:,.0f} users/s), peak resident memory {peak_mb:.1f} MB")
            print(f"  peak resident memory < {RSS_TARGET_MB} MB a job on a {size / 1e9:.1f} GB array: {peak_mb:.1f} MB {verdict}")
    finally:
        path.unlink(missing_ok=True)
